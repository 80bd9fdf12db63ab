import type { Endpoint } from "../../../provider/client/schemas";

/** An endpoint as the server lists it: a Jenkins endpoint of Platform, with `overrides`. */
export const endpoint = (overrides: Partial<Endpoint>): Endpoint =>
  ({
    id: "id-1",
    name: "ci",
    type: "jenkins",
    project: "Platform",
    description: "",
    isRestricted: false,
    properties: {},
    ...overrides,
  }) as Endpoint;
