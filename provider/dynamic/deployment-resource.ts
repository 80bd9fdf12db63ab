/**
 * `DeploymentResource`: a resource of an Aria Automation deployment, created through
 * `POST /deployment/api/resources` and its asynchronous request. The work happens in ../deployment/provider.ts,
 * in the provider process, behind the serialised stub.
 */
import * as pulumi from "@pulumi/pulumi";
import { sharedProviderStub } from "./stub";
import { INPUT_KEYS } from "../deployment/schema";
import type { DeploymentResourceInputs, DeploymentResourceState } from "./generated/types";

/**
 * The arguments of a {@link DeploymentResource}: each input of {@link DeploymentResourceInputs},
 * which may be an Output. Changing `name`, `type`, `projectId`, `deploymentId` or `properties`
 * replaces the resource (the API has no update); changing the wait settings calls no API.
 */
export type DeploymentResourceArgs = {
  [K in keyof DeploymentResourceInputs]: pulumi.Input<NonNullable<DeploymentResourceInputs[K]>>;
};

type Out<K extends keyof DeploymentResourceState> = pulumi.Output<NonNullable<DeploymentResourceState[K]>>;

/** The outputs that are not inputs, declared so that the engine reports them. */
const OUTPUT_ONLY_KEYS = [
  "inputPropertyKeys",
  "resourceId",
  "requestId",
  "requestStatus",
  "syncStatus",
  "origin",
  "createdAt",
  "description",
  "orgId",
  "projectName",
  "deploymentName",
] as const satisfies readonly (keyof DeploymentResourceState)[];

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
  /** Name of the resource. */
  declare readonly name: Out<"name">;
  /** Type of the resource. */
  declare readonly type: Out<"type">;
  /** Id of the project the resource belongs to. */
  declare readonly projectId: Out<"projectId">;
  /** Id of the deployment the resource belongs to (created by the server when not given). */
  declare readonly deploymentId: Out<"deploymentId">;
  /** The resource's properties as the server reports them: those set here and any the server adds. */
  declare readonly properties: Out<"properties">;
  /** Names of the `properties` set in the program. */
  declare readonly inputPropertyKeys: Out<"inputPropertyKeys">;
  /** The wait timeout in force, in seconds (unset: 1800). */
  declare readonly waitTimeoutSeconds: pulumi.Output<number | undefined>;
  /** The poll interval cap in force, in seconds (unset: 10). */
  declare readonly pollIntervalMaxSeconds: pulumi.Output<number | undefined>;
  /** Whether the creation took over an existing matching resource when there was one (see the input). */
  declare readonly adopt: pulumi.Output<boolean | undefined>;
  /** Id of the resource on the server (the same as `id`). */
  declare readonly resourceId: Out<"resourceId">;
  /** Id of the request that created the resource. */
  declare readonly requestId: Out<"requestId">;
  /** Last known status of the creation request (`SUCCESSFUL` once created). */
  declare readonly requestStatus: Out<"requestStatus">;
  /** Sync status reported by the server: `SUCCESS`, `MISSING` or `STALE`. */
  declare readonly syncStatus: Out<"syncStatus">;
  /** Origin reported by the server, e.g. `ONBOARDED`. */
  declare readonly origin: Out<"origin">;
  /** Creation time reported by the server. */
  declare readonly createdAt: Out<"createdAt">;
  /** Description reported by the server. */
  declare readonly description: Out<"description">;
  /** Organisation id reported by the server. */
  declare readonly orgId: Out<"orgId">;
  /** Name of the project. */
  declare readonly projectName: Out<"projectName">;
  /** Name of the deployment. */
  declare readonly deploymentName: Out<"deploymentName">;

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
