import { changedPaths, driftOf, previewErrors, urnParts } from "../../../provider/reconcile/drift";
import { PreviewDigest } from "../../../provider/common/preview-digest";
import { GIT, JENKINS, jenkinsInputs, jenkinsRefresh, jenkinsUpdate, preview, STACK, urn } from "./previews";

/* Drift from `pulumi preview --refresh --json` (the steps of ./previews.ts, as CLI 3.274.1 prints them). */

describe("drift from a refresh preview", () => {
  it("names an out-of-band change by its field and an out-of-band deletion as a create", () => {
    const digest = preview([
      { op: "refresh", urn: STACK },
      jenkinsRefresh(),
      { op: "refresh", urn: GIT, oldState: { id: "g1", inputs: {} }, newState: { id: "g1", inputs: {} } },
      { op: "same", urn: STACK },
      { op: "create", urn: GIT, newState: { type: "aria:index:Endpoint", inputs: { name: "app-repo" } } },
      jenkinsUpdate(jenkinsInputs({ description: "changed by hand" }), { detailedDiff: null }),
    ]);
    expect(driftOf("dev", digest)).toEqual([
      { stack: "dev", urn: GIT, name: "git", type: "aria:index:Endpoint", action: "create", fields: [] },
      {
        stack: "dev",
        urn: JENKINS,
        name: "jenkins",
        type: "aria:index:JenkinsEndpoint",
        id: "j1",
        action: "update",
        fields: ["description"],
      },
    ]);
  });

  it("is empty when every step is a refresh or same", () => {
    const digest = preview([
      { op: "refresh", urn: JENKINS, oldState: { id: "j1" }, newState: { id: "j1" } },
      { op: "same", urn: JENKINS, oldState: { id: "j1" } },
      { op: "same", urn: STACK },
    ]);
    expect(driftOf("dev", digest)).toEqual([]);
  });

  it("never names a value, not even a changed secret's, and skips the dynamic door's __provider", () => {
    const digest = preview([
      {
        op: "update",
        urn: urn("pulumi-nodejs:dynamic/aria:Endpoint", "ep"),
        oldState: {
          id: "e1",
          inputs: { __provider: "old", properties: { url: "https://a", pw: "hunter2-old" } },
        },
        newState: { inputs: { __provider: "new", properties: { url: "https://b", pw: "hunter2-new" } } },
        diffReasons: ["properties"],
      },
    ]);
    const [entry] = driftOf("dev", digest);
    expect(entry.fields).toEqual(["properties", "properties.pw", "properties.url"]);
    expect(JSON.stringify(entry)).not.toMatch(/hunter2|https:\/\/a|https:\/\/b/);
  });

  it("takes a provider's detailed diff as the changed fields, a secret's rotation included", () => {
    const digest = preview([
      {
        op: "update",
        urn: JENKINS,
        oldState: { id: "j1", inputs: jenkinsInputs() },
        newState: { inputs: jenkinsInputs({ description: "CI" }) },
        diffReasons: ["description", "secretProperties"],
        detailedDiff: {
          description: { kind: "update", inputDiff: true },
          "secretProperties.password": { kind: "update", inputDiff: true },
        },
      },
    ]);
    expect(driftOf("dev", digest)[0].fields).toEqual(["description", "secretProperties.password"]);
  });

  it("makes one replace entry of a replacement's several steps, and ignores the engine's own resources", () => {
    const digest = preview([
      {
        op: "create-replacement",
        urn: GIT,
        oldState: { id: "g1", inputs: { project: "A" } },
        newState: { inputs: { project: "B" } },
      },
      {
        op: "replace",
        urn: GIT,
        oldState: { id: "g1", inputs: { project: "A" } },
        newState: { inputs: { project: "B" } },
      },
      { op: "delete-replaced", urn: GIT, oldState: { id: "g1" } },
      {
        op: "update",
        urn: urn("pulumi:providers:aria", "default"),
        oldState: { inputs: { url: "a" } },
        newState: { inputs: { url: "b" } },
      },
      { op: "update", urn: STACK },
    ]);
    expect(driftOf("dev", digest)).toEqual([
      {
        stack: "dev",
        urn: GIT,
        name: "git",
        type: "aria:index:Endpoint",
        id: "g1",
        action: "replace",
        fields: ["project"],
      },
    ]);
  });

  it("reads a nested URN's type and name", () => {
    expect(urnParts("urn:pulumi:dev::app::my:Component$aria:index:Endpoint::a::b")).toEqual({
      type: "aria:index:Endpoint",
      name: "a::b",
    });
  });

  it("compares nested inputs leaf by leaf and arrays whole", () => {
    expect(changedPaths({ __owner: "urn:a", x: 1 }, { __owner: "urn:b", x: 2 })).toEqual(["x"]);
    expect(changedPaths({ __provider: "p1" }, { __provider: "p2" })).toEqual([]);
    expect(changedPaths({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { b: 1, c: [2, 1] }, e: 1 })).toEqual([
      "a.c",
      "d",
      "e",
    ]);
  });

  it("gives a failed preview's errors, by resource, without the closing 'preview failed'", () => {
    const digest = PreviewDigest.parse({
      diagnostics: [
        { urn: JENKINS, message: "error: Preview failed: could not connect\n", severity: "error" },
        { message: "warning: something\n", severity: "warning" },
        { message: "error: preview failed\n", severity: "error" },
      ],
    });
    expect(previewErrors(digest)).toEqual(["jenkins: Preview failed: could not connect"]);
  });
});
