import type { PropertySpec, TileDefinition } from "./tile-types";

// Keys of jenkins, gerrit, jira, email, agent, k8s, git, dockerregistry and docker are the ones the
// product is known to use: its published documentation and endpoint documents exported from real
// servers (the git keys from those documents; README.md, "Pipeline endpoints", lists each type's keys). Keys of bamboo, tfs and vro are not published: they are the emulator's choice (see
// README), and the provider offers those types through the generic Endpoint only.

const str = (description: string, mandatory = false): PropertySpec => ({
  type: "String",
  description,
  mandatory,
});
const int = (description: string, mandatory = false): PropertySpec => ({
  type: "Integer",
  description,
  mandatory,
});
const secret = (description: string, mandatory = false): PropertySpec => ({
  type: "String",
  description,
  mandatory,
  secret: true,
});
const oneOf = (description: string, values: readonly string[], mandatory = false): PropertySpec => ({
  type: "String",
  description,
  mandatory,
  values,
});

const fingerprint = str("SHA-256 fingerprint of the server certificate (upper-case hex).");
const none = {};

/** Every endpoint type the emulator supports. */
export const TILE_CATALOG: readonly TileDefinition[] = [
  {
    tileId: "jenkins",
    displayName: "Jenkins",
    inputProperties: {
      url: str("URL of the Jenkins server.", true),
      username: str("User name."),
      password: secret("Password or API token."),
      folderPath: str("Folder containing the jobs."),
      pollInterval: int("Seconds between polls of a running job."),
      retryCount: int("Number of retries of a failed request."),
      retryWaitSeconds: int("Seconds to wait between retries."),
      fingerprint,
    },
    outputProperties: { jobUrl: str("URL of the job run."), jobStatus: str("Status of the job run.") },
    connect: { kind: "url", property: "url" },
  },
  {
    tileId: "git",
    displayName: "Git",
    inputProperties: {
      serverType: oneOf(
        "Git server flavour.",
        ["GitHub", "GitLab", "GitLab-Enterprise", "BitBucket", "BitBucket-Enterprise"],
        true,
      ),
      repoURL: str("URL of the repository.", true),
      branch: str("Branch to use.", true),
      authType: oneOf("How to authenticate.", ["password", "privateToken"]),
      userName: str("User name (authType password)."),
      password: secret("Password (authType password)."),
      privateToken: secret("Private access token (authType privateToken)."),
      fingerprint,
    },
    outputProperties: none,
    requires: [
      { property: "authType", equals: "password", require: ["userName", "password"] },
      { property: "authType", equals: "privateToken", require: ["privateToken"] },
    ],
    connect: { kind: "url", property: "repoURL" },
  },
  {
    tileId: "k8s",
    displayName: "Kubernetes",
    inputProperties: {
      kubernetesURL: str("URL of the Kubernetes API server.", true),
      authType: oneOf("How to authenticate.", ["certificate", "basicAuth", "token"], true),
      certAuthorityData: str("Certificate authority data (PEM or base64)."),
      certData: str("Client certificate data (authType certificate)."),
      certKeyData: secret("Client key data (authType certificate)."),
      userName: str("User name (authType basicAuth)."),
      password: secret("Password (authType basicAuth)."),
      token: secret("Bearer token (authType token)."),
      fingerprint,
    },
    outputProperties: none,
    requires: [
      { property: "authType", equals: "certificate", require: ["certData", "certKeyData"] },
      { property: "authType", equals: "basicAuth", require: ["userName", "password"] },
      { property: "authType", equals: "token", require: ["token"] },
    ],
    connect: { kind: "url", property: "kubernetesURL" },
  },
  {
    tileId: "jira",
    displayName: "Jira",
    inputProperties: {
      url: str("URL of the Jira server.", true),
      username: str("User name.", true),
      password: secret("Password or API token."),
      fingerprint,
    },
    outputProperties: { ticketId: str("Key of the created ticket.") },
    connect: { kind: "url", property: "url" },
  },
  {
    tileId: "email",
    displayName: "Email",
    inputProperties: {
      senderAddress: str("Address mails are sent from.", true),
      encryptionMethod: oneOf("Transport encryption.", ["TLS", "SSL", "NONE"], true),
      outboundHost: str("Mail server host.", true),
      outboundPort: int("Mail server port.", true),
      outboundProtocol: oneOf("Mail protocol.", ["smtp", "pop3"], true),
      outboundUsername: str("User name on the mail server."),
      outboundPassword: secret("Password on the mail server."),
    },
    outputProperties: none,
    connect: {
      kind: "host-port",
      host: "outboundHost",
      port: "outboundPort",
      tlsWhen: { property: "encryptionMethod", equals: "SSL" },
    },
  },
  {
    tileId: "gerrit",
    displayName: "Gerrit",
    inputProperties: {
      url: str("URL of the Gerrit server.", true),
      username: str("User name.", true),
      password: secret("HTTP password."),
      privateKey: secret("SSH private key."),
      passPhrase: secret("Pass phrase of the private key."),
      fingerprint,
      leMansAgent: str("Cloud proxy used to reach the server."),
    },
    outputProperties: none,
    connect: { kind: "url", property: "url" },
  },
  {
    tileId: "agent",
    displayName: "Agent",
    inputProperties: { leMansAgent: str("Id of the cloud proxy acting as agent.", true) },
    outputProperties: none,
  },
  {
    tileId: "docker",
    displayName: "Docker",
    inputProperties: {
      url: str("URL of the Docker host API (http://host:4243, or https://host:2376 with TLS).", true),
      certificate: str("Certificate for a TLS Docker host (PEM); empty without TLS."),
      sharedPath: str("Path on the Docker host shared with the containers that run CI tasks."),
      pollInterval: int("Seconds between polls of a running CI task."),
      fingerprint,
    },
    outputProperties: none,
    connect: { kind: "url", property: "url" },
  },
  {
    tileId: "dockerregistry",
    displayName: "Docker Registry",
    inputProperties: {
      serverType: str("Registry flavour (e.g. dockerhub)."),
      repoURL: str("URL of the registry.", true),
      username: str("User name."),
      password: secret("Password or access token."),
      fingerprint,
    },
    outputProperties: none,
    connect: { kind: "url", property: "repoURL" },
  },
  {
    tileId: "bamboo",
    displayName: "Bamboo",
    inputProperties: {
      url: str("URL of the Bamboo server.", true),
      username: str("User name.", true),
      password: secret("Password."),
      fingerprint,
    },
    outputProperties: { planResultUrl: str("URL of the plan result.") },
    connect: { kind: "url", property: "url" },
  },
  {
    tileId: "tfs",
    displayName: "Team Foundation Server",
    inputProperties: {
      url: str("URL of the server.", true),
      projectCollection: str("Project collection.", true),
      username: str("User name."),
      password: secret("Password or personal access token."),
      fingerprint,
    },
    outputProperties: { buildUrl: str("URL of the build.") },
    connect: { kind: "url", property: "url" },
  },
  {
    tileId: "vro",
    displayName: "vRealize Orchestrator",
    inputProperties: {
      url: str("URL of the Orchestrator server.", true),
      username: str("User name.", true),
      password: secret("Password."),
      fingerprint,
    },
    outputProperties: { workflowExecutionUrl: str("URL of the workflow run.") },
    connect: { kind: "url", property: "url" },
  },
];
