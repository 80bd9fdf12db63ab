/**
 * pulumi-aria: VMware Aria Automation pipeline endpoints and deployment resources as Pulumi
 * resources, with lookups ("data functions") for endpoints, tiles, certificates, resources and
 * resource filters.
 *
 * This list is the package's public surface: every value a program can use and every type a
 * user's editor shows for them. Anything not listed here is internal and may change.
 */

// ---- Pipeline endpoints: the generic resource and its typed layers --------------------------
export { Endpoint } from "./dynamic/endpoint";
export type { EndpointArgs, EndpointPropertyInputs } from "./dynamic/endpoint";
export type { EndpointMetadata, JsonValue } from "./endpoint/schema";
export {
  AgentEndpoint,
  DockerEndpoint,
  DockerRegistryEndpoint,
  EmailEndpoint,
  GerritEndpoint,
  GitEndpoint,
  JenkinsEndpoint,
  JiraEndpoint,
  KubernetesEndpoint,
} from "./dynamic/typed-endpoint-classes";
export type {
  AgentEndpointArgs,
  DockerEndpointArgs,
  DockerRegistryEndpointArgs,
  EmailEndpointArgs,
  GerritEndpointArgs,
  GitEndpointArgs,
  JenkinsEndpointArgs,
  JiraEndpointArgs,
  KubernetesEndpointArgs,
  TypedEndpointArgs,
} from "./dynamic/typed-endpoint-classes";

// ---- Endpoint lookups ------------------------------------------------------------------------
export {
  endpointFilter,
  getEndpoint,
  getEndpointOutput,
  getEndpoints,
  getEndpointsOutput,
} from "./endpoint/lookups";
export type {
  EndpointInfo,
  GetEndpointArgs,
  GetEndpointsArgs,
  GetEndpointsResult,
  LookupInputs,
  LookupOptions,
  LookupOutputOptions,
} from "./endpoint/lookups";
export {
  getAbout,
  getAboutOutput,
  getEndpointCertificate,
  getEndpointCertificateOutput,
  getEndpointTile,
  getEndpointTileOutput,
  getEndpointTiles,
  getEndpointTilesOutput,
  validateEndpoint,
  validateEndpointOutput,
} from "./endpoint/catalog-lookups";
export type {
  GetEndpointCertificateArgs,
  GetEndpointCertificateResult,
  GetEndpointTileArgs,
  ValidateEndpointArgs,
  ValidateEndpointResult,
} from "./endpoint/catalog-lookups";

// ---- Deployment resources and their lookups --------------------------------------------------
export { DeploymentResource } from "./dynamic/deployment-resource";
export type { DeploymentResourceArgs } from "./dynamic/deployment-resource";
export {
  DEFAULT_POLL_INTERVAL_MAX_SECONDS,
  DEFAULT_WAIT_TIMEOUT_SECONDS,
  MAX_WAIT_TIMEOUT_SECONDS,
} from "./deployment/schema";
export type {
  DeploymentResourceInputs,
  DeploymentResourceState,
  GetResourceArgs,
  GetResourceFilterArgs,
  GetResourceFiltersArgs,
  GetResourcesArgs,
} from "./deployment/schema";
export {
  getResource,
  getResourceFilter,
  getResourceFilterOutput,
  getResourceFilters,
  getResourceFiltersOutput,
  getResourceOutput,
  getResources,
  getResourcesOutput,
} from "./deployment/lookups";
export type {
  GetResourceFilterResult,
  GetResourceFiltersResult,
  GetResourceResult,
  GetResourcesResult,
} from "./deployment/lookups";

// ---- What the lookups return, as the API describes it -----------------------------------------
export type {
  About,
  ApiDescription,
  Certificate,
  Resource,
  ResourceFilter,
  FilterEntry,
  Tile,
  TileProperty,
  ValidationResult,
} from "./client/schemas";

// ---- Errors: what a program can catch and branch on --------------------------------------------
// From their own modules, not the client's index: a program that declares resources and looks
// nothing up never loads the HTTP client.
export { AriaApiError, isAriaApiError, API_ERROR_CODES } from "./client/errors";
export { AriaConfigError } from "./client/config-error";
export { isPipelinesUnavailable, PipelinesUnavailableError } from "./client/generation";
export type { ServerGeneration } from "./client/generation";
export type { AriaApiErrorDetails, AriaErrorCode } from "./client/errors";
export type { ConfigIssue } from "./client/config-error";
