// Two endpoints through the dynamic resources, for aria-reconcile: a typed one with a secret and a
// description to change out of band, and a generic one to delete out of band.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();

const jenkins = new aria.JenkinsEndpoint("jenkins", {
  project: "Platform",
  description: "CI server",
  url: "https://jenkins.example.com",
  username: "ci",
  password: config.requireSecret("password"),
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
  secretProperties: { privateToken: config.requireSecret("gitToken") },
});

export const jenkinsId = jenkins.id;
export const gitId = git.id;
