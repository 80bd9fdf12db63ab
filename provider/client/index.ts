/**
 * The typed client of the Aria Automation API (pipeline endpoints, deployment resources). Layers:
 * transport (undici, retries) → auth (tokens) → route table and caller → `AriaClient` methods.
 */
export { AriaClient, createClient, DEFAULT_PAGE_SIZE } from "./client";
export type {
  EndpointListQuery,
  ResourceFilterQuery,
  ResourceListAllQuery,
  ResourceListQuery,
} from "./queries";
export {
  clientConfigFrom,
  resolveClientConfig,
  CONFIG_ENV_NAMES,
  DEFAULT_API_TIMEOUT_SECONDS,
  DEFAULT_PIPELINE_BASE_PATH,
} from "./config";
export type { ClientConfig, ConfigKey, Credentials } from "./config";
export { AriaConfigError } from "./config-error";
export { isPipelinesUnavailable, PipelinesUnavailableError } from "./generation";
export type { ServerGeneration } from "./generation";
export type { ConfigIssue } from "./config-error";
export { API_ERROR_CODES, AriaApiError, isAriaApiError } from "./errors";
export type { AriaApiErrorDetails, AriaErrorCode } from "./errors";
export { encodePathSegment } from "./paths";
export { DEFAULT_RETRY_POLICY } from "./retry-policy";
export type { RetryPolicy } from "./retry-policy";
export * from "./schemas";
