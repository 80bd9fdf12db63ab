/**
 * Every API operation the client calls, as data. Paths are templates relative to the service's base
 * path; parameters in braces are filled by `renderPath` (one encoder for every segment).
 */

/** Which base path a route hangs under. */
export type Service = "pipeline" | "deployment" | "root";

/** One API operation. */
export interface Route {
  /** What it does, in words, for error messages ("create endpoint"). */
  readonly operation: string;
  /** HTTP method. */
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  /** Base path it hangs under. */
  readonly service: Service;
  /** Path template relative to the base path. */
  readonly path: string;
  /** Creates, updates or deletes an endpoint (403 means "admin only" for restricted endpoints). */
  readonly endpointWrite?: boolean;
  /** A POST that is safe to repeat (token exchanges). */
  readonly idempotent?: boolean;
  /** Sent without a bearer token (the logins themselves). */
  readonly anonymous?: boolean;
  /** A login: a 404 means the URL does not answer as a login of the product, not a missing object. */
  readonly login?: boolean;
  /** Sent to the server's origin, without the path of the configured URL (as the vendor's own client). */
  readonly atOrigin?: boolean;
}

/** The route table. */
export const ROUTES = {
  // Authentication (on-premises flow).
  loginWithPassword: {
    operation: "log in with a user name and password",
    method: "POST",
    service: "root",
    path: "/csp/gateway/am/api/login?access_token",
    idempotent: true,
    anonymous: true,
    login: true,
  },
  exchangeRefreshToken: {
    operation: "exchange the refresh token for an access token",
    method: "POST",
    service: "root",
    path: "/iaas/api/login",
    idempotent: true,
    anonymous: true,
    login: true,
  },

  // Which generation the server is (./generation.ts), and the VCF Automation 9 sign-in.
  readAutomationConfig: {
    operation: "tell Aria Automation 8.x from VCF Automation 9",
    method: "GET",
    service: "root",
    path: "/automation/config.json",
    anonymous: true,
    atOrigin: true,
  },
  exchangeOrganizationToken: {
    operation: "exchange the refresh token for an access token of the organization",
    method: "POST",
    service: "root",
    path: "/tm/oauth/tenant/{organization}/token",
    idempotent: true,
    anonymous: true,
    login: true,
    atOrigin: true,
  },

  // Pipeline endpoints.
  getAbout: {
    operation: "read the pipeline API versions",
    method: "GET",
    service: "pipeline",
    path: "/about",
  },
  createEndpoint: {
    operation: "create endpoint",
    method: "POST",
    service: "pipeline",
    path: "/endpoints",
    endpointWrite: true,
  },
  listEndpoints: { operation: "list endpoints", method: "GET", service: "pipeline", path: "/endpoints" },
  getEndpoint: { operation: "read endpoint", method: "GET", service: "pipeline", path: "/endpoints/{id}" },
  updateEndpoint: {
    operation: "update endpoint",
    method: "PUT",
    service: "pipeline",
    path: "/endpoints/{id}",
    endpointWrite: true,
  },
  deleteEndpoint: {
    operation: "delete endpoint",
    method: "DELETE",
    service: "pipeline",
    path: "/endpoints/{id}",
    endpointWrite: true,
  },
  getEndpointByName: {
    operation: "read endpoint",
    method: "GET",
    service: "pipeline",
    path: "/endpoints/{project}/{name}",
  },
  updateEndpointByName: {
    operation: "update endpoint",
    method: "PUT",
    service: "pipeline",
    path: "/endpoints/{project}/{name}",
    endpointWrite: true,
  },
  deleteEndpointByName: {
    operation: "delete endpoint",
    method: "DELETE",
    service: "pipeline",
    path: "/endpoints/{project}/{name}",
    endpointWrite: true,
  },
  validateEndpoint: {
    operation: "validate endpoint",
    method: "POST",
    service: "pipeline",
    path: "/endpoint-validation",
    // A check that changes nothing: safe to send again after a 5xx or a lost answer.
    idempotent: true,
  },
  getEndpointTiles: {
    operation: "list endpoint types",
    method: "GET",
    service: "pipeline",
    path: "/endpoint-tiles",
  },
  getEndpointTile: {
    operation: "read endpoint type",
    method: "GET",
    service: "pipeline",
    path: "/endpoint-tiles/{type}",
  },
  getEndpointCertificate: {
    operation: "read the server certificate",
    method: "GET",
    service: "pipeline",
    path: "/endpoint-certificate",
  },
  exportEndpoint: {
    operation: "export endpoint",
    method: "GET",
    service: "pipeline",
    path: "/export",
  },

  // IaaS projects (endpoints name their project; check looks it up).
  listProjects: { operation: "list projects", method: "GET", service: "root", path: "/iaas/api/projects" },

  // Deployment resources.
  createResource: { operation: "create resource", method: "POST", service: "deployment", path: "/resources" },
  listResources: { operation: "list resources", method: "GET", service: "deployment", path: "/resources" },
  getResource: {
    operation: "read resource",
    method: "GET",
    service: "deployment",
    path: "/resources/{resourceId}",
  },
  getResourceFilters: {
    operation: "list resource filters",
    method: "GET",
    service: "deployment",
    path: "/resources/filters",
  },
  getResourceFilter: {
    operation: "read resource filter",
    method: "GET",
    service: "deployment",
    path: "/resources/filters/{filterId}",
  },
  getRequest: {
    operation: "read request",
    method: "GET",
    service: "deployment",
    path: "/requests/{requestId}",
  },
  cancelRequest: {
    operation: "cancel request",
    method: "POST",
    service: "deployment",
    path: "/requests/{requestId}",
    // Cancelling twice ends where cancelling once does (a cancelled request refuses with 409).
    idempotent: true,
  },
  deleteResource: {
    operation: "delete resource",
    method: "DELETE",
    service: "deployment",
    path: "/deployments/{deploymentId}/resources/{resourceId}",
  },
} as const satisfies Record<string, Route>;

/** The name of a route in {@link ROUTES}. */
export type RouteName = keyof typeof ROUTES;
