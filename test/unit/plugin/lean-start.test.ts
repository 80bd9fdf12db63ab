/*
 * The plugin prints its port before anything a request alone needs is loaded: not @pulumi/pulumi's
 * index (the whole SDK with its Automation API, which cost the plugin about 0.3 s of CPU before its
 * port and about 60 MB of memory for its whole life) nor undici (loaded with the first request). Its
 * start-up and memory figures are in docs/guides/large-stacks.md; the SDK's protocol modules it
 * serves are loaded by path (../../../provider/runtime/pulumi-internals.ts), not through the index.
 */
jest.mock("@pulumi/pulumi", () => {
  throw new Error("the plugin loaded @pulumi/pulumi's index");
});
jest.mock("undici", () => {
  throw new Error("the plugin loaded undici before a request");
});

describe("the plugin's start", () => {
  it("builds its service and schema without the SDK's index or undici", () => {
    jest.isolateModules(() => {
      const { pluginService } =
        require("../../../provider/plugin/server") as typeof import("../../../provider/plugin/server");
      const { packageSchema } =
        require("../../../provider/plugin/schema") as typeof import("../../../provider/plugin/schema");
      const schema = JSON.stringify(packageSchema("1.2.3"));
      const service = pluginService({ version: "1.2.3", schema: () => schema });
      expect(Object.keys(service)).toEqual(
        expect.arrayContaining(["configure", "check", "create", "invoke"]),
      );
      expect(JSON.parse(schema).name).toBe("aria");
    });
  });

  it("would notice a module that loads the SDK's index", () => {
    // The guard itself: the mock throws when anything requires the index.
    jest.isolateModules(() => {
      expect(() => require("@pulumi/pulumi")).toThrow("the plugin loaded @pulumi/pulumi's index");
    });
  });
});
