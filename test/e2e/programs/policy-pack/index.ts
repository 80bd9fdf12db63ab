// Endpoints for the policy pack's end-to-end tests: the stack config `scenario` picks a set that breaks
// one kind of rule (or none). Validation by the server is off (vra:validateEndpoints false): the hosts
// are made up, and only what the policies see matters here.
import * as pulumi from "@pulumi/pulumi";
import * as aria from "pulumi-aria";

const config = new pulumi.Config();
const scenario = config.require("scenario");
const FINGERPRINT = "3A047F75A6E7B1C2D3E4F5061728394A5B6C7D8E9F00112233445566778899AA";
const password = pulumi.secret("e2e-Policy-Passw0rd");

switch (scenario) {
  // Breaks no rule: https with pinned certificates, secrets in their place (typed and generic), a
  // pipeline-variable reference among the plain properties, names and project as the config wants.
  case "clean":
    new aria.JenkinsEndpoint("jenkins", {
      name: "ci-jenkins",
      project: "Platform",
      url: "https://jenkins.example.com",
      username: "bot",
      password,
      fingerprint: FINGERPRINT,
    });
    new aria.Endpoint("repo", {
      name: "ci-repo",
      type: "git",
      project: "Platform",
      properties: {
        serverType: "GitLab",
        repoURL: "https://git.example.com/app.git",
        branch: "main",
        authType: "privateToken",
        fingerprint: FINGERPRINT,
      },
      secretProperties: { privateToken: password },
    });
    new aria.Endpoint("cluster", {
      name: "ci-cluster",
      type: "k8s",
      project: "Platform",
      properties: {
        kubernetesURL: "https://k8s.example.com:6443",
        authType: "token",
        token: "${var.k8sToken}",
        fingerprint: FINGERPRINT,
      },
    });
    break;

  // Plain-http URLs, on a generic endpoint and on a typed one.
  case "plain-http":
    new aria.Endpoint("jenkins-http", {
      name: "ci-jenkins-http",
      type: "jenkins",
      project: "Platform",
      properties: { url: "http://jenkins.lab.example.com:8080" },
      secretProperties: { password },
    });
    new aria.KubernetesEndpoint("cluster-http", {
      name: "ci-cluster-http",
      project: "Platform",
      kubernetesURL: "http://k8s.lab.example.com:6443",
      authType: "token",
      token: password,
    });
    break;

  // Secrets among the plain properties: a generic endpoint's properties, a typed one's additionalProperties.
  case "secrets":
    new aria.Endpoint("jenkins-pw", {
      name: "ci-jenkins-pw",
      type: "jenkins",
      project: "Platform",
      properties: {
        url: "https://jenkins.example.com",
        username: "bot",
        password: "e2e-Plain-Passw0rd",
        fingerprint: FINGERPRINT,
      },
    });
    new aria.GitEndpoint("repo-token", {
      name: "ci-repo-token",
      project: "Platform",
      serverType: "GitLab",
      repoURL: "https://git.example.com/app.git",
      branch: "main",
      authType: "privateToken",
      fingerprint: FINGERPRINT,
      additionalProperties: { privateToken: "e2e-Plain-T0ken" },
    });
    break;

  // Only advisories: an https endpoint without a pinned certificate, and a restricted one. The
  // unpinned one's URL and the restricted one's password may be changed by the config (`unpinnedUrl`,
  // a secret `restrictedPassword`), for a pull request that changes endpoints already up.
  case "advisories":
    new aria.JenkinsEndpoint("unpinned", {
      name: "ci-unpinned",
      project: "Platform",
      url: config.get("unpinnedUrl") ?? "https://jenkins.example.com",
      password,
    });
    new aria.JenkinsEndpoint("restricted", {
      name: "ci-restricted",
      project: "Platform",
      url: "https://jenkins.example.com",
      password: config.getSecret("restrictedPassword") ?? password,
      fingerprint: FINGERPRINT,
      isRestricted: true,
    });
    break;

  // Names and a project outside what an organisation's config may want.
  case "governance":
    new aria.JenkinsEndpoint("team-jenkins", {
      name: "Team Jenkins",
      project: "Payments",
      url: "https://jenkins.example.com",
      password,
      fingerprint: FINGERPRINT,
    });
    break;

  default:
    throw new Error(`unknown scenario '${scenario}'`);
}
