import { readPreview } from "../../../provider/preview-comment/input";
import { reviewPreview } from "../../../provider/preview-comment/resources";
import { dynamicEvents, endpoint, event, lines, pluginDigest, step, urn } from "./previews";

const review = (value: unknown) => reviewPreview(readPreview(JSON.stringify(value)));
const digestOf = (steps: unknown[], diagnostics: unknown[] = []) => ({ steps, diagnostics });

describe("a preview's review, resource by resource", () => {
  it("counts the actions of the user's resources, not the stack's, and lists those that change", () => {
    const r = review(pluginDigest());
    expect(r.counts).toEqual({ create: 1, update: 1, replace: 1, delete: 1, import: 0, same: 1 });
    expect(r.resources.map((x) => [x.name, x.action])).toEqual([
      ["new-jenkins", "create"],
      ["jenkins", "update"],
      ["git", "replace"],
      ["old", "delete"],
    ]);
    expect(r.passed).toBe(true);
    expect(r.policyKnown).toBe(false);
  });

  it("names the fields of the provider's detailed diff and what forces the replacement", () => {
    const r = review(pluginDigest());
    const jenkins = r.resources.find((x) => x.name === "jenkins")!;
    expect(jenkins.fields).toEqual([
      {
        path: "properties.url",
        kind: "update",
        replaces: false,
        secret: false,
        before: "https://ci-jenkins.example.com",
        after: "https://jenkins2.example.com",
      },
      { path: "secretProperties.password", kind: "update", replaces: false, secret: true },
    ]);
    const git = r.resources.find((x) => x.name === "git")!;
    expect(git.replaceReasons).toEqual(["project"]);
    expect(git.fields).toEqual([
      {
        path: "project",
        kind: "update",
        replaces: true,
        secret: false,
        before: "Platform",
        after: "Payments",
      },
    ]);
  });

  it("compares the inputs where the provider gave no detailed diff, adding the top-level fields it names", () => {
    const before = endpoint("ci", { properties: { url: "https://a.example.com", username: "bot" } });
    const after = endpoint("ci", { properties: { url: "https://b.example.com" }, description: "new" });
    const r = review(digestOf([step("update", "ci", before, after, { diffReasons: ["secretProperties"] })]));
    expect(r.resources[0].fields.map((f) => [f.path, f.kind, f.secret])).toEqual([
      ["description", "update", false],
      ["properties.url", "update", false],
      ["properties.username", "delete", false],
      ["secretProperties", "update", true],
    ]);
    expect(r.resources[0].fieldsKnown).toBe(true);
  });

  it("says when an update names no field, as the dynamic door's secret rotation does", () => {
    const r = reviewPreview(readPreview(lines(dynamicEvents())));
    const restricted = r.resources.find((x) => x.name === "restricted")!;
    expect(restricted.action).toBe("update");
    expect(restricted.fields).toEqual([]);
    expect(restricted.fieldsKnown).toBe(false);
    // The dynamic door's bookkeeping inputs are never a change.
    const unpinned = r.resources.find((x) => x.name === "unpinned")!;
    expect(unpinned.fields.map((f) => f.path)).toEqual(["properties.url"]);
  });

  it("marks a field secret under secretProperties, under a credential's key or shown as one, with no value", () => {
    const before = endpoint("ci", {
      properties: { url: "https://a.example.com", apiToken: "plain-T0ken-1", pin: "[secret]" },
    });
    const after = endpoint("ci", {
      properties: { url: "https://a.example.com", apiToken: "plain-T0ken-2", pin: "[secret]", extra: "x" },
    });
    const r = review(
      digestOf([
        step("update", "ci", before, after, {
          detailedDiff: {
            "properties.apiToken": { kind: "update" },
            "properties.pin": { kind: "update" },
            "properties.extra": { kind: "add" },
            'secretProperties["a.b"]': { kind: "delete" },
          },
        }),
      ]),
    );
    expect(r.resources[0].fields).toEqual([
      { path: "properties.apiToken", kind: "update", replaces: false, secret: true },
      { path: "properties.extra", kind: "add", replaces: false, secret: false, after: "x" },
      { path: "properties.pin", kind: "update", replaces: false, secret: true },
      { path: 'secretProperties["a.b"]', kind: "delete", replaces: false, secret: true },
    ]);
  });

  it("reads the server's verdict, the check failures, errors and warnings said of a resource", () => {
    const name = "aria:index:Endpoint resource 'ci'";
    const r = review(
      digestOf(
        [step("create", "ci", undefined, endpoint("ci"))],
        [
          {
            urn: urn("ci"),
            severity: "error",
            message: `error: Preview failed: ${name} has a problem: the server's validation of the endpoint failed: Failed to connect. Correct the endpoint.\n`,
          },
          {
            urn: urn("ci"),
            severity: "error",
            message: `error: ${name}: property properties.pollInterval value {often} has a problem: 'pollInterval' must be an integer\n`,
          },
          { urn: urn("ci"), severity: "error", message: "error: something else broke\n" },
          { urn: urn("ci"), severity: "warning", message: "warning: properties.password is a secret\n" },
          { urn: urn("ci"), severity: "info", message: "chatter\n" },
          { severity: "error", message: "error: preview failed\n" },
          {
            urn: "urn:pulumi:prod::infra::pulumi:pulumi:Stack::infra-prod",
            severity: "error",
            message: "error: Running program failed\n",
          },
        ],
      ),
    );
    const ci = r.resources[0];
    expect(ci.validationFailure).toBe("Failed to connect. Correct the endpoint.");
    expect(ci.checkFailures).toEqual([
      { property: "properties.pollInterval", reason: "'pollInterval' must be an integer" },
    ]);
    expect(ci.errors).toEqual(["something else broke"]);
    expect(ci.warnings).toEqual(["properties.password is a secret"]);
    expect(r.errors).toEqual(["Running program failed"]);
    expect(r.passed).toBe(false);
  });

  it("takes the last step of a refresh preview's resource, and one replace of a replacement's steps", () => {
    const before = endpoint("ci");
    const drifted = endpoint("ci", { description: "by hand" });
    const r = review(
      digestOf([
        step("update", "ci", before, drifted, { diffReasons: ["description"] }), // the refresh's
        step("same", "ci", drifted, drifted),
        step("refresh", "gone", before, before),
        step("create", "gone", undefined, before),
      ]),
    );
    expect(r.counts).toMatchObject({ same: 1, create: 1, update: 0 });
    expect(r.resources.map((x) => [x.name, x.action])).toEqual([["gone", "create"]]);
  });

  it("fails on a mandatory finding not waived, and counts the waived one and the advisories apart", () => {
    const waived = event({
      policyEvent: {
        resourceUrn: urn("unpinned", "pulumi-nodejs:dynamic/aria:Endpoint"),
        message: "x",
        policyName: "aria-endpoint-name-pattern",
        enforcementLevel: "mandatory",
        exceptions: [{ id: "1", reason: "legacy" }],
      },
    });
    const r = reviewPreview(readPreview(lines([...dynamicEvents(), waived])));
    expect([r.mandatory, r.advisory, r.passed]).toEqual([1, 2, false]);
    const onlyWaived = dynamicEvents().filter((e) => {
      const p = (e as { policyEvent?: { enforcementLevel: string } }).policyEvent;
      return !p || p.enforcementLevel !== "mandatory";
    });
    const passed = reviewPreview(
      readPreview(
        lines([...onlyWaived.filter((e) => !("summaryEvent" in e) && !("diagnosticEvent" in e)), waived]),
      ),
    );
    expect([passed.mandatory, passed.advisory, passed.passed]).toEqual([0, 2, true]);
  });

  it("keeps out of every message a plain value a state shows under a credential's key", () => {
    const inputs = endpoint("ci", { properties: { url: "https://a.example.com", token: "plain-T0ken-9" } });
    const r = review(
      digestOf(
        [step("create", "ci", undefined, inputs)],
        [{ urn: urn("ci"), severity: "error", message: "error: the server refused token plain-T0ken-9\n" }],
      ),
    );
    expect(r.resources[0].errors).toEqual(["the server refused token [secret]"]);
    expect(r.resources[0].fields.find((f) => f.path === "properties.token")).toEqual({
      path: "properties.token",
      kind: "add",
      replaces: false,
      secret: true,
    });
  });
});
