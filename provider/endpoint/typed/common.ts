import { z } from "zod";
import { isSecret, isUnknown, secret } from "../../core/values";
import { EndpointInputs, EndpointProperties } from "../schema";

/*
 * Shared by the typed endpoints (./endpoints.ts): each declares its inputs once, as zod, with its secret
 * inputs marked `.meta({ description, secret: true })`; `defineTypedEndpoint` derives which inputs are
 * plain properties and which are secrets, and this module routes them into the generic endpoint's inputs.
 * Secrets can then never land in the plain `properties` bag by mistake. Each type's secret inputs are
 * exactly the secrets of its type by the secrets policy (../../core/secrets.ts;
 * test/unit/core/secrets.test.ts holds them to it).
 */

/**
 * The inputs every typed endpoint takes besides its type-specific properties, as zod, for the provider
 * plugin's schema: the generic endpoint's inputs but its type and property bags (`name` optional: the
 * resource name is the default), plus the escape hatch (the dynamic door's `TypedEndpointArgs`;
 * test/unit/plugin holds the two to the same keys).
 */
export const TypedEndpointCommonInputs = EndpointInputs.omit({
  type: true,
  properties: true,
  secretProperties: true,
})
  .partial({ name: true })
  .extend({
    additionalProperties: EndpointProperties.optional().describe(
      "Further non-secret properties of the type that have no typed input here.",
    ),
    additionalSecretProperties: EndpointProperties.optional().describe(
      "Further secret properties of the type that have no typed input here.",
    ),
  });

/** One typed endpoint: its resource name, its endpoint type, and its inputs, plain and secret. */
export interface TypedEndpoint<S extends z.ZodObject = z.ZodObject> {
  /** The resource's name (`JenkinsEndpoint`): the class's, and the plugin's `aria:index:<className>`. */
  readonly className: string;
  /** The endpoint type (tile id). */
  readonly type: string;
  /** What it is, without an article (`Git repository endpoint`): the class's docs are made of it. */
  readonly title: string;
  /** What the endpoint's server does for a pipeline, when the title does not say it. */
  readonly about?: string;
  /** The zod schema of the typed inputs (described; secret ones marked): their single declaration. */
  readonly inputs: S;
  /** Inputs sent as plain properties, in the schema's order. */
  readonly plain: readonly string[];
  /** Inputs sent as secret properties (marked `secret: true` in the schema), in the schema's order. */
  readonly secret: readonly string[];
}

/** Whether a zod schema is marked secret (`.meta({ secret: true })`, as the plugin's schema reads it). */
function markedSecret(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.secret === true;
}

/**
 * Declares a typed endpoint (./endpoints.ts): its inputs, given as a zod shape, become a strict
 * object (an unknown input is an error), and its plain and secret inputs come from the shape's
 * `secret` marks. The class name and type stay literal types, so each declaration keeps its own.
 */
export function defineTypedEndpoint<
  const C extends string,
  const T extends string,
  Shape extends Record<string, z.ZodType>,
>(definition: {
  readonly className: C;
  readonly type: T;
  readonly title: string;
  readonly about?: string;
  readonly inputs: Shape;
}): TypedEndpoint<z.ZodObject<Shape, z.core.$strict>> & { readonly className: C; readonly type: T } {
  const keys = Object.keys(definition.inputs);
  const secretKeys = keys.filter((key) => markedSecret(definition.inputs[key]));
  return {
    ...definition,
    inputs: z.strictObject(definition.inputs),
    plain: keys.filter((key) => !secretKeys.includes(key)),
    secret: secretKeys,
  };
}

/** The inputs every typed endpoint takes besides its typed properties and the two escape hatches. */
export const COMMON_INPUTS = [
  "name",
  "project",
  "description",
  "isRestricted",
  "cloudProxyId",
  "validate",
  "adopt",
] as const;

/** The inputs among `keys` that are set. */
function pick(inputs: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => inputs[key] !== undefined).map((key) => [key, inputs[key]]));
}

/**
 * A property bag's entries, and whether it is secret as a whole (`fn::secret` over it); undefined
 * for a value that is no bag.
 */
function bagEntries(value: unknown): { entries: Record<string, unknown>; secretBag: boolean } | undefined {
  const secretBag = isSecret(value);
  const whole = secretBag ? value.value : value;
  if (whole === null || typeof whole !== "object" || Array.isArray(whole)) return undefined;
  return { entries: whole as Record<string, unknown>, secretBag };
}

/**
 * An escape-hatch bag with the typed inputs over it; a bag unknown in a preview stays unknown. A bag
 * secret as a whole makes each of its entries secret.
 */
function bag(hatch: unknown, typed: Record<string, unknown>): unknown {
  if (isUnknown(hatch)) return hatch;
  const found = bagEntries(hatch);
  const extra = !found
    ? {}
    : found.secretBag
      ? Object.fromEntries(Object.entries(found.entries).map(([key, value]) => [key, secret(value)]))
      : found.entries;
  // Typed inputs win over the escape hatch when both name a property.
  return { ...extra, ...typed };
}

/**
 * The one routing of a typed endpoint's inputs into the generic endpoint's: its plain inputs and
 * `additionalProperties` into `properties`, its secret inputs and `additionalSecretProperties` into
 * `secretProperties`, the common inputs as they are (unset ones left out). Values are carried as given
 * (Pulumi Inputs in a program, core values in the plugin).
 */
export function toEndpointInputs(
  spec: { readonly type: string; readonly plain: readonly string[]; readonly secret: readonly string[] },
  inputs: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return {
    ...pick(inputs, COMMON_INPUTS),
    type: spec.type,
    properties: bag(inputs.additionalProperties, pick(inputs, spec.plain)),
    secretProperties: bag(inputs.additionalSecretProperties, pick(inputs, spec.secret)),
  };
}

/**
 * The inverse routing, for what an import reads back: the generic endpoint's inputs as the typed
 * resource's. Properties with a typed input become that input; the others go to the escape hatch
 * of their bag; a secret bag's entries stay secret. The type is the resource's, so it is dropped.
 */
export function fromEndpointInputs(
  spec: { readonly plain: readonly string[]; readonly secret: readonly string[] },
  inputs: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out = pick(inputs, COMMON_INPUTS);
  const split = (value: unknown, typedKeys: readonly string[], hatch: string) => {
    const found = bagEntries(value);
    if (!found) return;
    const mark = (v: unknown) => (found.secretBag ? secret(v) : v);
    const extra: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(found.entries)) {
      if (typedKeys.includes(key)) out[key] = mark(entry);
      else extra[key] = entry;
    }
    if (Object.keys(extra).length > 0) out[hatch] = mark(extra);
  };
  split(inputs.properties, spec.plain, "additionalProperties");
  split(inputs.secretProperties, spec.secret, "additionalSecretProperties");
  return out;
}
