// Every published endpoint type in the shape real servers store it, declared twice: with its typed
// resource and with the generic `Endpoint`. `url` is a plain-http server and `tlsUrl` an https one
// that the emulator's validation can reach; PEM material comes base64-encoded through config.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const http = config.require("url");
const https = config.require("tlsUrl");
const fingerprint = config.require("fingerprint");
const project = config.require("project");
const secret = config.requireSecret("secret");
const pem = (key: string) => Buffer.from(config.require(key), "base64").toString("utf8");
const caCert = pem("caCert");
const leafCert = pem("leafCert");
const leafKey = config.requireSecret("leafKey").apply((b64) => Buffer.from(b64, "base64").toString("utf8"));
const mail = new URL(http);

/** The non-secret and secret properties of one endpoint, in the product's names and types. */
interface Shape {
  type: string;
  properties: Record<string, string | number>;
  secretProperties: Record<string, pulumi.Input<string>>;
}

const shapes: Record<string, Shape> = {
  "git-password": {
    type: "git",
    properties: {
      serverType: "GitHub",
      repoURL: `${http}/org/app.git`,
      branch: "main",
      authType: "password",
      userName: "ci-bot",
    },
    secretProperties: { password: secret },
  },
  "git-token": {
    type: "git",
    properties: {
      serverType: "GitLab",
      repoURL: `${https}/group/app.git`,
      branch: "release/1.x",
      authType: "privateToken",
      fingerprint,
    },
    secretProperties: { privateToken: secret },
  },
  "git-gitlab-enterprise": {
    type: "git",
    properties: {
      serverType: "GitLab-Enterprise",
      repoURL: `${https}/platform/infra.git`,
      branch: "main",
      authType: "password",
      userName: "svc-gitlab",
    },
    // A pipeline-variable reference: the secret itself never reaches Pulumi.
    secretProperties: { password: "${var.GITLAB_PASSWORD}" },
  },
  registry: {
    type: "dockerregistry",
    properties: { serverType: "dockerhub", repoURL: `${https}/v2/`, username: "pusher", fingerprint },
    secretProperties: { password: secret },
  },
  "docker-plain": {
    type: "docker",
    properties: { url: http, certificate: "", sharedPath: "/var/tmp/ci", pollInterval: 5 },
    secretProperties: {},
  },
  "docker-tls": {
    type: "docker",
    properties: { url: https, certificate: caCert, sharedPath: "/opt/shared", pollInterval: 30, fingerprint },
    secretProperties: {},
  },
  "k8s-token": {
    type: "k8s",
    properties: { kubernetesURL: https, authType: "token", fingerprint },
    secretProperties: { token: secret },
  },
  "k8s-certificates": {
    type: "k8s",
    properties: {
      kubernetesURL: https,
      authType: "certificate",
      certAuthorityData: caCert,
      certData: leafCert,
    },
    secretProperties: { certKeyData: leafKey },
  },
  email: {
    type: "email",
    properties: {
      senderAddress: "ci@example.com",
      encryptionMethod: "NONE",
      outboundHost: mail.hostname,
      outboundPort: Number(mail.port),
      outboundProtocol: "smtp",
      outboundUsername: "mailer",
    },
    secretProperties: { outboundPassword: secret },
  },
  jira: {
    type: "jira",
    properties: { url: https, username: "jira-bot", fingerprint },
    secretProperties: { password: secret },
  },
  jenkins: {
    type: "jenkins",
    properties: {
      url: `${http}/jenkins`,
      username: "jenkins-bot",
      folderPath: "",
      pollInterval: 15,
      retryCount: 3,
      retryWaitSeconds: 10,
    },
    secretProperties: { password: secret },
  },
  gerrit: {
    type: "gerrit",
    properties: { url: `${http}/gerrit`, username: "gerrit-bot", leMansAgent: "" },
    secretProperties: { password: secret, privateKey: leafKey, passPhrase: secret },
  },
  agent: { type: "agent", properties: { leMansAgent: "cloud-proxy-7f3a" }, secretProperties: {} },
};

// The generic resource, straight from the shapes.
for (const [name, shape] of Object.entries(shapes)) {
  new aria.Endpoint(`generic-${name}`, { project, ...shape });
}

// The typed resources, written as a user writes them.
new aria.GitEndpoint("typed-git-password", {
  project,
  serverType: "GitHub",
  repoURL: `${http}/org/app.git`,
  branch: "main",
  authType: "password",
  userName: "ci-bot",
  password: secret,
});
new aria.GitEndpoint("typed-git-token", {
  project,
  serverType: "GitLab",
  repoURL: `${https}/group/app.git`,
  branch: "release/1.x",
  authType: "privateToken",
  privateToken: secret,
  fingerprint,
});
new aria.GitEndpoint("typed-git-gitlab-enterprise", {
  project,
  serverType: "GitLab-Enterprise",
  repoURL: `${https}/platform/infra.git`,
  branch: "main",
  authType: "password",
  userName: "svc-gitlab",
  password: "${var.GITLAB_PASSWORD}",
});
new aria.DockerRegistryEndpoint("typed-registry", {
  project,
  serverType: "dockerhub",
  repoURL: `${https}/v2/`,
  username: "pusher",
  password: secret,
  fingerprint,
});
new aria.DockerEndpoint("typed-docker-plain", {
  project,
  url: http,
  certificate: "",
  sharedPath: "/var/tmp/ci",
  pollInterval: 5,
});
new aria.DockerEndpoint("typed-docker-tls", {
  project,
  url: https,
  certificate: caCert,
  sharedPath: "/opt/shared",
  pollInterval: 30,
  fingerprint,
});
new aria.KubernetesEndpoint("typed-k8s-token", {
  project,
  kubernetesURL: https,
  authType: "token",
  token: secret,
  fingerprint,
});
new aria.KubernetesEndpoint("typed-k8s-certificates", {
  project,
  kubernetesURL: https,
  authType: "certificate",
  certAuthorityData: caCert,
  certData: leafCert,
  certKeyData: leafKey,
});
new aria.EmailEndpoint("typed-email", {
  project,
  senderAddress: "ci@example.com",
  encryptionMethod: "NONE",
  outboundHost: mail.hostname,
  outboundPort: Number(mail.port),
  outboundProtocol: "smtp",
  outboundUsername: "mailer",
  outboundPassword: secret,
});
new aria.JiraEndpoint("typed-jira", {
  project,
  url: https,
  username: "jira-bot",
  password: secret,
  fingerprint,
});
new aria.JenkinsEndpoint("typed-jenkins", {
  project,
  url: `${http}/jenkins`,
  username: "jenkins-bot",
  password: secret,
  folderPath: "",
  pollInterval: 15,
  retryCount: 3,
  retryWaitSeconds: 10,
});
new aria.GerritEndpoint("typed-gerrit", {
  project,
  url: `${http}/gerrit`,
  username: "gerrit-bot",
  password: secret,
  privateKey: leafKey,
  passPhrase: secret,
  leMansAgent: "",
});
new aria.AgentEndpoint("typed-agent", { project, leMansAgent: "cloud-proxy-7f3a" });

export const declared = Object.keys(shapes);
