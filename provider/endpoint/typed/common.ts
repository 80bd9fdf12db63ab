import type * as pulumi from "@pulumi/pulumi";
import type { EndpointArgs, EndpointPropertyInputs } from "../resource";

/*
 * Shared by the typed endpoint resources: each declares which of its inputs are plain properties
 * and which are secrets, and this module routes them into an `EndpointArgs`. Secrets can then
 * never land in the plain `properties` bag by mistake.
 */

/** The inputs every typed endpoint takes besides its type-specific properties. */
export interface TypedEndpointArgs {
  /** Name of the endpoint on the server, unique within its project. Default: the resource name. */
  name?: pulumi.Input<string>;
  /** Name of the project the endpoint belongs to. Default: the server's. Changing it replaces the endpoint. */
  project?: pulumi.Input<string>;
  /** Human-friendly description. Default: empty. */
  description?: pulumi.Input<string>;
  /** When true, only an administrator can create, update or delete the endpoint. Default: false. */
  isRestricted?: pulumi.Input<boolean>;
  /** Id of the cloud proxy through which the server reaches an on-premises endpoint. */
  cloudProxyId?: pulumi.Input<string>;
  /** Whether preview asks the server to validate the endpoint. Default: `vra:validateEndpoints` (true). */
  validate?: pulumi.Input<boolean>;
  /** Take over an existing endpoint of the same project and name (see `EndpointArgs.adopt`). */
  adopt?: pulumi.Input<boolean>;
  /** Further non-secret properties of the type that have no typed input here. */
  additionalProperties?: EndpointPropertyInputs;
  /** Further secret properties of the type that have no typed input here. */
  additionalSecretProperties?: EndpointPropertyInputs;
}

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
