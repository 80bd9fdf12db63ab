import type { TypedEndpoint } from "../endpoint/typed/common";
import { typeToken } from "../core/tokens";
import { RESOURCE_KINDS } from "./kinds";
import { TYPED_ENDPOINT_DECLARATIONS } from "../endpoint/typed/endpoints";

/*
 * The typed endpoints: each a kind over the endpoint kind (the plugin serves it as
 * `aria:index:<className>`, the dynamic door as a class over `Endpoint`), declared once in
 * ../endpoint/typed/endpoints.ts with `defineTypedEndpoint`.
 */

/** Every typed endpoint, by endpoint type (the plugin's kinds and schema, and `aria-export`, read it). */
export const TYPED_ENDPOINTS: ReadonlyMap<string, TypedEndpoint> = new Map(
  TYPED_ENDPOINT_DECLARATIONS.map((typed) => [typed.type, typed] as const),
);

/** The door a stored endpoint resource came through: the dynamic resources or the plugin. */
export type Door = "dynamic" | "plugin";

/**
 * Every type an endpoint resource is stored under, with its door: the dynamic door's one type (typed
 * classes are layers over `Endpoint`), the plugin's `aria:index:Endpoint` and each typed endpoint's.
 * The one answer to "is this an endpoint?", for `aria-reconcile` and the policy pack.
 */
export const ENDPOINT_TYPES: ReadonlyMap<string, Door> = new Map([
  [RESOURCE_KINDS.endpoint.dynamicType, "dynamic"],
  [RESOURCE_KINDS.endpoint.token, "plugin"],
  ...[...TYPED_ENDPOINTS.values()].map((typed) => [typeToken(typed.className), "plugin"] as const),
]);

/** True for the type of an endpoint resource, through either door (see {@link ENDPOINT_TYPES}). */
export function isEndpointType(type: string): boolean {
  return ENDPOINT_TYPES.has(type);
}
