// The "before" of a migration from the dynamic resources to the provider plugin's: two endpoints of a
// TypeScript program. With config `retain` true they are retained on the server when they leave the
// stack (the first step of the documented path, docs/guides/plugin-migration.md).
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const opts: pulumi.CustomResourceOptions = { retainOnDelete: config.getBoolean("retain") ?? false };

const jenkins = new aria.JenkinsEndpoint(
  "jenkins",
  {
    project: "Platform",
    url: "https://jenkins.example.com",
    username: "ci",
    password: config.requireSecret("password"),
  },
  opts,
);
const repo = new aria.Endpoint(
  "app-repo",
  {
    type: "git",
    project: "Platform",
    properties: {
      serverType: "GitHub",
      repoURL: "https://github.com/example/app",
      branch: "main",
      authType: "privateToken",
    },
    secretProperties: { privateToken: config.requireSecret("token") },
  },
  opts,
);

export const jenkinsId = jenkins.id;
export const repoId = repo.id;
