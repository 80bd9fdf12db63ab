// Every resource lookup over the emulator's seeded resources, with filters, orderings and paging
// edges; the test compares the exported results with what the API answers directly.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const platform = config.require("platformProjectId");

const summary = (r: aria.GetResourcesResult) => ({
  count: r.resources.length,
  totalElements: r.totalElements,
  names: r.resources.map((x) => x.name),
});

export const all = aria.getResources().then(summary);
export const byProject = aria.getResources({ projects: [platform] }).then(summary);
export const byTypes = aria
  .getResources({ resourceTypes: ["Cloud.AWS.S3.Bucket", "Cloud.GCP.Machine"] })
  .then(summary);
export const byCloudAccount = aria.getResources({ cloudAccounts: ["aws-main"] }).then(summary);
export const byCloudTypes = aria.getResources({ cloudTypes: ["azure", "nsxt"] }).then(summary);
export const byTags = aria.getResources({ tags: ["tier:gold"] }).then(summary);
export const bySearch = aria.getResources({ search: "billing" }).then(summary);
export const combined = aria
  .getResources({
    projects: [platform],
    cloudTypes: ["vsphere"],
    tags: ["env:prod"],
    orderBy: ["createdAt desc"],
  })
  .then(summary);
export const ordered = aria.getResources({ orderBy: ["type desc", "name asc"], top: 5 }).then(summary);
export const tail = aria.getResources({ skip: config.requireNumber("tailSkip") }).then(summary);
export const onePage = aria.getResources({ top: 100 }).then(summary);
export const manyPages = aria.getResources({ skip: 20, top: 250, orderBy: ["name desc"] }).then(summary);
export const empty = aria.getResources({ search: "no-such-resource-anywhere" }).then(summary);

const first = aria.getResourcesOutput({ top: 1 }).apply((r) => r.resources[0].id);
export const one = aria
  .getResourceOutput({ id: first, expand: ["project", "deployment"] })
  .apply((r) => ({ id: r.id, name: r.name, projectName: r.project?.name, deploymentId: r.deployment?.id }));

export const filterIds = aria.getResourceFilters().then((r) => r.filters.map((f) => f.id).sort());
export const s3Projects = aria
  .getResourceFiltersOutput({ resourceTypes: ["Cloud.AWS.S3.Bucket"] })
  .apply((r) =>
    r.filters.find((f) => f.id === "projects")?.content.map((e) => ({ id: e.id, count: e.count })),
  );
export const topTags = aria
  .getResourceFilter({ filterId: "tags", orderBy: ["count desc", "name asc"], top: 3 })
  .then((r) => ({
    entries: r.entries.map((e) => ({ id: e.id, count: e.count })),
    totalElements: r.totalElements,
  }));
export const envTags = aria
  .getResourceFilterOutput({ filterId: "tags", search: "env:" })
  .apply((r) => r.entries.map((e) => e.id));

// An existing resource read into the program (not managed: destroy leaves it alone).
const existing = aria.DeploymentResource.get("existing", first);
export const existingResource = pulumi
  .all([existing.id, existing.name, existing.type, existing.projectName])
  .apply(([id, name, type, projectName]) => ({ id, name, type, projectName }));
