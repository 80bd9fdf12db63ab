// A program that looks up what it declares itself, as GitOps programs do: an endpoint found by
// project and name from the resource's own outputs, and a resource listing that waits for a
// deployment resource through `dependsOn`.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const project = config.require("project");
const projectId = config.require("projectId");
const suffix = config.get("suffix") ?? "gitops";

const agent = new aria.AgentEndpoint("agent", {
  name: `lookup-${suffix}`,
  project,
  cloudProxyId: "cloud-proxy-1",
  leMansAgent: "cloud-proxy-1",
});

const found = aria.getEndpointOutput({ project: agent.project, name: agent.name });

const bucket = new aria.DeploymentResource("bucket", {
  name: `listed-${suffix}`,
  type: "Custom.Bucket",
  projectId,
  properties: { tier: "gold" },
});

// No argument refers to the resource: only dependsOn makes the listing wait for it.
const listed = aria.getResourcesOutput({ search: `listed-${suffix}` }, { dependsOn: [bucket] });

export const endpointId = agent.endpointId;
export const foundId = found.id;
export const foundName = found.name;
// `listed.resources` would be the Output's own member, not the field: read fields inside apply.
export const listedNames = listed.apply((result) => result.resources.map((r) => r.name));
