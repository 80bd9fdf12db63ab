/**
 * Quickstart: the pipeline endpoints a team's pipelines need, declared with pulumi-aria.
 *
 *  - a Jenkins server (typed resource), whose TLS certificate is fetched through Aria Automation and
 *    pinned as the endpoint's fingerprint;
 *  - a Git repository (typed resource) reached with a private token;
 *  - a second Jenkins endpoint for release jobs, declared with the generic `Endpoint` resource, which
 *    takes any endpoint type the server knows, properties by name;
 *  - a by-name lookup of an endpoint, as another stack or a script would find it.
 *
 * Passwords and tokens come from `pulumi config set --secret`: they are encrypted in the stack
 * configuration and the state, and never shown. Aria Automation itself is configured with `vra:url` and
 * `vra:refreshToken` (or the `VRA_*` environment variables); see the README.
 */
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
/** Project of the endpoints; unset: the server's default project. */
const project = config.get("project");
const jenkinsUrl = config.require("jenkinsUrl");
const jenkinsUser = config.get("jenkinsUser") ?? "pulumi";
const jenkinsPassword = config.requireSecret("jenkinsPassword");
const gitRepoUrl = config.require("gitRepoUrl");
const gitBranch = config.get("gitBranch") ?? "main";
const gitToken = config.requireSecret("gitToken");

// Endpoint names are unique within a project: prefixing them with the stack name lets dev and prod
// stacks share a project.
const prefix = pulumi.getStack();

// The certificate Jenkins presents, as Aria Automation sees it. Pinning its SHA-256 fingerprint makes
// the server refuse any other certificate; when Jenkins gets a new one, `pulumi up` pins the new one.
const jenkinsFingerprint = jenkinsUrl.startsWith("https:")
  ? aria.getEndpointCertificateOutput({ url: jenkinsUrl }).apply((chain) => {
      if (!chain.sha256Fingerprint) throw new Error(`${jenkinsUrl} presented no certificate to pin`);
      return chain.sha256Fingerprint;
    })
  : undefined;

const jenkins = new aria.JenkinsEndpoint("jenkins", {
  name: `${prefix}-jenkins`,
  project,
  description: "CI server, managed by Pulumi",
  url: jenkinsUrl,
  username: jenkinsUser,
  password: jenkinsPassword,
  folderPath: "pipelines",
  pollInterval: 15,
  retryCount: 3,
  retryWaitSeconds: 10,
  fingerprint: jenkinsFingerprint,
});

const repo = new aria.GitEndpoint("repo", {
  name: `${prefix}-app-repo`,
  project,
  description: "Application repository, managed by Pulumi",
  serverType: "GitHub",
  repoURL: gitRepoUrl,
  branch: gitBranch,
  authType: "privateToken",
  privateToken: gitToken,
});

// The generic resource: the type is a tile id of the server (`aria.getEndpointTiles()` lists them),
// `properties` hold the plain values and `secretProperties` the secret ones.
const releaseJenkins = new aria.Endpoint("release-jenkins", {
  name: `${prefix}-release-jenkins`,
  type: "jenkins",
  project,
  description: "Release jobs, managed by Pulumi",
  properties: {
    url: jenkinsUrl,
    username: jenkinsUser,
    folderPath: "release",
    fingerprint: jenkinsFingerprint,
  },
  secretProperties: { password: jenkinsPassword },
});

// Look an endpoint up by project and name, as a stack that only consumes it would. It runs once the
// endpoint exists (its inputs are the resource's outputs), and again at every preview and update.
const found = aria.getEndpointOutput({ project: jenkins.project, name: jenkins.name });

/** The project the endpoints landed in. */
export const endpointProject = jenkins.project;
/** Ids of the endpoints, as pipelines reference them. */
export const jenkinsEndpointId = jenkins.endpointId;
export const gitEndpointId = repo.endpointId;
export const releaseEndpointId = releaseJenkins.endpointId;
/** The pinned fingerprint of the Jenkins certificate. */
export const jenkinsCertificateFingerprint = jenkinsFingerprint;
/** What the by-name lookup found. */
export const lookedUpByName = found.apply((endpoint) => ({
  id: endpoint.id,
  name: endpoint.name,
  type: endpoint.type,
  project: endpoint.project,
  url: endpoint.properties.url,
}));
