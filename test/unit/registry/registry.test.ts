import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as aria from "../../../provider";
import { DATA_FUNCTIONS, KIND_NAMES, RESOURCE_KINDS, TYPED_ENDPOINTS } from "../../../provider/registry";
import { KIND_CODES } from "../../../provider/dynamic/stub";
import { pluginResources } from "../../../provider/plugin/resources";
import { packageSchema } from "../../../provider/plugin/schema";

/*
 * The registry is the one list of what exists: every kind and data function it declares is served by
 * the plugin (its schema and its resources), and exported by the package for programs.
 */
const root = join(__dirname, "..", "..", "..");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
const schema = packageSchema(version);
const exported = aria as unknown as Record<string, unknown>;

describe("the registry", () => {
  it("keeps the dynamic door's short codes, which existing stacks hold", () => {
    expect(KIND_CODES).toEqual({ endpoint: "ep", deploymentResource: "dr" });
    expect(KIND_NAMES).toEqual(["endpoint", "deploymentResource"]);
  });

  it("has every kind and typed endpoint in the plugin's schema and resources, and nothing else there", () => {
    const tokens = [
      ...Object.values(RESOURCE_KINDS).map((kind) => kind.token),
      ...[...TYPED_ENDPOINTS.values()].map((typed) => `aria:index:${typed.className}`),
    ].sort();
    expect(Object.keys(schema.resources).sort()).toEqual(tokens);
    expect([...pluginResources().keys()].sort()).toEqual(tokens);
    for (const kind of Object.values(RESOURCE_KINDS)) expect(kind.token).toBe(`aria:index:${kind.name}`);
  });

  it("has every kind and typed endpoint exported from the package as a class of the same name", () => {
    for (const kind of Object.values(RESOURCE_KINDS)) expect(typeof exported[kind.name]).toBe("function");
    for (const typed of TYPED_ENDPOINTS.values()) {
      expect(typeof exported[typed.className]).toBe("function");
      expect(exported[typed.className]).not.toBe(aria.Endpoint);
      expect((exported[typed.className] as { prototype: unknown }).prototype).toBeInstanceOf(aria.Endpoint);
    }
  });

  it("has every data function in the plugin's schema, under its token, and nothing else there", () => {
    expect(Object.keys(schema.functions)).toEqual(DATA_FUNCTIONS.map((declared) => declared.token));
    for (const declared of DATA_FUNCTIONS) {
      expect(declared.token).toBe(`aria:index:${declared.name}`);
      expect(schema.functions[declared.token].description).toBe(declared.description);
    }
  });

  it("has every data function exported from the package, with its Output form", () => {
    for (const { name } of DATA_FUNCTIONS) {
      expect([name, typeof exported[name]]).toEqual([name, "function"]);
      expect([name, typeof exported[`${name}Output`]]).toEqual([name, "function"]);
    }
  });

  it("declares each data function once", () => {
    const names = DATA_FUNCTIONS.map((declared) => declared.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
