import type { EndpointArgs, EndpointPropertyInputs } from "../resource";
import { EndpointInputs, EndpointProperties } from "../schema";

/*
 * Shared by the typed endpoint resources: each declares which of its inputs are plain properties
 * and which are secrets, and this module routes them into an `EndpointArgs`. Secrets can then
 * never land in the plain `properties` bag by mistake. Each resource's secret inputs are exactly the
 * secrets of its type by the secrets policy (../../common/secrets.ts; test/unit/common/secrets.test.ts
 * holds them to it).
 */

/**
 * The inputs every typed endpoint takes besides its type-specific properties: those of the generic
 * endpoint (documented there) but its type and property bags, plus an escape hatch for properties
 * of the type that have no typed input.
 */
export type TypedEndpointArgs = Omit<EndpointArgs, "type" | "properties" | "secretProperties"> & {
  /** Further non-secret properties of the type that have no typed input here. */
  additionalProperties?: EndpointPropertyInputs;
  /** Further secret properties of the type that have no typed input here. */
  additionalSecretProperties?: EndpointPropertyInputs;
};

/**
 * {@link TypedEndpointArgs} as zod, for the provider plugin's schema: the generic endpoint's inputs but
 * its type and property bags (`name` optional: the resource name is the default), plus the escape
 * hatch. test/unit/plugin holds the two to the same keys.
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

/** Which typed inputs of a resource are plain properties and which are secrets. */
export interface TypedEndpointSpec<A> {
  /** The endpoint type (tile id). */
  readonly type: string;
  /** Inputs sent as plain properties. */
  readonly plain: readonly (keyof A & string)[];
  /** Inputs sent as secret properties. */
  readonly secret: readonly (keyof A & string)[];
}

/** Builds the generic endpoint's arguments from a typed resource's arguments. */
export function toEndpointArgs<A extends TypedEndpointArgs>(
  spec: TypedEndpointSpec<A>,
  args: A,
): EndpointArgs {
  const pick = (keys: readonly (keyof A & string)[]): EndpointPropertyInputs => {
    const bag: EndpointPropertyInputs = {};
    for (const key of keys) {
      const value = args[key] as EndpointPropertyInputs[string];
      if (value !== undefined) bag[key] = value;
    }
    return bag;
  };
  const plain = pick(spec.plain);
  const secret = pick(spec.secret);
  return {
    name: args.name,
    type: spec.type,
    project: args.project,
    description: args.description,
    isRestricted: args.isRestricted,
    cloudProxyId: args.cloudProxyId,
    validate: args.validate,
    adopt: args.adopt,
    // Typed inputs win over the escape hatch when both name a property.
    properties: { ...args.additionalProperties, ...plain },
    secretProperties: { ...args.additionalSecretProperties, ...secret },
  };
}
