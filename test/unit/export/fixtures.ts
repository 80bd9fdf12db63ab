import { Endpoint } from "../../../provider/client/schemas";

/**
 * An endpoint as the server lists it: a Jenkins endpoint of Platform, with `overrides` (a
 * `description` may bear a create's owner mark), read by the client's schema as the client answers it.
 */
export const endpoint = (overrides: Record<string, unknown>): Endpoint =>
  Endpoint.parse({
    id: "id-1",
    name: "ci",
    type: "jenkins",
    project: "Platform",
    description: "",
    isRestricted: false,
    properties: {},
    ...overrides,
  });
