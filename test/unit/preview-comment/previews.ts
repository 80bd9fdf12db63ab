/*
 * Previews as `pulumi preview --json` prints them, cut down to what aria-preview-comment reads: the
 * shapes are those of the CLI v3.274.1's digest and engine events (test/e2e/policy-pack.test.ts and
 * test/e2e/plugin-preview.test.ts run the real ones).
 */

export const SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
/** A secret as the engine's events show one. */
export const ENVELOPE = { ...SIG, ciphertext: "[secret]" };

export const STACK_URN = "urn:pulumi:prod::infra::pulumi:pulumi:Stack::infra-prod";
export const urn = (name: string, type = "aria:index:Endpoint") => `urn:pulumi:prod::infra::${type}::${name}`;

/** An endpoint's inputs as the plugin door stores them. */
export function endpoint(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    type: "jenkins",
    project: "Platform",
    description: "",
    properties: { url: `https://${name}.example.com`, username: "bot" },
    secretProperties: "[secret]",
    ...overrides,
  };
}

/** A step of the digest. */
export function step(
  op: string,
  name: string,
  old: Record<string, unknown> | undefined,
  declared: Record<string, unknown> | undefined,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  const state = (inputs: Record<string, unknown>) => ({
    urn: urn(name),
    type: "aria:index:Endpoint",
    custom: true,
    inputs,
    outputs: { ...inputs, metadata: { createdBy: "admin" } },
  });
  return {
    op,
    urn: urn(name),
    ...(old ? { oldState: state(old) } : {}),
    ...(declared ? { newState: state(declared) } : {}),
    ...more,
  };
}

/**
 * A pull request's preview through the plugin (the digest): one endpoint created, one whose URL and
 * password change, one replaced for its project, one deleted, one unchanged, the stack.
 */
export function pluginDigest(): Record<string, unknown> {
  return {
    config: { "aria:url": "https://vra.example.com" },
    steps: [
      { op: "same", urn: STACK_URN },
      step("create", "new-jenkins", undefined, endpoint("ci-new")),
      step(
        "update",
        "jenkins",
        endpoint("ci-jenkins"),
        endpoint("ci-jenkins", { properties: { url: "https://jenkins2.example.com", username: "bot" } }),
        {
          diffReasons: ["properties", "secretProperties"],
          detailedDiff: {
            "properties.url": { kind: "update", inputDiff: true },
            "secretProperties.password": { kind: "update", inputDiff: true },
          },
        },
      ),
      step("create-replacement", "git", endpoint("ci-git"), endpoint("ci-git", { project: "Payments" }), {
        replaceReasons: ["project"],
        detailedDiff: { project: { kind: "update-replace", inputDiff: true } },
      }),
      step("replace", "git", endpoint("ci-git"), endpoint("ci-git", { project: "Payments" }), {
        replaceReasons: ["project"],
        detailedDiff: { project: { kind: "update-replace", inputDiff: true } },
      }),
      step("same", "quiet", endpoint("ci-quiet"), endpoint("ci-quiet")),
      step("delete-replaced", "git", endpoint("ci-git"), undefined, { replaceReasons: ["project"] }),
      step("delete", "old", endpoint("ci-old"), undefined),
    ],
    diagnostics: [{ message: "Hello from the program\n", severity: "info" }],
    changeSummary: { create: 1, update: 1, replace: 1, delete: 1, same: 2 },
  };
}

/** One engine event, numbered. */
let sequence = 0;
export function event(body: Record<string, unknown>): Record<string, unknown> {
  return { sequence: ++sequence, timestamp: 1796160812, ...body };
}

/** A step as the events carry it (`resourcePreEvent`), the dynamic door's: no detailed diff. */
export function preEvent(
  op: string,
  name: string,
  old: Record<string, unknown> | undefined,
  declared: Record<string, unknown> | undefined,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  const type = "pulumi-nodejs:dynamic/aria:Endpoint";
  const state = (inputs: Record<string, unknown>) => ({
    type,
    urn: urn(name, type),
    inputs: { __provider: "exports.handler = __f0;", __owner: urn(name, type), ...inputs },
    outputs: {},
  });
  return event({
    resourcePreEvent: {
      metadata: {
        op,
        urn: urn(name, type),
        type,
        old: old ? state(old) : null,
        new: declared ? state(declared) : null,
        detailedDiff: null,
        ...more,
      },
      planning: true,
    },
  });
}

/** A policy pack's finding as the events carry it. */
export function policyEvent(
  name: string,
  policyName: string,
  enforcementLevel: string,
  message: string,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return event({
    policyEvent: {
      resourceUrn: urn(name, "pulumi-nodejs:dynamic/aria:Endpoint"),
      message: `The policy's description.\n${message}\n`,
      color: "never",
      policyName,
      policyPackName: "aria-endpoints",
      policyPackVersion: "0.1.0",
      enforcementLevel,
      ...more,
    },
  });
}

/**
 * A pull request's preview through the dynamic door with the policy pack, as the engine's events: a
 * plain-http URL (a mandatory violation), a rotated password no field shows, a restricted endpoint.
 */
export function dynamicEvents(): Record<string, unknown>[] {
  const unpinned = {
    name: "ci-unpinned",
    type: "jenkins",
    project: "Platform",
    properties: { url: "https://jenkins.example.com" },
    secretProperties: ENVELOPE,
  };
  const restricted = { ...unpinned, name: "ci-restricted", isRestricted: true };
  return [
    event({ preludeEvent: { config: {} } }),
    event({
      diagnosticEvent: { prefix: "debug: ", message: "RegisterResource RPC finished\n", severity: "debug" },
    }),
    event({ resourcePreEvent: { metadata: { op: "same", urn: STACK_URN, type: "pulumi:pulumi:Stack" } } }),
    policyEvent(
      "restricted",
      "aria-endpoint-restricted",
      "advisory",
      "endpoint 'ci-restricted': isRestricted is true.",
    ),
    preEvent("update", "restricted", restricted, restricted),
    policyEvent(
      "unpinned",
      "aria-endpoint-plain-http",
      "mandatory",
      "endpoint 'ci-unpinned' (resource 'unpinned'): properties.url uses plain http (host jenkins.lab.example.com:8080).",
    ),
    preEvent("update", "unpinned", unpinned, {
      ...unpinned,
      properties: { url: "http://jenkins.lab.example.com:8080" },
    }),
    event({
      diagnosticEvent: { prefix: "error: ", message: "preview failed\n", color: "never", severity: "error" },
    }),
    event({
      summaryEvent: {
        maybeCorrupt: false,
        durationSeconds: 4,
        resourceChanges: { same: 1, update: 2 },
        PolicyPacks: { "aria-endpoints|local|node_modules/pulumi-aria/dist/provider/policy/pack": "0.1.0" },
        isPreview: true,
        result: "failed",
      },
    }),
    event({ cancelEvent: {} }),
  ];
}

/** Events as the CLI prints them: one JSON object a line. */
export const lines = (events: readonly Record<string, unknown>[]): string =>
  events.map((e) => JSON.stringify(e)).join("\n") + "\n";
