/*
 * The fleet bench's program on the dynamic door (bench/fleet.mjs): the fault tier's fleet
 * (test/faults/programs/fleet) with names of the stack's own, so that many stacks share one server
 * without taking over each other's endpoints. Config (project namespace):
 *   prefix       the stack's names: endpoints `<prefix>-<i>`, deployment resources `<prefix>-res-<i>`
 *   count        number of jenkins endpoints, each with a secret
 *   deployments  number of deployment resources
 *   url          the server the endpoints point at (validation connects to it: the emulator itself)
 *   rev          in every endpoint's description (the phase changing every endpoint)
 *   password     secret
 */
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const prefix = config.require("prefix");
const count = config.requireNumber("count");
const deployments = config.requireNumber("deployments");
const url = config.require("url");
const rev = config.get("rev") ?? "1";
const password = config.requireSecret("password");

for (let i = 0; i < count; i++) {
  new aria.Endpoint(`ep-${i}`, {
    project: "Platform",
    name: `${prefix}-${i}`,
    type: "jenkins",
    description: `fleet endpoint ${i}, revision ${rev}`,
    properties: { url: `${url}/jenkins/${prefix}-${i}`, username: "bot", folderPath: "/jobs" },
    secretProperties: { password },
  });
}

for (let i = 0; i < deployments; i++) {
  new aria.DeploymentResource(`res-${i}`, {
    name: `${prefix}-res-${i}`,
    type: "Custom.E2E.Thing",
    properties: { size: "small", index: i },
    pollIntervalMaxSeconds: 0.5,
  });
}

export const endpoints = count;
