// Every kind of the TypeScript resources with a secret in every place one can go, for the canary
// sweep (secrets-canary.test.ts): a typed endpoint's secret input, an endpoint's secretProperties, a
// password among an endpoint's plain properties (from the environment, as a literal would be), a
// deployment resource's properties at depth, and the lookups that give them back. Each secret is a
// canary the test looks for in clear everywhere afterwards.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const project = "Platform";
const url = "https://jenkins.example.com";

const jenkins = new aria.JenkinsEndpoint("jenkins", {
  name: "ts-jenkins",
  project,
  description: config.require("description"),
  url,
  username: "ci",
  password: config.requireSecret("jenkinsPassword"),
});

const git = new aria.GitEndpoint("git", {
  name: "ts-git",
  project,
  serverType: "GitHub",
  repoURL: "https://github.com/example/app",
  branch: "main",
  authType: "privateToken",
  privateToken: config.requireSecret("gitToken"),
});

const generic = new aria.Endpoint("generic", {
  name: "ts-generic",
  type: "jenkins",
  project,
  properties: { url, username: "bot" },
  secretProperties: { password: config.requireSecret("genericPassword") },
});

// A new user's mistake: the password among the plain properties (check moves it to secretProperties).
const plain = new aria.Endpoint("plain", {
  name: "ts-plain",
  type: "jenkins",
  project,
  properties: { url, username: "bot", password: process.env.ARIA_CANARY_PLAIN_PASSWORD ?? "" },
});

const thing = new aria.DeploymentResource("thing", {
  name: "ts-thing",
  type: "Custom.Canary.Ts",
  properties: {
    size: "small",
    password: config.requireSecret("thingPassword"),
    credentials: { apiToken: config.requireSecret("thingApiToken") },
  },
  pollIntervalMaxSeconds: 0.5,
});

const byId = aria.getResourceOutput({ id: thing.id });
const byType = aria.getResourcesOutput({ resourceTypes: thing.type.apply((type) => [type]) });
const found = aria.getEndpointOutput({ id: jenkins.id });

export const ids = pulumi.all([jenkins.id, git.id, generic.id, plain.id, thing.id]);
export const genericSecretProperties = generic.secretProperties;
export const plainProperties = plain.properties;
export const plainSecretProperties = plain.secretProperties;
export const thingProperties = thing.properties;
export const lookedUpProperties = byId.properties;
// `.resources` of an Output is the Output's own member (the resources it depends on), not the
// result's field: read the field with apply.
export const listed = byType.apply((result) => result.resources);
export const foundProperties = found.properties;
