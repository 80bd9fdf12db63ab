/**
 * Deployment resources: a resource created through the deployment API and waited for, then the
 * lookups a program uses to find resources (filters, sorting, paging) and to summarise them
 * (resource filters with their counts).
 *
 * Aria Automation is configured with `vra:url` and `vra:refreshToken` (or the `VRA_*` environment
 * variables); see the README.
 */
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const projectName = config.get("project") ?? "Platform";
const stack = pulumi.getStack();

// The deployment API takes project ids. Resolve the name through the `projects` resource filter (it
// lists the projects that hold resources), unless the id is configured.
const projectId: pulumi.Input<string> =
  config.get("projectId") ??
  aria.getResourceFilter({ filterId: "projects", search: projectName }).then((filter) => {
    const project = filter.entries.find((entry) => entry.name === projectName);
    if (!project) {
      const known = filter.entries.map((entry) => entry.name).join(", ");
      throw new Error(`No project named '${projectName}' holds resources (projects seen: ${known}).`);
    }
    return project.id;
  });

// Creation is asynchronous on the server: the provider polls the request (backing off up to
// pollIntervalMaxSeconds) until it succeeds, and fails the update with the request's details if it
// fails or outlasts waitTimeoutSeconds; a half-created resource is removed. Every input change
// replaces the resource: the API has no update.
const agent = new aria.DeploymentResource("build-agent", {
  name: `${stack}-build-agent`,
  type: "Cloud.vSphere.Machine",
  projectId,
  properties: {
    cpuCount: 2,
    totalMemoryMB: 4096,
    tags: [
      { key: "role", value: "build-agent" },
      { key: "stack", value: stack },
    ],
  },
  waitTimeoutSeconds: 15 * 60,
  pollIntervalMaxSeconds: 5,
});

// The lookups take the resource's outputs as inputs, so they run once it exists and see it.
const project = agent.projectId.apply((id) => [id]);

// One resource by id, with its project and deployment expanded.
const created = aria.getResourceOutput({ id: agent.resourceId, expand: ["project", "deployment"] });

// Filters of one kind match any of their values; different kinds must all match.
const machines = { projects: project, resourceTypes: ["Cloud.vSphere.Machine"], orderBy: ["name asc"] };
// Without `top` the lookup reads every page itself...
const allMachines = aria.getResourcesOutput(machines);
// ...with `skip` and `top` it returns one window: here the second page of five.
const secondPage = aria.getResourcesOutput({ ...machines, skip: 5, top: 5 });
// Tags are `key:value`; `search` matches any searchable field.
const tagged = aria.getResourcesOutput({ projects: project, tags: [`stack:${stack}`] });
const searched = aria.getResourcesOutput({ projects: project, search: "build-agent" });

// Resource filters: the dimensions the server can filter on, each value with its resource count.
const filters = aria.getResourceFiltersOutput({ resourceTypes: ["Cloud.vSphere.Machine"] });
const topTypes = aria.getResourceFilterOutput({
  filterId: "resourceTypes",
  projects: project,
  orderBy: ["count desc", "name asc"],
  top: 3,
});

/** The created resource. */
export const resourceId = agent.resourceId;
export const deploymentId = agent.deploymentId;
export const requestStatus = agent.requestStatus;
export const deploymentName = created.apply((r) => r.deployment?.name ?? r.deploymentId);
/** How many vSphere machines the project holds, and the names on the second page of five. */
export const machineCount = allMachines.apply((r) => r.resources.length);
export const machineTotal = allMachines.apply((r) => r.totalElements);
export const secondPageNames = secondPage.apply((r) => r.resources.map((m) => m.name));
/** What the tag and the text search found. */
export const taggedNames = tagged.apply((r) => r.resources.map((m) => m.name));
export const searchedNames = searched.apply((r) => r.resources.map((m) => m.name));
/** The filters on offer, and the project's three most common resource types. */
export const filterIds = filters.apply((r) => r.filters.map((f) => f.id));
export const commonTypes = topTypes.apply((r) => r.entries.map((e) => `${e.name ?? e.id}: ${e.count ?? 0}`));
