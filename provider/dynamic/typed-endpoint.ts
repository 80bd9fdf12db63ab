import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { EndpointArgs, EndpointPropertyInputs } from "./endpoint";
import { toEndpointInputs, type TypedEndpoint } from "../endpoint/typed/common";

/*
 * What the typed endpoint resources of a program share (their classes are generated from the registry,
 * ./generated/typed-endpoints.ts): thin layers over {@link Endpoint} (the same type token, so a program
 * can move between them without a replacement) that route their typed inputs into `properties` and
 * `secretProperties` by the type's declaration (../endpoint/typed).
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
 * A typed endpoint's arguments as its zod declaration derives them: the common ones, and each of its
 * own a Pulumi input, optional ones optional (the unit tests hold the generated classes' to them).
 */
export type TypedArgs<S extends z.ZodObject> = TypedEndpointArgs & {
  [K in keyof z.input<S>]: pulumi.Input<NonNullable<z.input<S>[K]>>;
};

/** Builds the generic endpoint's arguments from a typed resource's arguments. */
export function toEndpointArgs<A extends TypedEndpointArgs>(typed: TypedEndpoint, args: A): EndpointArgs {
  return toEndpointInputs(typed, args) as EndpointArgs;
}
