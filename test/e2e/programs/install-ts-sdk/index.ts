import * as pulumi from "@pulumi/pulumi";
import * as aria from "@pulumi-aria/aria";

const jenkins = new aria.JenkinsEndpoint("jenkins", {
  project: "Platform",
  description: "CI server",
  url: "https://jenkins.example.com",
  username: "ci",
  password: "e2e-Jenkins-Passw0rd",
});

const git = new aria.Endpoint("git", {
  name: "app-repo",
  type: "git",
  project: "Platform",
  properties: {
    serverType: "GitHub",
    repoURL: "https://github.com/example/app",
    branch: "main",
    authType: "privateToken",
  },
  secretProperties: { privateToken: "e2e-Git-T0ken" },
});

const thing = new aria.DeploymentResource("thing", {
  name: "yaml-thing",
  type: "Custom.E2E.Thing",
  properties: { size: "small" },
  pollIntervalMaxSeconds: 0.5,
});

const found = aria.getEndpointOutput({ id: jenkins.id });
const tiles = aria.getEndpointTilesOutput();

export const jenkinsId = jenkins.id;
export const gitId = git.id;
export const thingId = thing.id;
export const foundName = found.name;
export const foundType = found.type;
export const firstTile = tiles.tiles[0];

// Whether an endpoint and a deployment resource are on the server, by id, without managing or
// importing them: false for an id the server does not have, an error when it cannot say (refused
// credentials, a server error). The config's `checkEndpointId` and `checkResourceId` name others than
// this stack's own.
const config = new pulumi.Config();
export const endpointExists = aria.Endpoint.exists(config.get("checkEndpointId") ?? jenkins.id);
export const resourceExists = aria.DeploymentResource.exists(config.get("checkResourceId") ?? thing.id);
