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

/** The server's Jenkins endpoint `ci` of Platform (id `j`), its password masked as the server answers. */
export const jenkinsEndpoint = (): Endpoint =>
  endpoint({
    id: "j",
    properties: { url: "https://jenkins.example.com", username: "ci", password: "*****", pollInterval: 15 },
  });

/** The server's restricted Bamboo endpoint of Payments (id `b`), `properties` added to its own. */
export const bambooEndpoint = (properties: Record<string, unknown>): Endpoint =>
  endpoint({
    id: "b",
    name: "Bamboo – prod",
    type: "bamboo",
    project: "Payments",
    description: 'It\'s "quoted"',
    isRestricted: true,
    properties: { url: "https://bamboo.example.com", password: "*****", ...properties },
  });

/** The server's Jira endpoint (id `v`), whose password is a variable reference. */
export const jiraEndpoint = (): Endpoint =>
  endpoint({
    id: "v",
    name: "jira",
    type: "jira",
    properties: { url: "https://jira.example.com", password: "${var.JIRA_PASSWORD}" },
  });
