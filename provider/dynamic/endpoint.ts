import * as pulumi from "@pulumi/pulumi";
import { sharedProviderStub } from "./stub";
import { withoutUndefined } from "../core/json";
import { OWNER_KEY } from "../core/hidden-inputs";
import { RESOURCE_KINDS } from "../registry/kinds";
import type { JsonValue } from "../endpoint/schema";
import type { EndpointMetadata } from "./generated/types";
import type { EndpointInputFields } from "./generated/door-types";

/** The values of an endpoint's property bag: JSON values, each possibly an Output. */
export type EndpointPropertyInputs = Record<string, pulumi.Input<JsonValue | undefined>>;

/** Each field of `T` as a Pulumi input (a value, a promise or an Output); optional fields stay optional. */
type InputsOf<T> = { [K in keyof T]: pulumi.Input<NonNullable<T[K]>> };

/**
 * The schema's inputs, as the program writes them (defaults not yet applied), written out by
 * `npm run gen` with each field's `.describe()` text as its doc.
 */
type SchemaInputs = EndpointInputFields;

/**
 * The inputs of an {@link Endpoint}: the fields of the provider's schema (`./schema.ts`, where they are
 * documented), each a Pulumi input. `name` may be left out (the resource name is used), and a property
 * bag may hold Outputs as values.
 */
export type EndpointArgs = InputsOf<Omit<SchemaInputs, "name" | "properties" | "secretProperties">> &
  Partial<InputsOf<Pick<SchemaInputs, "name">>> & {
    [K in keyof Pick<SchemaInputs, "properties" | "secretProperties">]?: pulumi.Input<EndpointPropertyInputs>;
  };

/**
 * A pipeline endpoint of VMware Aria Automation (Code Stream): a stored connection that pipeline tasks consume.
 * This is the generic resource, for any endpoint type; typed resources (`JenkinsEndpoint`, `GitEndpoint`, ...)
 * are thin layers over it with the same type token, so a program can move between them without a replacement.
 *
 * Identity is the endpoint id; `type` and `project` changes replace it, every other change (rename included)
 * updates it in place. Pulumi's `import` option does not work for dynamic resources: `adopt` is the way to
 * import an existing endpoint.
 */
export class Endpoint extends pulumi.dynamic.Resource {
  // BEGIN GENERATED: outputs (npm run gen)
  /** Name of the endpoint. */
  declare readonly name: pulumi.Output<string>;
  /** Endpoint type. */
  declare readonly type: pulumi.Output<string>;
  /** Name of the project the endpoint belongs to. */
  declare readonly project: pulumi.Output<string>;
  /** Description. */
  declare readonly description: pulumi.Output<string>;
  /** Whether only administrators can change it (the server's view; from `metadata` when not declared). */
  declare readonly isRestricted: pulumi.Output<boolean>;
  /** Cloud proxy id, when the server has one for it (from `metadata` when not declared). */
  declare readonly cloudProxyId: pulumi.Output<string | undefined>;
  /** The declared non-secret properties, as the server has them. */
  declare readonly properties: pulumi.Output<Record<string, JsonValue>>;
  /** The declared secret properties (secret). */
  declare readonly secretProperties: pulumi.Output<Record<string, JsonValue>>;
  /** The `validate` input, as declared. */
  declare readonly validate: pulumi.Output<boolean | undefined>;
  /** The `adopt` input, as declared. */
  declare readonly adopt: pulumi.Output<boolean | undefined>;
  /** What the server records about an endpoint: project id, creation and update times and users, API path. */
  declare readonly metadata: pulumi.Output<EndpointMetadata>;
  // END GENERATED: outputs

  // `metadata` is one output rather than one each (`projectId`, `createdAt`, ... below read from it),
  // because every output a resource declares costs the program time in every preview (see "Large
  // stacks" in the README).

  /** The endpoint's id on the server (the resource `id`). */
  get endpointId(): pulumi.Output<string> {
    return this.id;
  }
  /** Id of the project the endpoint belongs to (from {@link metadata}). */
  get projectId(): pulumi.Output<string> {
    return this.metadata.apply((m) => m.projectId);
  }
  /** When the endpoint was created, as the server writes it (from {@link metadata}). */
  get createdAt(): pulumi.Output<string> {
    return this.metadata.apply((m) => m.createdAt);
  }
  /** When the endpoint was last updated, as the server writes it (from {@link metadata}). */
  get updatedAt(): pulumi.Output<string> {
    return this.metadata.apply((m) => m.updatedAt);
  }
  /** Who created the endpoint (from {@link metadata}). */
  get createdBy(): pulumi.Output<string> {
    return this.metadata.apply((m) => m.createdBy);
  }
  /** Who last updated the endpoint (from {@link metadata}). */
  get updatedBy(): pulumi.Output<string> {
    return this.metadata.apply((m) => m.updatedBy);
  }
  /** The endpoint's API path, `/pipeline/api/endpoints/<id>` (from {@link metadata}). */
  get link(): pulumi.Output<string> {
    return this.metadata.apply((m) => m.link);
  }

  /**
   * Declares an endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: EndpointArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = {
      name: args.name ?? name,
      type: args.type,
      project: args.project,
      description: args.description,
      properties: args.properties ?? {},
      // Secret whatever the caller passed: the engine then keeps the output of the same key secret.
      secretProperties: pulumi.secret(args.secretProperties ?? {}),
      // Optional inputs are registered only when the program sets them: each registered key is an
      // output the program process resolves in every preview (see "Large stacks" in the README).
      ...withoutUndefined({
        isRestricted: args.isRestricted,
        cloudProxyId: args.cloudProxyId,
        validate: args.validate,
        adopt: args.adopt,
      }),
      // The one output-only key, listed so that the SDK creates its Output property.
      metadata: undefined,
      // Whom the endpoint is created for (../core/hidden-inputs.ts): a dynamic provider is not told the URN.
      [OWNER_KEY]: ownerUrn(name),
    };
    super(
      sharedProviderStub("endpoint"),
      name,
      props,
      pulumi.mergeOptions(opts, { additionalSecretOutputs: [...RESOURCE_KINDS.endpoint.secretOutputs] }),
      "aria",
      "Endpoint",
    );
    // The outputs of the optional inputs left unset: the server's view from `metadata`, or the
    // (undefined) declaration.
    // Made on first use: an Output made here for each of the N resources of a stack costs every
    // preview, whether the program reads it or not.
    const self = this as unknown as Record<string, unknown>;
    const unset = (key: string, value: () => pulumi.Output<unknown>) => {
      if (self[key] !== undefined) return;
      let made: pulumi.Output<unknown> | undefined;
      Object.defineProperty(this, key, { get: () => (made ??= value()) });
    };
    unset("isRestricted", () => this.metadata.apply((m) => m?.isRestricted ?? false));
    unset("cloudProxyId", () => this.metadata.apply((m) => m?.cloudProxyId));
    unset("validate", () => pulumi.output(args.validate));
    unset("adopt", () => pulumi.output(args.adopt));
  }
}

/**
 * The URN the engine gives an endpoint declared as `name` (`urn:pulumi:<stack>::<project>::<type>::<name>`),
 * composed in the program because a dynamic provider is not told it. A parent's type is left out:
 * the string names the stack's resource, it need not be the engine's URN letter for letter.
 */
function ownerUrn(name: string): string {
  return `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${RESOURCE_KINDS.endpoint.dynamicType}::${name}`;
}
