import * as pulumi from "@pulumi/pulumi";
import * as internals from "../../provider/runtime/pulumi-internals";
import { activeLeg } from "../../scripts/runtimes";

/*
 * The contract between pulumi-aria and the private parts of @pulumi/pulumi it uses
 * (provider/runtime/pulumi-internals.ts). Run against every SDK version the package supports: a
 * failure here names what a release moved or changed, before a user meets it.
 */
describe("the @pulumi/pulumi internals pulumi-aria relies on", () => {
  it("are those of the runtime leg's @pulumi/pulumi release (scripts/runtimes.js)", () => {
    // scripts/test.mjs maps @pulumi/pulumi to the leg's release (PULUMI_ARIA_SDK_DIR) on every leg.
    expect(require("@pulumi/pulumi/package.json").version).toBe(activeLeg().sdk);
  });

  it("tells that Pulumi's mocks are in force, and only then", async () => {
    expect(internals.mocksAreSet()).toBe(false);
    await pulumi.runtime.setMocks({
      newResource: (args) => ({ id: "id", state: args.inputs }),
      call: () => ({}),
    });
    expect(internals.mocksAreSet()).toBe(true);
  });

  it("reports an error by its message alone, as a RunError, keeping its class and fields", () => {
    class Refused extends Error {
      readonly code = "Refused";
    }
    const error = internals.reportedByMessage(new Refused("refused"));
    expect(pulumi.RunError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(Refused);
    expect(error.code).toBe("Refused");
    expect(Object.keys(error)).toEqual(["code"]);
    expect(pulumi.RunError.isInstance(new Refused("plain"))).toBe(false);
  });

  it("has the dependsOn helpers output-form invokes use, answering as they do", async () => {
    const helpers = internals.dependsOnHelpers();
    expect(await helpers.gatherExplicitDependencies(undefined)).toEqual([]);
    expect(await helpers.getAllTransitivelyReferencedResources(new Set(), new Set())).toEqual([]);
  });

  it("has Output.isKnown as a promise of whether the value is known", async () => {
    expect(await internals.isKnown(pulumi.output("known"))).toBe(true);
  });

  it("builds a client of the engine's Log RPC and a warning request for it", () => {
    const log = internals.engineLog("127.0.0.1:1");
    expect(typeof log.client.log).toBe("function");
    const request = log.request("a warning") as Record<string, () => unknown>;
    const messages = require(
      require.resolve(`@pulumi/pulumi/${internals.SDK_INTERNAL_MODULES.engineMessages.slice(2)}`),
    );
    expect(request.getMessage()).toBe("a warning");
    expect(request.getSeverity()).toBe(messages.LogSeverity.WARNING);
    expect(request.getEphemeral()).toBe(false);
    (log.client as unknown as { close(): void }).close();
  });

  it("has the provider protocol the plugin serves: every method it implements, and the setters it uses", () => {
    const protocol = internals.providerProtocol();
    const service = protocol.services.ResourceProviderService as Record<string, { path: string }>;
    const { pluginService } =
      require("../../provider/plugin/server") as typeof import("../../provider/plugin/server");
    const served = Object.keys(pluginService({ version: "0.0.0", schema: () => "{}" }, protocol));
    for (const method of served) expect(service[method]?.path).toMatch(/^\/pulumirpc\.ResourceProvider\//);
    const m = protocol.messages;
    for (const [message, setters] of Object.entries({
      ConfigureResponse: ["setAcceptsecrets", "setAcceptresources", "setSupportspreview", "setAcceptoutputs"],
      CheckResponse: ["setInputs", "setFailuresList"],
      DiffResponse: ["setChanges", "setReplacesList", "setDeletebeforereplace"],
      ReadResponse: ["setId", "setProperties", "setInputs"],
      ErrorResourceInitFailed: ["setId", "setProperties", "setReasonsList"],
      InvokeResponse: ["setReturn"],
    })) {
      for (const setter of setters) expect(typeof m[message].prototype[setter]).toBe("function");
    }
    expect(m.DiffResponse.DiffChanges.DIFF_SOME).toBeDefined();
    expect(typeof protocol.grpc.Server).toBe("function");
  });

  it("fails loudly, naming the module, when the SDK lacks one of them", () => {
    jest.isolateModules(() => {
      jest.doMock(internals.SDK_INTERNAL_MODULES.dependsOn, () => ({}));
      const reloaded = require("../../provider/runtime/pulumi-internals");
      expect(() => reloaded.dependsOnHelpers()).toThrow(
        /cannot use @pulumi\/pulumi\/runtime\/dependsOn \(missing gatherExplicitDependencies, getAllTransitivelyReferencedResources\) of the installed @pulumi\/pulumi/,
      );
      expect(() => reloaded.dependsOnHelpers()).toThrow(reloaded.PulumiInternalsError);
    });
    expect(new internals.PulumiInternalsError("x").name).toBe("PulumiInternalsError");
  });
});
