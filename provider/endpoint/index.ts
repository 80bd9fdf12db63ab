/**
 * Pipeline endpoints: the generic `Endpoint` resource, typed resources for the common endpoint
 * types, and data functions. The provider implementation (`./provider`) is not exported: it is
 * loaded by the serialised stub inside the provider process.
 */
export { Endpoint } from "./resource";
export type { EndpointArgs, EndpointPropertyInputs } from "./resource";
export type { JsonValue } from "./schema";
export * from "./typed";
export { endpointFilter, getEndpoint, getEndpointOutput, getEndpoints, getEndpointsOutput } from "./lookups";
export type {
  EndpointInfo,
  GetEndpointArgs,
  GetEndpointsArgs,
  GetEndpointsResult,
  LookupInputs,
} from "./lookups";
export * from "./catalog-lookups";
