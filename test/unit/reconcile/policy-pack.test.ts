import { PreviewDigest } from "../../../provider/common/preview-digest";
import { analyzedState, analyzeOutput, redactSecrets } from "../../../provider/reconcile/policy-pack";
import { GIT, JENKINS, STACK, urn } from "./previews";

/*
 * --policy-pack: the state `pulumi policy analyze --file` is handed (the stack's export with each
 * resource as the refresh preview found it) and the violations read back from its `--json` events.
 */

const OTHER = urn("aria:index:Endpoint", "other");
const secret = (ciphertext: string) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext,
});
const preview = (steps: unknown[]): PreviewDigest => PreviewDigest.parse({ steps });

const exported = {
  version: 3,
  deployment: {
    manifest: { version: "v3.274.1" },
    secrets_providers: { type: "passphrase", state: { salt: "v1:x" } },
    pending_operations: [{ type: "updating", resource: { urn: JENKINS } }],
    resources: [
      { urn: STACK, type: "pulumi:pulumi:Stack", custom: false },
      {
        urn: JENKINS,
        type: "aria:index:JenkinsEndpoint",
        id: "j1",
        inputs: { url: "https://jenkins.example.com", password: secret("v1:pw") },
        outputs: { url: "https://jenkins.example.com", password: secret("v1:pw") },
        parent: STACK,
      },
      { urn: GIT, type: "aria:index:Endpoint", id: "g1", inputs: { name: "app-repo" }, parent: STACK },
      {
        urn: OTHER,
        type: "aria:index:Endpoint",
        id: "o1",
        inputs: { token: secret("v1:tok") },
        parent: GIT,
        dependencies: [GIT, JENKINS],
        propertyDependencies: { name: [GIT] },
      },
    ],
  },
};

describe("the state a user's policy pack is run on", () => {
  const state = analyzedState(
    exported,
    preview([
      // The refresh steps carry the state from before the refresh: never read.
      {
        op: "refresh",
        urn: JENKINS,
        oldState: { inputs: { url: "stale" } },
        newState: { inputs: { url: "stale" } },
      },
      {
        op: "update",
        urn: JENKINS,
        oldState: {
          id: "j1",
          inputs: { url: "http://jenkins.example.com", password: "[secret]" },
          outputs: { url: "http://jenkins.example.com" },
        },
        newState: { inputs: { url: "https://jenkins.example.com" } },
      },
      // Deleted out of band: the update would create it again.
      { op: "create", urn: GIT, newState: { inputs: { name: "app-repo" } } },
    ]),
  ) as { deployment: { resources: Record<string, unknown>[] } & Record<string, unknown> };
  const byUrn = Object.fromEntries(state.deployment.resources.map((r) => [r.urn, r]));

  it("holds each resource as the refresh found it, not as the program declares it", () => {
    expect(byUrn[JENKINS]).toMatchObject({
      inputs: { url: "http://jenkins.example.com", password: "[secret]" },
      outputs: { url: "http://jenkins.example.com" },
      parent: STACK,
    });
  });

  it("leaves out what was deleted out of band, and the references to it", () => {
    expect(Object.keys(byUrn).sort()).toEqual([JENKINS, OTHER, STACK].sort());
    expect(byUrn[OTHER]).toMatchObject({ dependencies: [JENKINS], propertyDependencies: { name: [] } });
    expect(byUrn[OTHER].parent).toBeUndefined();
  });

  it("holds no secret, no secrets provider and no pending operation", () => {
    expect(byUrn[OTHER].inputs).toEqual({ token: "[secret]" });
    expect(JSON.stringify(state)).not.toContain("ciphertext");
    expect(state.deployment.secrets_providers).toBeUndefined();
    expect(state.deployment.pending_operations).toBeUndefined();
    expect(state.deployment.manifest).toEqual({ version: "v3.274.1" });
  });

  it("writes every secret, however deep, as [secret]", () => {
    expect(redactSecrets({ a: [1, secret("c"), { b: secret("d") }], s: "x" })).toEqual({
      a: [1, "[secret]", { b: "[secret]" }],
      s: "x",
    });
  });
});

describe("the violations of `pulumi policy analyze --json`", () => {
  const line = (event: object) => JSON.stringify({ sequence: 1, timestamp: 1, ...event });

  it("are read from its policy events, with the pack's name and the resource's", () => {
    const stdout = [
      line({
        policyEvent: {
          resourceUrn: JENKINS,
          message: "url is plain http\n",
          color: "raw",
          policyName: "no-http",
          policyPackName: "team-rules",
          policyPackVersion: "0.0.1",
          enforcementLevel: "mandatory",
        },
      }),
      line({
        policyEvent: {
          message: "too many",
          policyName: "stack-size",
          policyPackName: "team-rules",
          enforcementLevel: "advisory",
        },
      }),
      line({ summaryEvent: { result: "failed" } }),
      "not json",
    ].join("\n");
    expect(analyzeOutput("dev", stdout)).toEqual({
      violations: [
        {
          stack: "dev",
          urn: JENKINS,
          name: "jenkins",
          rule: "no-http",
          pack: "team-rules",
          enforcementLevel: "mandatory",
          message: "url is plain http",
        },
        {
          stack: "dev",
          urn: "",
          name: "",
          rule: "stack-size",
          pack: "team-rules",
          enforcementLevel: "advisory",
          message: "too many",
        },
      ],
      errors: [],
    });
  });

  it("tells a failure (an error diagnostic) from a violation", () => {
    const stdout = line({
      diagnosticEvent: { message: "error: could not load policy pack\n", severity: "error" },
    });
    expect(analyzeOutput("dev", stdout)).toEqual({ violations: [], errors: ["could not load policy pack"] });
  });
});
