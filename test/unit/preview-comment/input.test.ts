import { readPreview } from "../../../provider/preview-comment/input";
import { differingPaths, leafPaths, parsePath } from "../../../provider/preview-comment/paths";
import { propertyPath } from "../../../provider/core/property-path";
import { dynamicEvents, ENVELOPE, lines, pluginDigest, urn } from "./previews";

describe("reading what pulumi preview --json printed", () => {
  it("reads the digest's steps and diagnostics, and knows it holds no policy findings", () => {
    const facts = readPreview(JSON.stringify(pluginDigest(), null, 4));
    expect(facts.steps.map((s) => s.op)).toEqual([
      "same",
      "create",
      "update",
      "create-replacement",
      "replace",
      "same",
      "delete-replaced",
      "delete",
    ]);
    const update = facts.steps[2];
    expect(update.detailedDiff).toEqual({
      "properties.url": { kind: "update", inputDiff: true },
      "secretProperties.password": { kind: "update", inputDiff: true },
    });
    expect(update.old?.inputs.properties).toEqual({ url: "https://ci-jenkins.example.com", username: "bot" });
    expect(facts.diagnostics).toEqual([{ severity: "info", message: "Hello from the program\n" }]);
    expect(facts.policy).toBeUndefined();
  });

  it("reads the engine's events one a line: steps, diagnostics, findings, the packs and the result", () => {
    const facts = readPreview(lines(dynamicEvents()));
    expect(facts.steps.map((s) => [s.op, s.urn])).toEqual([
      ["same", "urn:pulumi:prod::infra::pulumi:pulumi:Stack::infra-prod"],
      ["update", urn("restricted", "pulumi-nodejs:dynamic/aria:Endpoint")],
      ["update", urn("unpinned", "pulumi-nodejs:dynamic/aria:Endpoint")],
    ]);
    expect(facts.steps[1].old?.inputs.secretProperties).toEqual(ENVELOPE);
    expect(facts.diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ["debug", "debug: RegisterResource RPC finished\n"],
      ["error", "error: preview failed\n"],
    ]);
    expect(facts.policy?.map((p) => [p.policy, p.level, p.waived])).toEqual([
      ["aria-endpoint-restricted", "advisory", false],
      ["aria-endpoint-plain-http", "mandatory", false],
    ]);
    expect(facts.result).toBe("failed");
    expect(Object.values(facts.policyPacks ?? {})).toEqual(["0.1.0"]);
  });

  it("reads the engine's events given as one JSON list", () => {
    expect(readPreview(JSON.stringify(dynamicEvents())).steps).toHaveLength(3);
  });

  it("refuses an empty input, text that is not JSON and JSON that is no preview, saying what it expected", () => {
    expect(() => readPreview("  \n")).toThrow(
      /the input is empty: expected what `pulumi preview --json` prints/,
    );
    expect(() => readPreview("error: no stack selected\n")).toThrow(/line 1 of the input is not JSON/);
    expect(() => readPreview('{"steps": [{"op": 3}]}')).toThrow(
      /not what `pulumi preview --json` prints: steps\.0\.op/,
    );
    expect(() => readPreview("[1, 2]")).toThrow(/not what `pulumi preview --json` prints/);
  });
});

describe("property paths", () => {
  it("writes and reads Pulumi's paths, brackets for indexes and for keys that need them", () => {
    expect(propertyPath(["properties", "url"])).toBe("properties.url");
    expect(propertyPath(["tags", 0, "a.b"])).toBe('tags[0]["a.b"]');
    expect(parsePath('secretProperties["a.b"].c[2]')).toEqual(["secretProperties", "a.b", "c", 2]);
    expect(parsePath("properties.url")).toEqual(["properties", "url"]);
    // What the engine writes is read back: a key of any characters, a quote in it escaped.
    for (const key of ["api-key", 'a "b"', "c:\\tmp", "$x"]) {
      expect(parsePath(propertyPath(["properties", key]))).toEqual(["properties", key]);
    }
  });

  it("finds the leaves that differ, comparing lists and secrets whole", () => {
    const before = { a: 1, b: { c: [1, 2], d: "x" }, s: "[secret]" };
    const after = { a: 1, b: { c: [1, 3], e: { f: 1 } }, s: "[secret]" };
    expect(differingPaths(before, after).map(propertyPath)).toEqual(["b.c", "b.d", "b.e.f"]);
    expect(leafPaths({ x: { y: 1, z: ENVELOPE } }).map(propertyPath)).toEqual(["x.y", "x.z"]);
  });
});
