// One deployment resource whose every input comes from config, for the lifecycle cases: create and
// wait, failing and timed-out requests, replacement, refresh, out-of-band deletion and destroy.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();

const thing = new aria.DeploymentResource("thing", {
  name: config.get("name") ?? "e2e-thing",
  type: config.get("type") ?? "Custom.E2E.Thing",
  projectId: config.get("projectId"),
  properties: config.getObject<Record<string, unknown>>("properties") ?? { size: "small" },
  waitTimeoutSeconds: config.getNumber("waitTimeoutSeconds"),
  pollIntervalMaxSeconds: config.getNumber("pollIntervalMaxSeconds") ?? 0.5,
});

export const id = thing.id;
export const resourceId = thing.resourceId;
export const deploymentId = thing.deploymentId;
export const projectName = thing.projectName;
export const requestId = thing.requestId;
export const requestStatus = thing.requestStatus;
export const properties = thing.properties;
