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
export type { JsonValue } from "./endpoint/schema";
export type { TypedEndpointArgs } from "./dynamic/typed-endpoint";

// ---- Endpoint lookups ------------------------------------------------------------------------
export { endpointFilter } from "./endpoint/lookups";
export type { LookupInputs, LookupOptions, LookupOutputOptions } from "./endpoint/lookups";

// ---- Deployment resources and their lookups --------------------------------------------------
export { DeploymentResource } from "./dynamic/deployment-resource";
export type { DeploymentResourceArgs } from "./dynamic/deployment-resource";
export {
  DEFAULT_POLL_INTERVAL_MAX_SECONDS,
  DEFAULT_WAIT_TIMEOUT_SECONDS,
  MAX_WAIT_TIMEOUT_SECONDS,
} from "./deployment/schema";

// ---- The typed endpoints and every data function, from the registry ---------------------------
// BEGIN GENERATED: public surface (npm run gen)
export * from "./dynamic/generated/typed-endpoints";
export * from "./dynamic/generated/data-functions";
export * from "./dynamic/generated/types";
export type { GetEndpointArgs } from "./endpoint/lookups";
export type { About, Tile } from "./endpoint/catalog-lookups";
export type { GetResourceResult } from "./deployment/lookups";
// END GENERATED: public surface

// ---- What the lookups return, as the API describes it -----------------------------------------
export type {
  ApiDescription,
  Certificate,
  Resource,
  ResourceFilter,
  FilterEntry,
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
