import type { EndpointProviderOptions } from "../endpoint/provider";
import type { OperationDeps } from "../deployment/api";
import { RESOURCE_KINDS } from "../registry/kinds";
import { dynamicDoor, type DynamicProvider } from "./door";

/*
 * The resource kinds of the provider core, each built over given dependencies and served through the
 * dynamic door: what the tests drive, exactly as the provider process runs them (./impl.ts serves the
 * process's own kinds the same way).
 */

/** The endpoint kind over `options`, as a dynamic provider. */
export function createEndpointProvider(options: EndpointProviderOptions): DynamicProvider {
  return dynamicDoor(RESOURCE_KINDS.endpoint.create(options));
}

/** The deployment-resource kind over `deps`, as a dynamic provider. */
export function createDeploymentResourceProvider(deps: () => OperationDeps): DynamicProvider {
  return dynamicDoor(RESOURCE_KINDS.deploymentResource.create(deps));
}
