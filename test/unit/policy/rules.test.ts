import { toEndpointArgs } from "../../../provider/dynamic/typed-endpoint";
import type {
  DockerRegistryEndpointArgs,
  GitEndpointArgs,
  JenkinsEndpointArgs,
  KubernetesEndpointArgs,
} from "../../../provider/dynamic/generated/typed-endpoints";
import { TYPED_ENDPOINT_BY_CLASS } from "../../../provider/endpoint/typed/endpoints";
import { UNKNOWN } from "../../../provider/common/unknowns";
import { viewEndpoint } from "../../../provider/policy/endpoint-view";
import { allowedProjects, namePattern } from "../../../provider/policy/rules/naming";
import { hostAllowed, plainHttp } from "../../../provider/policy/rules/plain-http";
import { restricted } from "../../../provider/policy/rules/restricted";
import { secretInProperties } from "../../../provider/policy/rules/secret-in-properties";
import { unpinnedCertificate } from "../../../provider/policy/rules/unpinned-certificate";
import type { JsonValue } from "../../../provider/endpoint/schema";
import { engineInputs } from "./inputs";

const DOCKER_REGISTRY = TYPED_ENDPOINT_BY_CLASS.DockerRegistryEndpoint;
const GIT = TYPED_ENDPOINT_BY_CLASS.GitEndpoint;
const JENKINS = TYPED_ENDPOINT_BY_CLASS.JenkinsEndpoint;
const KUBERNETES = TYPED_ENDPOINT_BY_CLASS.KubernetesEndpoint;

const FINGERPRINT = "3A047F75A6E7";
const SECRET = "hunter2-Very-Secret";

/** A generic `Endpoint` as the analyzer sees it. */
const generic = (type: string, properties: Record<string, JsonValue>, extra: Record<string, unknown> = {}) =>
  viewEndpoint("ci", engineInputs({ name: "ci", type, properties }, extra));

describe("the plain-http policy", () => {
  it("reports every plain-http URL, whatever the type calls it, naming the resource, the field and the fix", () => {
    const cases: Array<[string, Record<string, JsonValue>, string]> = [
      ["jenkins", { url: "http://jenkins.example.com:8080" }, "url"],
      ["jira", { url: "HTTP://jira.example.com" }, "url"],
      ["gerrit", { url: "http://gerrit.example.com" }, "url"],
      ["git", { repoURL: "http://git.example.com/app.git", serverType: "GitLab" }, "repoURL"],
      ["dockerregistry", { repoURL: "http://registry.example.com", serverType: "dockerhub" }, "repoURL"],
      ["docker-registry", { url: "http://registry.example.com" }, "url"],
      ["docker", { url: "http://build-host:4243", pollInterval: 5 }, "url"],
      ["k8s", { kubernetesURL: "http://k8s.example.com:6443", authType: "token" }, "kubernetesURL"],
      ["bamboo", { serverUrl: "http://bamboo.example.com" }, "serverUrl"],
    ];
    for (const [type, properties, field] of cases) {
      const [message, ...more] = plainHttp.violations(
        viewEndpoint("app", engineInputs({ name: "team-app", type, properties })),
        {},
      );
      expect({ type, more }).toEqual({ type, more: [] });
      expect(message).toContain("endpoint 'team-app' (resource 'app')");
      expect(message).toContain(
        `properties.${field} (on a typed endpoint resource: its ${field} input) uses plain http`,
      );
      expect(message).toMatch(/Use an https URL/);
      expect(message).toContain('"aria-endpoint-plain-http": {"allowedHosts": [');
    }
  });

  it("understands the typed resources, whose URL inputs land in properties", () => {
    const jenkins = toEndpointArgs<JenkinsEndpointArgs>(JENKINS, {
      name: "j",
      url: "http://jenkins",
      password: SECRET,
    });
    const k8s = toEndpointArgs<KubernetesEndpointArgs>(KUBERNETES, {
      name: "k",
      kubernetesURL: "http://k8s:6443",
      authType: "token",
    });
    const git = toEndpointArgs<GitEndpointArgs>(GIT, {
      name: "g",
      serverType: "GitHub",
      repoURL: "http://git/app.git",
      branch: "main",
    });
    const registry = toEndpointArgs<DockerRegistryEndpointArgs>(DOCKER_REGISTRY, {
      name: "r",
      repoURL: "http://registry",
    });
    for (const args of [jenkins, k8s, git, registry]) {
      expect(plainHttp.violations(viewEndpoint(String(args.name), engineInputs(args)), {})).toHaveLength(1);
    }
  });

  it("accepts https, hosts allowed by config (exact or *.domain), and values that are not http URLs", () => {
    expect(plainHttp.violations(generic("jenkins", { url: "https://jenkins.example.com" }), {})).toEqual([]);
    const lab = generic("jenkins", { url: "http://jenkins.lab.example.com" });
    expect(plainHttp.violations(lab, { allowedHosts: ["jenkins.lab.example.com"] })).toEqual([]);
    expect(plainHttp.violations(lab, { allowedHosts: ["*.LAB.example.com"] })).toEqual([]);
    expect(
      plainHttp.violations(lab, { allowedHosts: ["*.other.example.com", "lab.example.com"] }),
    ).toHaveLength(1);
    expect(
      plainHttp.violations(generic("email", { outboundHost: "smtp.example.com", outboundPort: 25 }), {}),
    ).toEqual([]);
    expect(plainHttp.violations(generic("jenkins", { url: UNKNOWN }), {})).toEqual([]);
    expect(plainHttp.violations(viewEndpoint("ci", { type: "jenkins", properties: UNKNOWN }), {})).toEqual(
      [],
    );
  });

  it("never prints the URL's user information", () => {
    const [message] = plainHttp.violations(generic("jenkins", { url: `http://bot:${SECRET}@jenkins` }), {});
    expect(message).not.toContain(SECRET);
    expect(message).toContain("host jenkins");
  });

  it("matches *.domain against subdomains only", () => {
    expect(hostAllowed("a.example.com", ["*.example.com"])).toBe(true);
    expect(hostAllowed("example.com", ["*.example.com"])).toBe(false);
    expect(hostAllowed("badexample.com", ["*.example.com"])).toBe(false);
  });
});

describe("the unpinned-certificate policy", () => {
  it("advises pinning an https endpoint without a fingerprint, naming the field and how to get one", () => {
    const [message, ...more] = unpinnedCertificate.violations(
      generic("git", { repoURL: "https://git.example.com/app.git" }),
      {},
    );
    expect(more).toEqual([]);
    expect(message).toContain("endpoint 'ci'");
    expect(message).toContain("properties.repoURL is https (git.example.com)");
    expect(message).toContain("properties.fingerprint is not set");
    expect(message).toContain("getEndpointCertificateOutput");
    expect(unpinnedCertificate.enforcementLevel).toBe("advisory");
  });

  it("is satisfied by a fingerprint, also one a lookup computes (unknown in preview)", () => {
    const url = "https://jenkins.example.com";
    expect(unpinnedCertificate.violations(generic("jenkins", { url, fingerprint: FINGERPRINT }), {})).toEqual(
      [],
    );
    expect(unpinnedCertificate.violations(generic("jenkins", { url, fingerprint: UNKNOWN }), {})).toEqual([]);
    expect(unpinnedCertificate.violations(generic("jenkins", { url, fingerprint: " " }), {})).toHaveLength(1);
    const typed = toEndpointArgs<JenkinsEndpointArgs>(JENKINS, { url, fingerprint: FINGERPRINT });
    expect(unpinnedCertificate.violations(viewEndpoint("j", engineInputs(typed)), {})).toEqual([]);
  });

  it("says nothing about endpoints without an https URL", () => {
    expect(unpinnedCertificate.violations(generic("jenkins", { url: "http://jenkins" }), {})).toEqual([]);
    expect(unpinnedCertificate.violations(generic("agent", { leMansAgent: "proxy-1" }), {})).toEqual([]);
  });
});

describe("the secret-in-properties policy", () => {
  it("reports each secret-looking property among the plain properties, never its value", () => {
    const names = [
      "password",
      "token",
      "privateToken",
      "certKeyData",
      "privateKey",
      "passPhrase",
      "outboundPassword",
    ];
    for (const name of names) {
      const [message, ...more] = secretInProperties.violations(
        generic("any", { url: "https://x", [name]: SECRET }),
        {},
      );
      expect({ name, more }).toEqual({ name, more: [] });
      expect(message).toContain(`properties.${name} is a secret declared among the plain properties`);
      expect(message).toContain("secretProperties");
      expect(message).toContain("additionalSecretProperties");
      expect(message).not.toContain("moved");
      expect(message).not.toContain(SECRET);
    }
  });

  it("reports the secrets check moved out of properties, which the analyzer no longer sees there", () => {
    // What the analyzer is given after check moved properties.password (see check's movedSecrets).
    const view = viewEndpoint(
      "ci",
      engineInputs(
        {
          name: "ci",
          type: "jenkins",
          properties: { url: "https://j" },
          secretProperties: { password: SECRET },
        },
        { movedSecrets: ["password"] },
      ),
    );
    const [message, ...more] = secretInProperties.violations(view, {});
    expect(more).toEqual([]);
    expect(message).toContain(
      "properties.password is a secret declared among the plain properties (the provider moved it to secretProperties",
    );
  });

  it("reports a secret once when check moved it and it is also still listed", () => {
    const view = viewEndpoint(
      "ci",
      engineInputs({ name: "ci", type: "x", properties: { token: SECRET } }, { movedSecrets: ["token"] }),
    );
    expect(secretInProperties.violations(view, {})).toHaveLength(1);
  });

  it("accepts secrets in secretProperties (generic and typed), ${var.NAME} references and empty strings", () => {
    const declared = viewEndpoint(
      "ci",
      engineInputs({
        name: "ci",
        type: "jenkins",
        properties: { url: "https://j" },
        secretProperties: { password: SECRET },
      }),
    );
    expect(secretInProperties.violations(declared, {})).toEqual([]);
    const typed = toEndpointArgs<GitEndpointArgs>(GIT, {
      serverType: "GitLab",
      repoURL: "https://git/app.git",
      branch: "main",
      authType: "privateToken",
      privateToken: SECRET,
    });
    expect(secretInProperties.violations(viewEndpoint("g", engineInputs(typed)), {})).toEqual([]);
    expect(
      secretInProperties.violations(generic("jenkins", { password: "${var.jenkinsPassword}" }), {}),
    ).toEqual([]);
    expect(secretInProperties.violations(generic("jenkins", { password: "" }), {})).toEqual([]);
    expect(
      secretInProperties.violations(generic("jenkins", { username: "bot", folderPath: "a/b" }), {}),
    ).toEqual([]);
  });

  it("catches a secret a typed resource's additionalProperties put among the plain properties", () => {
    const typed = toEndpointArgs<JenkinsEndpointArgs>(JENKINS, {
      url: "https://j",
      additionalProperties: { password: SECRET },
    });
    expect(secretInProperties.violations(viewEndpoint("j", engineInputs(typed)), {})).toHaveLength(1);
  });
});

describe("the restricted policy", () => {
  it("reports a restricted endpoint, saying what it means for pipelines and how to lift it", () => {
    const [message] = restricted.violations(generic("jenkins", {}, { isRestricted: true }), {});
    expect(message).toContain("endpoint 'ci': isRestricted is true");
    expect(message).toContain("stop at its tasks when a non-administrator runs them");
    expect(message).toContain("set isRestricted: false");
    expect(restricted.enforcementLevel).toBe("advisory");
  });

  it("says nothing about unrestricted endpoints, nor while isRestricted is unknown", () => {
    expect(restricted.violations(generic("jenkins", {}), {})).toEqual([]);
    expect(restricted.violations(generic("jenkins", {}, { isRestricted: UNKNOWN }), {})).toEqual([]);
  });
});

describe("the organisation's name and project policies", () => {
  const named = (name: string, project?: unknown) =>
    viewEndpoint("res", engineInputs({ name, type: "jenkins" }, project === undefined ? {} : { project }));

  it("are off without config", () => {
    expect(namePattern.violations(named("Anything Goes"), {})).toEqual([]);
    expect(allowedProjects.violations(named("x", "Anywhere"), {})).toEqual([]);
    expect(allowedProjects.violations(named("x", "Anywhere"), { projects: [] })).toEqual([]);
  });

  it("require the whole name to match the pattern, naming the name, the pattern and the fix", () => {
    const config = { pattern: "ci-[a-z0-9-]+" };
    expect(namePattern.violations(named("ci-jenkins"), config)).toEqual([]);
    const [message] = namePattern.violations(named("my-ci-jenkins"), config);
    expect(message).toContain(
      "endpoint 'my-ci-jenkins' (resource 'res'): name 'my-ci-jenkins' does not match",
    );
    expect(message).toContain("/ci-[a-z0-9-]+/");
    expect(message).toContain("Rename it");
    expect(namePattern.violations(named("ci-x; and more"), config)).toHaveLength(1);
    expect(namePattern.violations(viewEndpoint("res", { name: UNKNOWN }), config)).toEqual([]);
  });

  it("say so when the pattern in the config is not a regular expression", () => {
    const [message] = namePattern.violations(named("ci-jenkins"), { pattern: "ci-(" });
    expect(message).toContain("not a valid regular expression");
    expect(message).toContain('"aria-endpoint-name-pattern".pattern');
  });

  it("require an allowed project, also when none is set (the server's default project)", () => {
    const config = { projects: ["Platform", "Payments"] };
    expect(allowedProjects.violations(named("x", "Platform"), config)).toEqual([]);
    expect(allowedProjects.violations(named("x", UNKNOWN), config)).toEqual([]);
    const [other] = allowedProjects.violations(named("x", "Default Project"), config);
    expect(other).toContain("project 'Default Project' is not one of the allowed projects");
    expect(other).toContain("Set project to one of 'Platform', 'Payments'");
    const [unset] = allowedProjects.violations(named("x"), config);
    expect(unset).toContain("project is not set");
  });
});
