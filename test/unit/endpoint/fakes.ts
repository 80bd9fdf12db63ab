import type { EndpointApi } from "../../../provider/endpoint/api";
import { createApiError } from "../../../provider/client/errors";
import type { AriaErrorCode } from "../../../provider/client/errors";
import { Endpoint, type Tiles } from "../../../provider/client";

/** A small tile catalogue in the server's shape. */
export const TILES: Tiles = {
  tiles: [
    {
      tileId: "jenkins",
      displayName: "Jenkins",
      inputProperties: {
        url: { type: "String", description: "URL of the Jenkins server.", mandatory: true },
        username: { type: "String", mandatory: false },
        password: { type: "String", mandatory: false, secret: true },
        pollInterval: { type: "Integer", mandatory: false },
        fingerprint: { type: "String", mandatory: false },
      },
      outputProperties: {},
    },
    {
      tileId: "k8s",
      displayName: "Kubernetes",
      inputProperties: {
        kubernetesURL: { type: "String", mandatory: true },
        authType: { type: "String", mandatory: true },
        token: { type: "String", mandatory: true, secret: true },
      },
      outputProperties: {},
    },
    {
      tileId: "agent",
      inputProperties: { leMansAgent: { type: "String", mandatory: true } },
      outputProperties: {},
    },
  ],
};

/**
 * The Kubernetes tile with the fields of every auth type, the allowed auth types only in the
 * description, as servers publish them.
 */
export const KUBERNETES_TILE: Tiles["tiles"][number] = {
  tileId: "k8s",
  inputProperties: {
    kubernetesURL: { type: "String", mandatory: true },
    authType: { type: "String", mandatory: true, description: "One of: certificate, basicAuth, token." },
    userName: { type: "String", mandatory: false },
    password: { type: "String", mandatory: false, secret: true },
    token: { type: "String", mandatory: false, secret: true },
    certData: { type: "String", mandatory: false },
    certKeyData: { type: "String", mandatory: false, secret: true },
  },
  outputProperties: {},
};

/** The server's projects, as the IaaS API lists them. */
export const PROJECTS = [
  { id: "proj-1", name: "Platform", description: "" },
  { id: "proj-2", name: "Default Project", description: "" },
];

/** An API failure as the client raises it. */
export function apiError(code: AriaErrorCode, status?: number, extra: { cause?: unknown } = {}): Error {
  return createApiError({
    operation: "test operation",
    method: "POST",
    path: "/pipeline/api/endpoints",
    status,
    code: status === undefined ? code : undefined,
    cause: extra.cause,
  });
}

/**
 * What a program declares for the endpoint apiEndpoint() answers: the server masks the password and
 * does not list pollInterval, which only the declaration holds.
 */
export const DECLARED_ENDPOINT = {
  name: "ci",
  type: "jenkins",
  project: "Platform",
  description: "",
  isRestricted: false,
  properties: { url: "https://jenkins.example.com", pollInterval: 10 },
  secretProperties: { password: "s3cret" },
};

/** A stored endpoint as the server answers it. */
/**
 * An endpoint as the client answers it: the server's JSON (`overrides` too: a `description` may bear
 * a create's owner mark) read by the client's schema.
 */
export function apiEndpoint(overrides: Record<string, unknown> = {}): Endpoint {
  return Endpoint.parse({
    id: "ep-1",
    name: "ci",
    type: "jenkins",
    project: "Platform",
    _projectId: "proj-1",
    description: "",
    isRestricted: false,
    properties: { url: "https://jenkins.example.com", password: "*****" },
    _link: "/pipeline/api/endpoints/ep-1",
    createdAt: "2024-01-01 10:00:00.000000+00",
    updatedAt: "2024-01-01 10:00:00.000000+00",
    createdBy: "admin",
    updatedBy: "admin",
    ...overrides,
  });
}

/** Every method of the API as a jest mock; unset ones fail the test when called. */
export function fakeApi(
  overrides: Partial<Record<keyof EndpointApi, jest.Mock>> = {},
): EndpointApi & Record<keyof EndpointApi, jest.Mock> {
  const names: (keyof EndpointApi)[] = [
    "createEndpoint",
    "getEndpoint",
    "getEndpointByName",
    "listEndpoints",
    "listAllEndpoints",
    "updateEndpoint",
    "deleteEndpoint",
    "validateEndpoint",
    "getEndpointTiles",
    "getEndpointTile",
    "getEndpointCertificate",
    "getAbout",
    "listAllProjects",
  ];
  const api = {} as Record<keyof EndpointApi, jest.Mock>;
  for (const name of names) {
    api[name] =
      overrides[name] ??
      jest.fn(async () => {
        throw new Error(`unexpected API call: ${name}`);
      });
  }
  return api as EndpointApi & Record<keyof EndpointApi, jest.Mock>;
}
