import type { ResourceKind } from "../core/kind";
import { endpointProvider } from "../endpoint/provider";
import { deploymentResourceProvider } from "../deployment/provider";
import { typedEndpointKind } from "../endpoint/typed/kind";
import { TYPED_ENDPOINT_CLASSES } from "../endpoint/typed/registry";

/*
 * The resource types the plugin serves, each a resource kind of the provider core over the plugin
 * process's client (configured by the engine's Configure). The TypeScript classes of the same names
 * are the dynamic door's view of the same kinds; the typed endpoints come from the same registry the
 * schema (./schema.ts) and `aria-export` use.
 */

/** A resource type of the plugin. */
export interface PluginResource {
  /** The core's kind. */
  readonly kind: ResourceKind;
  /** Whether `name` defaults to the resource's name, as in the TypeScript classes. */
  readonly nameFromResource: boolean;
}

/** Every resource type of the plugin, by token. */
export function pluginResources(): ReadonlyMap<string, PluginResource> {
  const resources = new Map<string, PluginResource>([
    ["aria:index:Endpoint", { kind: endpointProvider, nameFromResource: true }],
    ["aria:index:DeploymentResource", { kind: deploymentResourceProvider, nameFromResource: false }],
  ]);
  for (const typed of TYPED_ENDPOINT_CLASSES.values()) {
    resources.set(`aria:index:${typed.className}`, {
      kind: typedEndpointKind(typed, endpointProvider),
      nameFromResource: true,
    });
  }
  return resources;
}
