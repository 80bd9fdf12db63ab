// A large stack for the fault tier: `count` jenkins endpoints with a secret each, and `deployments`
// deployment resources. `rev` changes every endpoint's description (the update-everything phase).
// The endpoints are validated by the server, as by default (their URLs point at the emulator).
// `adoptResources` sets the deployment resources' `adopt` (the killed-run phase).
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const url = config.require("url");
const count = config.requireNumber("count");
const deployments = config.getNumber("deployments") ?? 0;
const rev = config.get("rev") ?? "1";
const password = config.requireSecret("password");
const adoptResources = config.getBoolean("adoptResources");

const endpoints: aria.Endpoint[] = [];
for (let i = 0; i < count; i++) {
  endpoints.push(
    new aria.Endpoint(`ep-${i}`, {
      project: "Platform",
      name: `fleet-${i}`,
      type: "jenkins",
      description: `fleet endpoint ${i}, revision ${rev}`,
      properties: { url: `${url}/jenkins/${i}`, username: "bot", folderPath: "/jobs" },
      secretProperties: { password },
    }),
  );
}

for (let i = 0; i < deployments; i++) {
  new aria.DeploymentResource(`res-${i}`, {
    name: `fleet-res-${i}`,
    type: "Custom.E2E.Thing",
    properties: { size: "small", index: i },
    pollIntervalMaxSeconds: 0.5,
    ...(adoptResources === undefined ? {} : { adopt: adoptResources }),
  });
}

export const endpointCount = endpoints.length;
