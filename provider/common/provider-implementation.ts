/**
 * What each resource kind implements: the provider core's lifecycle (../core/kind.ts), served by the
 * dynamic door (../dynamic) and the plugin door alike.
 */
export type { ResourceKind as ProviderImplementation } from "../core/kind";
