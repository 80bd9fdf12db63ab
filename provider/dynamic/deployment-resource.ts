/**
 * `DeploymentResource`: a resource of an Aria Automation deployment, created through
 * `POST /deployment/api/resources` and its asynchronous request. The work happens in ../deployment/provider.ts,
 * in the provider process, behind the serialised stub. Its outputs are the kind's zod outputs
 * (../registry/kinds.ts), written into the class by `npm run gen`.
 */
import * as pulumi from "@pulumi/pulumi";
import { sharedProviderStub } from "./stub";
import { INPUT_KEYS } from "../deployment/schema";
import { RESOURCE_KINDS } from "../registry/kinds";
import type { DeploymentResourceInputs } from "./generated/types";

/**
 * The arguments of a {@link DeploymentResource}: each input of {@link DeploymentResourceInputs},
 * which may be an Output. Changing `name`, `type`, `projectId`, `deploymentId` or `properties`
 * replaces the resource (the API has no update); changing the wait settings calls no API.
 */
export type DeploymentResourceArgs = {
  [K in keyof DeploymentResourceInputs]: pulumi.Input<NonNullable<DeploymentResourceInputs[K]>>;
};

/** The outputs that are not inputs, declared so that the engine reports them. */
const OUTPUT_ONLY_KEYS = Object.keys(RESOURCE_KINDS.deploymentResource.outputs.shape).filter(
  (key) => !(INPUT_KEYS as readonly string[]).includes(key),
);

/**
 * A deployment resource. Creation waits for the API's request to succeed (polling with a capped
 * backoff, at most `waitTimeoutSeconds`, 30 minutes by default); a failed request fails the update
 * with the request's details, a timeout cancels the request. Either way, a half-created resource is
 * deleted, or, when that is not possible, recorded in the stack so that the next `pulumi up`
 * deletes and re-creates it. Deletion waits for its request too.
 *
 * @example
 * ```ts
 * const vm = new aria.DeploymentResource("web", {
 *   name: "web-01",
 *   type: "Cloud.vSphere.Machine",
 *   projectId: project.id,
 *   properties: { cpuCount: 2, totalMemoryMB: 4096 },
 * });
 * export const resourceId = vm.resourceId;
 * ```
 */
export class DeploymentResource extends pulumi.dynamic.Resource {
  // BEGIN GENERATED: outputs (npm run gen)
  /** Name of the resource. */
  declare readonly name: pulumi.Output<string>;
  /** Type of the resource. */
  declare readonly type: pulumi.Output<string>;
  /** Id of the project the resource belongs to. */
  declare readonly projectId: pulumi.Output<string>;
  /** Id of the deployment the resource belongs to. */
  declare readonly deploymentId: pulumi.Output<string>;
  /**
   * The resource's properties as the server reports them (those set in the program, and any the server
   * adds).
   */
  declare readonly properties: pulumi.Output<Record<string, unknown>>;
  /** Names of the `properties` set by the program; the others were added by the server. */
  declare readonly inputPropertyKeys: pulumi.Output<string[]>;
  /** See the input of the same name. */
  declare readonly waitTimeoutSeconds: pulumi.Output<number | undefined>;
  /** See the input of the same name. */
  declare readonly pollIntervalMaxSeconds: pulumi.Output<number | undefined>;
  /** See the input of the same name. */
  declare readonly adopt: pulumi.Output<boolean | undefined>;
  /** Id of the resource (also the Pulumi id). */
  declare readonly resourceId: pulumi.Output<string>;
  /** Id of the request that created the resource. */
  declare readonly requestId: pulumi.Output<string>;
  /**
   * Last known status of the creation request. Anything but `SUCCESSFUL` marks a resource whose creation
   * did not finish: the next `pulumi up` deletes and re-creates it.
   */
  declare readonly requestStatus: pulumi.Output<string>;
  /** Sync status reported by the server: `SUCCESS`, `MISSING` or `STALE`. */
  declare readonly syncStatus: pulumi.Output<string>;
  /** Origin of the resource: `DEPLOYED`, `DISCOVERED`, `ONBOARDED` or `MIGRATED`. */
  declare readonly origin: pulumi.Output<string>;
  /** Creation time reported by the server. */
  declare readonly createdAt: pulumi.Output<string>;
  /** Description reported by the server. */
  declare readonly description: pulumi.Output<string>;
  /** Organisation id reported by the server. */
  declare readonly orgId: pulumi.Output<string>;
  /** Name of the project (from `expand=project`). */
  declare readonly projectName: pulumi.Output<string>;
  /** Name of the deployment (from `expand=deployment`). */
  declare readonly deploymentName: pulumi.Output<string>;
  // END GENERATED: outputs

  /**
   * Creates (or, with `opts.id`, reads) a deployment resource.
   * @param name The Pulumi name of the resource (unique in the stack).
   * @param args The resource's inputs.
   * @param opts Pulumi resource options.
   */
  constructor(name: string, args: DeploymentResourceArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = {};
    for (const key of INPUT_KEYS) props[key] = args?.[key];
    for (const key of OUTPUT_ONLY_KEYS) props[key] = undefined;
    super(sharedProviderStub("deploymentResource"), name, props, opts, "aria", "DeploymentResource");
  }

  /**
   * Reads an existing deployment resource into the program without managing it (`pulumi import`
   * does not work for dynamic resources).
   * @param name The Pulumi name to give it.
   * @param id The resource id on the server.
   * @param opts Pulumi resource options.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): DeploymentResource {
    return new DeploymentResource(name, {} as DeploymentResourceArgs, { ...opts, id });
  }
}
