import { z } from "zod";
import { defineTypedEndpoint } from "./common";

/*
 * Every typed endpoint, declared once: its resource name, endpoint type, title and inputs as a zod
 * shape, each input's text written once in `.describe()` (a secret one marked
 * `.meta({ description, secret: true })`). The registry (../../registry/typed-endpoints.ts), the
 * plugin's schema and the dynamic door's generated classes (`npm run gen`) all read this list.
 * Adding a type: one entry here, then regenerate (CONTRIBUTING.md, "add an endpoint type").
 */

/** A secret string input (optional): its text, and the mark that routes it to `secretProperties`. */
const secretInput = (description: string) => z.string().optional().meta({ description, secret: true });

/** The optional input pinning a server's certificate, `whose` naming the server (`the server's`). */
const fingerprint = (whose: string) =>
  z
    .string()
    .optional()
    .describe(`SHA-256 fingerprint of ${whose} certificate (see \`getEndpointCertificate\`).`);

/** Every typed endpoint, in the order the registry lists them. */
export const TYPED_ENDPOINT_DECLARATIONS = [
  defineTypedEndpoint({
    className: "AgentEndpoint",
    type: "agent",
    title: "agent endpoint",
    about: "a cloud proxy that runs pipeline tasks on premises",
    inputs: {
      leMansAgent: z.string().describe("Id of the cloud proxy acting as agent."),
    },
  }),
  defineTypedEndpoint({
    className: "DockerEndpoint",
    type: "docker",
    title: "Docker host endpoint",
    about: "the host that runs a pipeline's CI tasks in containers",
    inputs: {
      url: z
        .string()
        .describe("URL of the Docker host's API: `http://host:4243`, or `https://host:2376` with TLS."),
      certificate: z
        .string()
        .optional()
        .describe('Certificate of a TLS Docker host (PEM); `""` (or unset) without TLS.'),
      sharedPath: z
        .string()
        .optional()
        .describe("Path on the Docker host shared with the containers that run CI tasks."),
      pollInterval: z.number().optional().describe("Seconds between polls of a running CI task (a number)."),
      fingerprint: fingerprint("the host's"),
    },
  }),
  defineTypedEndpoint({
    className: "DockerRegistryEndpoint",
    type: "dockerregistry",
    title: "Docker registry endpoint",
    inputs: {
      repoURL: z.string().describe("URL of the registry."),
      serverType: z
        .string()
        .optional()
        .describe("Registry flavour, as the product names it (e.g. `dockerhub`)."),
      username: z.string().optional().describe("User name."),
      password: secretInput(
        "Password or access token (secret), or a pipeline-variable reference `${var.NAME}`.",
      ),
      fingerprint: fingerprint("the registry's"),
    },
  }),
  defineTypedEndpoint({
    className: "EmailEndpoint",
    type: "email",
    title: "email (mail server) endpoint",
    inputs: {
      senderAddress: z.string().describe("Address mails are sent from."),
      encryptionMethod: z.enum(["TLS", "SSL", "NONE"]).describe("Transport encryption."),
      outboundHost: z.string().describe("Mail server host."),
      outboundPort: z.number().describe("Mail server port."),
      outboundProtocol: z.enum(["smtp", "pop3"]).describe("Mail protocol."),
      outboundUsername: z.string().optional().describe("User name on the mail server."),
      outboundPassword: secretInput("Password on the mail server (secret)."),
    },
  }),
  defineTypedEndpoint({
    className: "GerritEndpoint",
    type: "gerrit",
    title: "Gerrit endpoint",
    inputs: {
      url: z.string().describe("URL of the Gerrit server."),
      username: z.string().describe("User name."),
      password: secretInput("HTTP password (secret)."),
      privateKey: secretInput("SSH private key (secret)."),
      passPhrase: secretInput("Pass phrase of the private key (secret)."),
      fingerprint: fingerprint("the server's"),
      leMansAgent: z.string().optional().describe("Cloud proxy used to reach the server."),
    },
  }),
  defineTypedEndpoint({
    className: "GitEndpoint",
    type: "git",
    title: "Git repository endpoint",
    inputs: {
      serverType: z
        .enum(["GitHub", "GitLab", "GitLab-Enterprise", "BitBucket", "BitBucket-Enterprise"])
        .describe("Git server flavour."),
      repoURL: z.string().describe("URL of the repository."),
      branch: z.string().describe("Branch to use."),
      authType: z
        .enum(["password", "privateToken"])
        .optional()
        .describe("How to authenticate: `password` (userName and password) or `privateToken`."),
      userName: z
        .string()
        .optional()
        .describe("User name (authType `password`). Note the capital N, as the API spells it."),
      password: secretInput(
        "Password (authType `password`; secret), or a pipeline-variable reference `${var.NAME}`.",
      ),
      privateToken: secretInput(
        "Private access token (authType `privateToken`; secret), or a pipeline-variable reference `${var.NAME}`.",
      ),
      fingerprint: fingerprint("the server's"),
    },
  }),
  defineTypedEndpoint({
    className: "JenkinsEndpoint",
    type: "jenkins",
    title: "Jenkins endpoint",
    inputs: {
      url: z.string().describe("URL of the Jenkins server."),
      username: z.string().optional().describe("User name."),
      password: secretInput("Password or API token (secret)."),
      folderPath: z.string().optional().describe("Folder containing the jobs."),
      pollInterval: z.number().optional().describe("Seconds between polls of a running job."),
      retryCount: z.number().optional().describe("Number of retries of a failed request."),
      retryWaitSeconds: z.number().optional().describe("Seconds to wait between retries."),
      fingerprint: fingerprint("the server's"),
    },
  }),
  defineTypedEndpoint({
    className: "JiraEndpoint",
    type: "jira",
    title: "Jira endpoint",
    inputs: {
      url: z.string().describe("URL of the Jira server."),
      username: z.string().describe("User name."),
      password: secretInput("Password or API token (secret)."),
      fingerprint: fingerprint("the server's"),
    },
  }),
  defineTypedEndpoint({
    className: "KubernetesEndpoint",
    type: "k8s",
    title: "Kubernetes cluster endpoint",
    inputs: {
      kubernetesURL: z.string().describe("URL of the Kubernetes API server."),
      authType: z
        .enum(["certificate", "basicAuth", "token"])
        .describe(
          "How to authenticate: client `certificate`, `basicAuth` (userName and password) or bearer `token`.",
        ),
      certAuthorityData: z.string().optional().describe("Certificate authority data (PEM or base64)."),
      certData: z.string().optional().describe("Client certificate data (authType `certificate`)."),
      certKeyData: secretInput("Client key data (authType `certificate`; secret)."),
      userName: z
        .string()
        .optional()
        .describe("User name (authType `basicAuth`). Note the capital N, as the API spells it."),
      password: secretInput("Password (authType `basicAuth`; secret)."),
      token: secretInput("Bearer token (authType `token`; secret)."),
      fingerprint: fingerprint("the API server's"),
    },
  }),
];

/** One declared typed endpoint, by its class name, with its own inputs' types. */
export type TypedEndpointDeclaration<C extends string = string> = Extract<
  (typeof TYPED_ENDPOINT_DECLARATIONS)[number],
  { readonly className: C }
>;

/** Every typed endpoint by its class name (the generated classes take theirs from here). */
export const TYPED_ENDPOINT_BY_CLASS = Object.fromEntries(
  TYPED_ENDPOINT_DECLARATIONS.map((typed) => [typed.className, typed]),
) as { readonly [T in TypedEndpointDeclaration as T["className"]]: T };
