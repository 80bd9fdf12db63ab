/**
 * The zod schemas of the deployment part: the inputs of {@link DeploymentResource}, the state it
 * keeps, and the arguments of the resource lookups. Every type of this folder is inferred from here.
 */
import { z } from "zod";
import { FilterEntry, Resource, ResourceFilter } from "../client/schemas";

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
  name: nonEmpty("name").describe(
    "Name of the resource. Changing it replaces the resource (the API has no update).",
  ),
  type: nonEmpty("type").describe(
    "Type of the resource, e.g. `Cloud.vSphere.Machine` or a custom resource type. Changing it replaces the resource.",
  ),
  projectId: nonEmpty("projectId")
    .optional()
    .describe(
      "Id of the project the resource belongs to. Unset: the server decides. Changing it replaces the resource.",
    ),
  deploymentId: nonEmpty("deploymentId")
    .optional()
    .describe(
      "Id of the deployment to put the resource in. Unset: the server creates one. Changing it replaces the resource.",
    ),
  properties: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("Resource properties sent on creation. Changing any of them replaces the resource."),
  waitTimeoutSeconds: z
    .number()
    .int()
    .positive()
    .max(MAX_WAIT_TIMEOUT_SECONDS)
    .optional()
    .describe(
      "How long create and delete wait for their request, in seconds (default 1800, 30 minutes). On a timeout the create request is cancelled and the half-created resource removed. Changing it changes nothing on the server. A delete uses the value recorded with the resource (the engine hands `delete` the old state), so raise it with an `up` before a slow `destroy`.",
    ),
  pollIntervalMaxSeconds: z
    .number()
    .positive()
    .max(300)
    .optional()
    .describe(
      "The longest pause between two polls of a request, in seconds (default 10). Polls start at half a second and back off up to this cap. Changing it changes nothing on the server.",
    ),
  adopt: z
    .boolean()
    .optional()
    .describe(
      "Take over the one existing resource with this name, type, project, deployment and properties instead of creating another (names are not unique): how a run killed while creating it converges. With several such resources the creation fails naming them. Changing it changes nothing.",
    ),
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
  name: z.string().optional().describe("Name of the resource."),
  type: z.string().optional().describe("Type of the resource."),
  projectId: z.string().optional().describe("Id of the project the resource belongs to."),
  deploymentId: z.string().optional().describe("Id of the deployment the resource belongs to."),
  properties: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "The resource's properties as the server reports them (those set in the program, and any the server adds).",
    ),
  inputPropertyKeys: z
    .array(z.string())
    .optional()
    .describe("Names of the `properties` set by the program; the others were added by the server."),
  waitTimeoutSeconds: z.number().optional().describe("See the input of the same name."),
  pollIntervalMaxSeconds: z.number().optional().describe("See the input of the same name."),
  adopt: z.boolean().optional().describe("See the input of the same name."),
  resourceId: z.string().optional().describe("Id of the resource (also the Pulumi id)."),
  requestId: z.string().optional().describe("Id of the request that created the resource."),
  requestStatus: z
    .string()
    .optional()
    .describe(
      "Last known status of the creation request. Anything but `SUCCESSFUL` marks a resource whose creation did not finish: the next `pulumi up` deletes and re-creates it.",
    ),
  syncStatus: z
    .string()
    .optional()
    .describe("Sync status reported by the server: `SUCCESS`, `MISSING` or `STALE`."),
  origin: z
    .string()
    .optional()
    .describe("Origin of the resource: `DEPLOYED`, `DISCOVERED`, `ONBOARDED` or `MIGRATED`."),
  createdAt: z.string().optional().describe("Creation time reported by the server."),
  description: z.string().optional().describe("Description reported by the server."),
  orgId: z.string().optional().describe("Organisation id reported by the server."),
  projectName: z.string().optional().describe("Name of the project (from `expand=project`)."),
  deploymentName: z.string().optional().describe("Name of the deployment (from `expand=deployment`)."),
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
  id: nonEmpty("id").describe("Id of the resource."),
  expand: idList("expand")
    .optional()
    .describe("Objects to expand: `project`, `deployment`, `currentRequest`."),
};

/** Arguments of {@link getResource}. */
export const GetResourceArgs: z.ZodObject<typeof getResourceArgsShape, z.core.$strict> =
  z.strictObject(getResourceArgsShape);

/** Arguments of {@link getResource}. */
export type GetResourceArgs = z.infer<typeof GetResourceArgs>;

const getResourcesArgsShape = {
  projects: idList("projects").optional().describe("Only resources of these projects (ids)."),
  resourceTypes: idList("resourceTypes")
    .optional()
    .describe("Only resources of these types (e.g. `Cloud.vSphere.Machine`)."),
  cloudAccounts: idList("cloudAccounts").optional().describe("Only resources of these cloud accounts (ids)."),
  cloudTypes: idList("cloudTypes")
    .optional()
    .describe("Only resources of these cloud types (e.g. `vsphere`)."),
  tags: idList("tags").optional().describe("Only resources carrying one of these tags (`key:value`)."),
  search: z.string().optional().describe("Only resources where this text is part of a searchable field."),
  orderBy: orderBy
    .optional()
    .describe("Sort criteria applied in turn, each `<field>` or `<field> asc|desc` (default ascending)."),
  expand: idList("expand")
    .optional()
    .describe("Objects to expand in each resource: `project`, `deployment`, `currentRequest`."),
  skip: skip.optional().describe("Number of resources to skip."),
  top: top
    .optional()
    .describe("Number of resources wanted. Unset: every resource from `skip` on, fetched page by page."),
};

/** Arguments of {@link getResources}. */
export const GetResourcesArgs: z.ZodObject<typeof getResourcesArgsShape, z.core.$strict> =
  z.strictObject(getResourcesArgsShape);

/** Arguments of {@link getResources}. */
export type GetResourcesArgs = z.infer<typeof GetResourcesArgs>;

const getResourceFiltersArgsShape = {
  resourceTypes: idList("resourceTypes").optional().describe("Count only resources of these types."),
};

/** Arguments of {@link getResourceFilters}. */
export const GetResourceFiltersArgs: z.ZodObject<typeof getResourceFiltersArgsShape, z.core.$strict> =
  z.strictObject(getResourceFiltersArgsShape);

/** Arguments of {@link getResourceFilters}. */
export type GetResourceFiltersArgs = z.infer<typeof GetResourceFiltersArgs>;

const getResourceFilterArgsShape = {
  filterId: nonEmpty("filterId").describe(
    "Id of the filter, e.g. `projects`, `resourceTypes`, `cloudTypes`, `cloudAccounts`, `tags`, `origin`.",
  ),
  projects: idList("projects").optional().describe("Count only resources of these projects (ids)."),
  resourceTypes: idList("resourceTypes").optional().describe("Count only resources of these types."),
  search: z.string().optional().describe("Only entries matching this text."),
  orderBy: orderBy
    .optional()
    .describe("Sort criteria applied in turn, each `<field>` or `<field> asc|desc`."),
  skip: skip.optional().describe("Number of entries to skip."),
  top: top
    .optional()
    .describe("Number of entries wanted. Unset: every entry from `skip` on, fetched page by page."),
};

/** Arguments of {@link getResourceFilter}. */
export const GetResourceFilterArgs: z.ZodObject<typeof getResourceFilterArgsShape, z.core.$strict> =
  z.strictObject(getResourceFilterArgsShape);

/** Arguments of {@link getResourceFilter}. */
export type GetResourceFilterArgs = z.infer<typeof GetResourceFilterArgs>;

const getResourcesResultShape = {
  resources: z.array(Resource).describe("The matching resources, in the requested order."),
  totalElements: z.number().describe("How many resources match the filters, whatever `skip` and `top`."),
};

/** What {@link getResources} returns. */
export const GetResourcesResult: z.ZodObject<typeof getResourcesResultShape, z.core.$strict> =
  z.strictObject(getResourcesResultShape);

const getResourceFiltersResultShape = {
  filters: z
    .array(ResourceFilter)
    .describe("The filters of the calling user, each with its values and their counts."),
};

/** What {@link getResourceFilters} returns. */
export const GetResourceFiltersResult: z.ZodObject<typeof getResourceFiltersResultShape, z.core.$strict> =
  z.strictObject(getResourceFiltersResultShape);

const getResourceFilterResultShape = {
  filterId: z.string().describe("Id of the filter."),
  entries: z
    .array(FilterEntry)
    .describe("The filter's values with the number of matching resources, in the requested order."),
  totalElements: z.number().describe("How many values match, whatever `skip` and `top`."),
};

/** What {@link getResourceFilter} returns. */
export const GetResourceFilterResult: z.ZodObject<typeof getResourceFilterResultShape, z.core.$strict> =
  z.strictObject(getResourceFilterResultShape);

/**
 * What {@link getResources} returns. On the Output of `getResourcesOutput`, read `resources` inside
 * `apply` (`out.apply((r) => r.resources)`): `out.resources` is the Output's own member.
 */
export type GetResourcesResult = z.output<typeof GetResourcesResult>;

/** What {@link getResourceFilters} returns. */
export type GetResourceFiltersResult = z.output<typeof GetResourceFiltersResult>;

/** What {@link getResourceFilter} returns. */
export type GetResourceFilterResult = z.output<typeof GetResourceFilterResult>;

/** A filter of the list inputs: values separated by commas, as the API's query takes them. */
const commaList = (what: string) =>
  z.string().optional().describe(`Only resources of one of these ${what}, separated by commas.`);

/**
 * What `pulumi do aria:index:DeploymentResource list` filters by (the schema's `listInputs`): the
 * filters of `GET /deployment/api/resources`. Strings, comma-separated as the API takes them, since
 * `pulumi do` makes command-line flags of strings only.
 */
export const DeploymentResourceListInputs = z.strictObject({
  projects: commaList("projects (ids)"),
  resourceTypes: commaList("types (such as `Cloud.vSphere.Machine`)"),
  cloudAccounts: commaList("cloud accounts (ids)"),
  cloudTypes: commaList("cloud types (such as `vsphere`)"),
  tags: commaList("tags (`key:value`)"),
  search: z.string().optional().describe("Only resources where this text is part of a searchable field."),
});

/** What a deployment-resource listing filters by. */
export type DeploymentResourceListInputs = z.infer<typeof DeploymentResourceListInputs>;
