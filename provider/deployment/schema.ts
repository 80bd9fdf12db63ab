/**
 * The zod schemas of the deployment part: the inputs of {@link DeploymentResource}, the state it
 * keeps, and the arguments of the resource lookups. Every type of this folder is inferred from here.
 */
import { z } from "zod";

/** How long create and delete wait for their request when `waitTimeoutSeconds` is not set: 30 minutes. */
export const DEFAULT_WAIT_TIMEOUT_SECONDS = 30 * 60;

/** The longest pause between two polls of a request when `pollIntervalMaxSeconds` is not set. */
export const DEFAULT_POLL_INTERVAL_MAX_SECONDS = 10;

/** The longest wait accepted: one week (the API's own approvals can take days). */
export const MAX_WAIT_TIMEOUT_SECONDS = 7 * 24 * 60 * 60;

const nonEmpty = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .refine((text) => text.trim() === text, `${what} must not start or end with whitespace`);

const deploymentResourceInputsShape = {
  /** Name of the resource. Changing it replaces the resource (the API has no update). */
  name: nonEmpty("name"),
  /** Type of the resource, e.g. `Cloud.vSphere.Machine` or a custom resource type. Changing it replaces the resource. */
  type: nonEmpty("type"),
  /** Id of the project the resource belongs to. Unset: the server decides. Changing it replaces the resource. */
  projectId: nonEmpty("projectId").optional(),
  /** Id of the deployment to put the resource in. Unset: the server creates one. Changing it replaces the resource. */
  deploymentId: nonEmpty("deploymentId").optional(),
  /** Resource properties sent on creation. Changing any of them replaces the resource. */
  properties: z.record(z.string(), z.unknown()).optional(),
  /**
   * How long create and delete wait for their request, in seconds (default 1800, 30 minutes). On a
   * timeout the create request is cancelled and the half-created resource removed. Changing it
   * changes nothing on the server. A delete uses the value recorded with the resource (the engine
   * hands `delete` the old state), so raise it with an `up` before a slow `destroy`.
   */
  waitTimeoutSeconds: z.number().int().positive().max(MAX_WAIT_TIMEOUT_SECONDS).optional(),
  /**
   * The longest pause between two polls of a request, in seconds (default 10). Polls start at half a
   * second and back off up to this cap. Changing it changes nothing on the server.
   */
  pollIntervalMaxSeconds: z.number().positive().max(300).optional(),
  /**
   * Take over the one existing resource with this name, type, project, deployment and properties
   * instead of creating another (names are not unique): how a run killed while creating it converges.
   * With several such resources the creation fails naming them. Changing it changes nothing.
   */
  adopt: z.boolean().optional(),
};

/** The inputs of a {@link DeploymentResource}, as the provider receives them (validated by `check`). */
export const DeploymentResourceInputs: z.ZodObject<typeof deploymentResourceInputsShape, z.core.$strict> =
  z.strictObject(deploymentResourceInputsShape);

/** Validated inputs of a {@link DeploymentResource}. */
export type DeploymentResourceInputs = z.infer<typeof DeploymentResourceInputs>;

/** Input keys whose change needs a new resource: the API has no update. */
export const REPLACE_KEYS = ["name", "type", "projectId", "deploymentId", "properties"] as const;

/** Input keys that only steer the provider; changing them is an update that calls no API. */
export const SETTING_KEYS = ["waitTimeoutSeconds", "pollIntervalMaxSeconds"] as const;

/** Every declared input key (`adopt` steers only the creation: no key of a diff). */
export const INPUT_KEYS: readonly (keyof DeploymentResourceInputs)[] = [
  ...REPLACE_KEYS,
  ...SETTING_KEYS,
  "adopt",
];

const deploymentResourceStateShape = {
  /** Name of the resource. */
  name: z.string().optional(),
  /** Type of the resource. */
  type: z.string().optional(),
  /** Id of the project the resource belongs to. */
  projectId: z.string().optional(),
  /** Id of the deployment the resource belongs to. */
  deploymentId: z.string().optional(),
  /** The resource's properties as the server reports them (those set in the program, and any the server adds). */
  properties: z.record(z.string(), z.unknown()).optional(),
  /** Names of the `properties` set by the program; the others were added by the server. */
  inputPropertyKeys: z.array(z.string()).optional(),
  /** See the input of the same name. */
  waitTimeoutSeconds: z.number().optional(),
  /** See the input of the same name. */
  pollIntervalMaxSeconds: z.number().optional(),
  /** See the input of the same name. */
  adopt: z.boolean().optional(),
  /** Id of the resource (also the Pulumi id). */
  resourceId: z.string().optional(),
  /** Id of the request that created the resource. */
  requestId: z.string().optional(),
  /**
   * Last known status of the creation request. Anything but `SUCCESSFUL` marks a resource whose
   * creation did not finish: the next `pulumi up` deletes and re-creates it.
   */
  requestStatus: z.string().optional(),
  /** Sync status reported by the server: `SUCCESS`, `MISSING` or `STALE`. */
  syncStatus: z.string().optional(),
  /** Origin of the resource: `DEPLOYED`, `DISCOVERED`, `ONBOARDED` or `MIGRATED`. */
  origin: z.string().optional(),
  /** Creation time reported by the server. */
  createdAt: z.string().optional(),
  /** Description reported by the server. */
  description: z.string().optional(),
  /** Organisation id reported by the server. */
  orgId: z.string().optional(),
  /** Name of the project (from `expand=project`). */
  projectName: z.string().optional(),
  /** Name of the deployment (from `expand=deployment`). */
  deploymentName: z.string().optional(),
};

/**
 * What a {@link DeploymentResource} keeps in the stack state (its outputs). Parsed leniently: a
 * state written by an older release, or a half-created resource, may lack fields.
 */
export const DeploymentResourceState: z.ZodObject<typeof deploymentResourceStateShape, z.core.$loose> =
  z.looseObject(deploymentResourceStateShape);

/** The outputs of a {@link DeploymentResource} as kept in the stack state. */
export type DeploymentResourceState = z.infer<typeof DeploymentResourceState>;

const idList = (what: string) => z.array(nonEmpty(what));

/** Sort criteria such as `name`, `name asc` or `createdAt desc`. */
const orderBy = z.array(
  z
    .string()
    .regex(/^[A-Za-z_][\w.]*(\s+(asc|desc|ASC|DESC))?$/, "each criterion is `<field>` or `<field> asc|desc`"),
);

const skip = z.number().int().min(0);
const top = z.number().int().min(1);

const getResourceArgsShape = {
  /** Id of the resource. */
  id: nonEmpty("id"),
  /** Objects to expand: `project`, `deployment`, `currentRequest`. */
  expand: idList("expand").optional(),
};

/** Arguments of {@link getResource}. */
export const GetResourceArgs: z.ZodObject<typeof getResourceArgsShape, z.core.$strict> =
  z.strictObject(getResourceArgsShape);

/** Arguments of {@link getResource}. */
export type GetResourceArgs = z.infer<typeof GetResourceArgs>;

const getResourcesArgsShape = {
  /** Only resources of these projects (ids). */
  projects: idList("projects").optional(),
  /** Only resources of these types (e.g. `Cloud.vSphere.Machine`). */
  resourceTypes: idList("resourceTypes").optional(),
  /** Only resources of these cloud accounts (ids). */
  cloudAccounts: idList("cloudAccounts").optional(),
  /** Only resources of these cloud types (e.g. `vsphere`). */
  cloudTypes: idList("cloudTypes").optional(),
  /** Only resources carrying one of these tags (`key:value`). */
  tags: idList("tags").optional(),
  /** Only resources where this text is part of a searchable field. */
  search: z.string().optional(),
  /** Sort criteria applied in turn, each `<field>` or `<field> asc|desc` (default ascending). */
  orderBy: orderBy.optional(),
  /** Objects to expand in each resource: `project`, `deployment`, `currentRequest`. */
  expand: idList("expand").optional(),
  /** Number of resources to skip. */
  skip: skip.optional(),
  /** Number of resources wanted. Unset: every resource from `skip` on, fetched page by page. */
  top: top.optional(),
};

/** Arguments of {@link getResources}. */
export const GetResourcesArgs: z.ZodObject<typeof getResourcesArgsShape, z.core.$strict> =
  z.strictObject(getResourcesArgsShape);

/** Arguments of {@link getResources}. */
export type GetResourcesArgs = z.infer<typeof GetResourcesArgs>;

const getResourceFiltersArgsShape = {
  /** Count only resources of these types. */
  resourceTypes: idList("resourceTypes").optional(),
};

/** Arguments of {@link getResourceFilters}. */
export const GetResourceFiltersArgs: z.ZodObject<typeof getResourceFiltersArgsShape, z.core.$strict> =
  z.strictObject(getResourceFiltersArgsShape);

/** Arguments of {@link getResourceFilters}. */
export type GetResourceFiltersArgs = z.infer<typeof GetResourceFiltersArgs>;

const getResourceFilterArgsShape = {
  /** Id of the filter, e.g. `projects`, `resourceTypes`, `cloudTypes`, `cloudAccounts`, `tags`, `origin`. */
  filterId: nonEmpty("filterId"),
  /** Count only resources of these projects (ids). */
  projects: idList("projects").optional(),
  /** Count only resources of these types. */
  resourceTypes: idList("resourceTypes").optional(),
  /** Only entries matching this text. */
  search: z.string().optional(),
  /** Sort criteria applied in turn, each `<field>` or `<field> asc|desc`. */
  orderBy: orderBy.optional(),
  /** Number of entries to skip. */
  skip: skip.optional(),
  /** Number of entries wanted. Unset: every entry from `skip` on, fetched page by page. */
  top: top.optional(),
};

/** Arguments of {@link getResourceFilter}. */
export const GetResourceFilterArgs: z.ZodObject<typeof getResourceFilterArgsShape, z.core.$strict> =
  z.strictObject(getResourceFilterArgsShape);

/** Arguments of {@link getResourceFilter}. */
export type GetResourceFilterArgs = z.infer<typeof GetResourceFilterArgs>;
