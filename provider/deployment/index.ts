/**
 * Deployment resources: the {@link DeploymentResource} resource and the lookups of resources and
 * resource filters.
 */
export { DeploymentResource } from "./resource";
export type { DeploymentResourceArgs } from "./resource";
export {
  DEFAULT_POLL_INTERVAL_MAX_SECONDS,
  DEFAULT_WAIT_TIMEOUT_SECONDS,
  MAX_WAIT_TIMEOUT_SECONDS,
} from "./schema";
export type {
  DeploymentResourceInputs,
  DeploymentResourceState,
  GetResourceArgs,
  GetResourceFilterArgs,
  GetResourceFiltersArgs,
  GetResourcesArgs,
} from "./schema";
export {
  getResource,
  getResourceOutput,
  getResources,
  getResourcesOutput,
  getResourceFilters,
  getResourceFiltersOutput,
  getResourceFilter,
  getResourceFilterOutput,
} from "./lookups";
export type {
  GetResourceResult,
  GetResourcesResult,
  GetResourceFiltersResult,
  GetResourceFilterResult,
} from "./lookups";
