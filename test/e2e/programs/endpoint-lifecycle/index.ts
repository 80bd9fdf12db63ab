// A generic endpoint and one typed endpoint of each kind, pointing at a server the emulator's
// validation can reach. Config varies the generic endpoint between runs (update, replacement).
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const url = config.require("url");
const host = new URL(url);
const password = config.requireSecret("password");
const project = config.get("project") ?? "Platform";

const generic = new aria.Endpoint("generic", {
  name: config.get("genericName") ?? "generic-ci",
  type: config.get("genericType") ?? "jenkins",
  project,
  description: config.get("description") ?? "CI server",
  properties: { url, username: "bot" },
  secretProperties: { password },
});

const jenkins = new aria.JenkinsEndpoint("jenkins", {
  project,
  url,
  username: "bot",
  password,
  pollInterval: 15,
});
const git = new aria.GitEndpoint("git", {
  project,
  serverType: "GitLab",
  repoURL: `${url}/group/repo.git`,
  branch: "main",
  authType: "privateToken",
  privateToken: password,
});
const k8s = new aria.KubernetesEndpoint("k8s", {
  project,
  kubernetesURL: url,
  authType: "token",
  token: password,
});
const jira = new aria.JiraEndpoint("jira", { project, url, username: "bot", password });
const email = new aria.EmailEndpoint("email", {
  project,
  senderAddress: "ci@example.com",
  encryptionMethod: "NONE",
  outboundHost: host.hostname,
  outboundPort: Number(host.port),
  outboundProtocol: "smtp",
  outboundUsername: "ci",
  outboundPassword: password,
});
const gerrit = new aria.GerritEndpoint("gerrit", {
  project,
  url,
  username: "bot",
  password,
  passPhrase: password,
});
const registry = new aria.DockerRegistryEndpoint("registry", {
  project,
  repoURL: url,
  serverType: "dockerhub",
  username: "bot",
  password,
});
const docker = new aria.DockerEndpoint("docker", {
  project,
  url,
  certificate: "",
  sharedPath: "/var/tmp",
  pollInterval: 5,
});
const agent = new aria.AgentEndpoint("agent", { project, leMansAgent: "cloud-proxy-1" });

export const genericId = generic.id;
export const genericType = generic.type;
export const genericProjectId = generic.projectId;
export const genericSecret = generic.secretProperties;
export const ids = pulumi.all([
  jenkins.id,
  git.id,
  k8s.id,
  jira.id,
  email.id,
  gerrit.id,
  registry.id,
  docker.id,
  agent.id,
]);
