// Endpoints whose inputs are outputs of an endpoint not yet created: unknown during the first preview,
// whatever their declared type (string, boolean, a whole property bag, the endpoint type itself).
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const url = config.require("url");

const base = new aria.Endpoint("base", {
  type: "jenkins",
  project: "Platform",
  properties: { url },
  secretProperties: { password: config.requireSecret("password") },
});

const proxy = new aria.AgentEndpoint("agent", {
  project: "Platform",
  leMansAgent: base.endpointId,
  description: base.createdAt,
  isRestricted: base.isRestricted,
});

const dependent = new aria.Endpoint("dependent", {
  type: base.type.apply(() => "agent"),
  project: base.project,
  properties: base.endpointId.apply((id) => ({ leMansAgent: `proxy-of-${id}` })),
});

export const agentId = proxy.id;
export const dependentId = dependent.id;
