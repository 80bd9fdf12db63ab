import * as pulumi from "@pulumi/pulumi";
import { sharedProviderStub } from "../dynamic/stub";
import type { JsonValue } from "./schema";

/** The values of an endpoint's property bag: JSON values, each possibly an Output. */
export type EndpointPropertyInputs = Record<string, pulumi.Input<JsonValue | undefined>>;

/**
 * The inputs of an {@link Endpoint}. The provider checks them against the zod schema in
 * `./schema.ts` (the unit tests assert the two agree).
 */
export interface EndpointArgs {
  /** Name of the endpoint on the server, unique within its project. Default: the resource name. */
  name?: pulumi.Input<string>;
  /** Endpoint type, as the server's tiles name it (`jenkins`, `git`, `k8s`, ...). Changing it replaces the endpoint. */
  type: pulumi.Input<string>;
  /** Name of the project the endpoint belongs to. Default: the server's (`Default Project`). Changing it replaces the endpoint. */
  project?: pulumi.Input<string>;
  /** Human-friendly description. Default: empty. */
  description?: pulumi.Input<string>;
  /**
   * When true, only an administrator can create, update or delete the endpoint; a pipeline that consumes it
   * fails at that task when a non-administrator runs it, and only an administrator can resume it. Default: false.
   */
  isRestricted?: pulumi.Input<boolean>;
  /** Id of the cloud proxy through which the server reaches an on-premises endpoint. Default: the server's. */
  cloudProxyId?: pulumi.Input<string>;
  /**
   * Type-specific properties that are not secret (`url`, `username`, `fingerprint`, ...). A secret written here
   * (a property the server's tile marks secret, or named as the product names secrets) is moved to
   * `secretProperties` and stored encrypted, with a warning: declare it there instead.
   */
  properties?: pulumi.Input<EndpointPropertyInputs>;
  /**
   * Type-specific properties that are secrets (`password`, `token`, `privateKey`, ...). Stored encrypted in the
   * state and never shown; sent to the server merged into `properties`. A secret changed on the server is not
   * detected (the server masks secrets).
   */
  secretProperties?: pulumi.Input<EndpointPropertyInputs>;
  /**
   * Whether preview asks the server to validate the endpoint (connect to it, check the certificate).
   * Default: `vra:validateEndpoints`, itself true by default.
   */
  validate?: pulumi.Input<boolean>;
  /**
   * Take over an existing endpoint of the same project and name instead of failing: it is brought to the
   * declared state and, from then on, managed (and destroyed) by this stack. Pulumi's `import` option does not
   * work for dynamic resources; this is the way to import.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A pipeline endpoint of VMware Aria Automation (Code Stream): a stored connection that pipeline tasks consume.
 * This is the generic resource, for any endpoint type; typed resources (`JenkinsEndpoint`, `GitEndpoint`, ...)
 * are thin layers over it with the same type token, so a program can move between them without a replacement.
 *
 * Identity is the endpoint id; `type` and `project` changes replace it, every other change (rename included)
 * updates it in place.
 */
export class Endpoint extends pulumi.dynamic.Resource {
  /** The endpoint's id on the server (also the resource `id`). */
  declare public readonly endpointId: pulumi.Output<string>;
  /** Name of the endpoint. */
  declare public readonly name: pulumi.Output<string>;
  /** Endpoint type. */
  declare public readonly type: pulumi.Output<string>;
  /** Name of the project the endpoint belongs to. */
  declare public readonly project: pulumi.Output<string>;
  /** Id of the project the endpoint belongs to. */
  declare public readonly projectId: pulumi.Output<string>;
  /** Description. */
  declare public readonly description: pulumi.Output<string>;
  /** Whether only administrators can change it. */
  declare public readonly isRestricted: pulumi.Output<boolean>;
  /** Cloud proxy id, when the server has one for it. */
  declare public readonly cloudProxyId: pulumi.Output<string | undefined>;
  /** The declared non-secret properties, as the server has them. */
  declare public readonly properties: pulumi.Output<Record<string, JsonValue>>;
  /** The declared secret properties (secret). */
  declare public readonly secretProperties: pulumi.Output<Record<string, JsonValue>>;
  /** The `validate` input, as declared. */
  declare public readonly validate: pulumi.Output<boolean | undefined>;
  /** The `adopt` input, as declared. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** When the endpoint was created, as the server writes it. */
  declare public readonly createdAt: pulumi.Output<string>;
  /** When the endpoint was last updated, as the server writes it. */
  declare public readonly updatedAt: pulumi.Output<string>;
  /** Who created the endpoint. */
  declare public readonly createdBy: pulumi.Output<string>;
  /** Who last updated the endpoint. */
  declare public readonly updatedBy: pulumi.Output<string>;
  /** The endpoint's API path (`/pipeline/api/endpoints/<id>`). */
  declare public readonly link: pulumi.Output<string>;

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
      isRestricted: args.isRestricted,
      cloudProxyId: args.cloudProxyId,
      properties: args.properties ?? {},
      // Secret whatever the caller passed: the engine then keeps the output of the same key secret.
      secretProperties: pulumi.secret(args.secretProperties ?? {}),
      validate: args.validate,
      adopt: args.adopt,
      // Outputs only: listed so that the SDK creates their Output properties.
      endpointId: undefined,
      projectId: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      createdBy: undefined,
      updatedBy: undefined,
      link: undefined,
    };
    super(
      sharedProviderStub("endpoint"),
      name,
      props,
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["secretProperties"] }),
      "aria",
      "Endpoint",
    );
  }
}
