import type { ResourceKind } from "../core/kind";
import { RESOURCE_KINDS, TYPED_ENDPOINTS } from "../registry";
import { typedEndpointKind } from "./typed-endpoint-kind";
import { typeToken } from "../core/tokens";

/*
 * The resource types the plugin serves, each a resource kind of the provider core over the plugin
 * process's client (configured by the engine's Configure): the registry's kinds, and its typed
 * endpoints over the endpoint kind. The TypeScript classes of the same names are the dynamic door's
 * view of the same kinds; the schema (./schema.ts) and `aria-export` read the same registry.
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
  const resources = new Map<string, PluginResource>();
  for (const declaration of Object.values(RESOURCE_KINDS)) {
    resources.set(declaration.token, {
      kind: declaration.process(),
      nameFromResource: declaration.nameFromResource,
    });
  }
  const endpoint = RESOURCE_KINDS.endpoint;
  for (const typed of TYPED_ENDPOINTS.values()) {
    resources.set(typeToken(typed.className), {
      kind: typedEndpointKind(typed, endpoint.process()),
      nameFromResource: endpoint.nameFromResource,
    });
  }
  return resources;
}
