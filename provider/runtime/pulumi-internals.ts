import type * as pulumi from "@pulumi/pulumi";
import { requireModule, sdkRequire } from "./sdk-modules";

/*
 * Everything pulumi-aria takes from @pulumi/pulumi beyond its public API, in one place:
 * - the mock monitor, to tell that `pulumi.runtime.setMocks` is in force (the data functions);
 * - the SDK's `dependsOn` helpers and `Output.isKnown`, which its own output-form invokes use (the
 *   Output forms of the data functions follow the same rules);
 * - the engine's gRPC protocol and client, for warnings from the provider process (engine-log.ts);
 * - the provider protocol's generated messages and service and the SDK's gRPC runtime, which the
 *   plugin door serves (../plugin/server.ts).
 * Each is loaded from the process's own copy of the SDK, so that its classes and global state are
 * the ones the rest of the process uses. test/unit/pulumi-internals.test.ts holds the SDK to this
 * contract: when a release moves or renames one of these, that test fails, naming it; at run time a
 * missing one is an error naming it ({@link PulumiInternalsError}), never a silent fallback.
 */

/** The module paths inside @pulumi/pulumi this module relies on, by what it takes from each. */
export const SDK_INTERNAL_MODULES = {
  mocks: "@pulumi/pulumi/runtime/mocks",
  settings: "@pulumi/pulumi/runtime/settings",
  dependsOn: "@pulumi/pulumi/runtime/dependsOn",
  engineServices: "./proto/engine_grpc_pb",
  engineMessages: "./proto/engine_pb",
  grpc: "@grpc/grpc-js",
  providerServices: "./proto/provider_grpc_pb",
  providerMessages: "./proto/provider_pb",
  pluginMessages: "./proto/plugin_pb",
  statusMessages: "./proto/status_pb",
  struct: "google-protobuf/google/protobuf/struct_pb",
  empty: "google-protobuf/google/protobuf/empty_pb",
  any: "google-protobuf/google/protobuf/any_pb",
} as const;

/** An internal of @pulumi/pulumi that is missing or changed shape. */
export class PulumiInternalsError extends Error {
  constructor(what: string, cause?: unknown) {
    const detail = cause instanceof Error ? `: ${cause.message}` : "";
    super(
      `pulumi-aria cannot use ${what} of the installed @pulumi/pulumi${detail}. This release of the SDK ` +
        `changed it; use a @pulumi/pulumi version pulumi-aria supports (its peerDependencies).`,
    );
    this.name = "PulumiInternalsError";
  }
}

/** Loads one internal module and checks it has the named members (functions or classes). */
function load<T>(what: string, load: () => unknown, members: readonly string[]): T {
  let loaded: unknown;
  try {
    loaded = load();
  } catch (error) {
    throw new PulumiInternalsError(what, error);
  }
  const missing = members.filter(
    (member) => typeof (loaded as Record<string, unknown> | undefined)?.[member] !== "function",
  );
  if (missing.length > 0) throw new PulumiInternalsError(`${what} (missing ${missing.join(", ")})`);
  return loaded as T;
}

/** The SDK's mock resource monitor class, which `pulumi.runtime.setMocks` installs. */
interface MocksModule {
  MockMonitor: abstract new (...args: never[]) => object;
}

/** The SDK's settings, where the current resource monitor is kept. */
interface SettingsModule {
  getMonitor(): object | undefined;
}

/**
 * True when `pulumi.runtime.setMocks` is in force: the SDK then routes every resource registration
 * and invoke to the mocks' `newResource` and `call`, and so must the data functions. The monitor
 * `setMocks` installs is an instance of the SDK's `MockMonitor` (runtime/mocks.js), and no other
 * monitor is.
 */
export function mocksAreSet(): boolean {
  const { MockMonitor } = load<MocksModule>(
    SDK_INTERNAL_MODULES.mocks,
    () => requireModule(SDK_INTERNAL_MODULES.mocks),
    ["MockMonitor"],
  );
  const { getMonitor } = load<SettingsModule>(
    SDK_INTERNAL_MODULES.settings,
    () => requireModule(SDK_INTERNAL_MODULES.settings),
    ["getMonitor"],
  );
  return getMonitor() instanceof MockMonitor;
}

/**
 * Makes `error` one that the Node language host reports by its message alone, as it reports a
 * `pulumi.RunError` (`RunError.isInstance` reads the brand `__pulumiRunError`, so that it works across
 * copies of the SDK), instead of as an unhandled exception with its stack. The error keeps its class
 * and fields, so that a program can still catch it and branch on them. Returns `error`.
 */
export function reportedByMessage<E extends Error>(error: E): E {
  Object.defineProperty(error, "__pulumiRunError", { value: true, enumerable: false, configurable: true });
  return error;
}

/** The SDK's helpers for `dependsOn`: the very code its output-form invokes run. */
export interface DependsOnHelpers {
  gatherExplicitDependencies(dependsOn: unknown): Promise<pulumi.Resource[]>;
  getAllTransitivelyReferencedResources(
    resources: Set<pulumi.Resource>,
    exclude: Set<pulumi.Resource>,
  ): Promise<pulumi.Resource[]>;
}

/** The SDK's `dependsOn` helpers, from the program's copy of @pulumi/pulumi (so resource classes match). */
export function dependsOnHelpers(): DependsOnHelpers {
  return load<DependsOnHelpers>(
    SDK_INTERNAL_MODULES.dependsOn,
    () => requireModule(SDK_INTERNAL_MODULES.dependsOn),
    ["gatherExplicitDependencies", "getAllTransitivelyReferencedResources"],
  );
}

/** Whether an Output's value is known (false in a preview for what is not created yet). */
export function isKnown(output: pulumi.Output<unknown>): Promise<boolean> {
  // `isKnown` is how the SDK itself asks (see invoke.ts); it is not in the public typings.
  const known = (output as unknown as { isKnown?: Promise<boolean> }).isKnown;
  if (!(known instanceof Promise)) throw new PulumiInternalsError("Output.isKnown");
  return known;
}

/** A client of the engine's `Log` RPC. */
export interface EngineLogClient {
  log(request: unknown, callback: (error: Error | null) => void): void;
}

/** The engine's log service at an address, and how to make one warning's request for it. */
export interface EngineLog {
  readonly client: EngineLogClient;
  readonly request: (message: string) => unknown;
}

/**
 * A client of the engine's `Log` RPC at `address`, built with the SDK's own gRPC runtime and the
 * engine's protocol (resolved from @pulumi/pulumi's location, as the SDK loads them).
 */
export function engineLog(address: string): EngineLog {
  const fromSdk = load<NodeJS.Require>("@pulumi/pulumi", sdkRequire, []);
  const grpc = load<{ credentials: { createInsecure(): unknown } }>(
    SDK_INTERNAL_MODULES.grpc,
    () => fromSdk(SDK_INTERNAL_MODULES.grpc),
    [],
  );
  const services = load<{ EngineClient: new (address: string, credentials: unknown) => EngineLogClient }>(
    `@pulumi/pulumi/${SDK_INTERNAL_MODULES.engineServices.slice(2)}`,
    () => fromSdk(SDK_INTERNAL_MODULES.engineServices),
    ["EngineClient"],
  );
  const messages = load<{
    LogRequest: new () => Record<string, (value: unknown) => unknown>;
    LogSeverity: { WARNING: unknown };
  }>(
    `@pulumi/pulumi/${SDK_INTERNAL_MODULES.engineMessages.slice(2)}`,
    () => fromSdk(SDK_INTERNAL_MODULES.engineMessages),
    ["LogRequest"],
  );
  if (messages.LogSeverity?.WARNING === undefined || typeof grpc.credentials?.createInsecure !== "function") {
    throw new PulumiInternalsError("the engine's log protocol (LogSeverity.WARNING, grpc credentials)");
  }
  const client = new services.EngineClient(address, grpc.credentials.createInsecure());
  const request = (message: string) => {
    const built = new messages.LogRequest();
    built.setSeverity(messages.LogSeverity.WARNING);
    built.setMessage(message);
    built.setUrn("");
    built.setEphemeral(false);
    return built;
  };
  return { client, request };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- generated protobuf classes, used by name */
/** The provider protocol as the SDK generates it: the service, its messages and the gRPC runtime. */
export interface ProviderProtocol {
  readonly grpc: any;
  readonly services: { ResourceProviderService: object };
  readonly messages: any;
  readonly plugin: any;
  readonly status: any;
  readonly struct: { Struct: { fromJavaScript(value: Record<string, unknown>): any } };
  readonly empty: { Empty: new () => any };
  readonly any: { Any: new () => any };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The provider protocol from the SDK's generated modules (what the plugin door serves). */
export function providerProtocol(): ProviderProtocol {
  const fromSdk = load<NodeJS.Require>("@pulumi/pulumi", sdkRequire, []);
  const module = <T>(key: keyof typeof SDK_INTERNAL_MODULES, members: readonly string[]) => {
    const path = SDK_INTERNAL_MODULES[key];
    const name = path.startsWith("./") ? `@pulumi/pulumi/${path.slice(2)}` : path;
    return load<T>(name, () => fromSdk(path), members);
  };
  const protocol: ProviderProtocol = {
    grpc: module("grpc", ["Server"]),
    services: module("providerServices", []),
    messages: module("providerMessages", [
      "CheckResponse",
      "CheckFailure",
      "DiffResponse",
      "PropertyDiff",
      "CreateResponse",
      "ReadResponse",
      "UpdateResponse",
      "ConfigureResponse",
      "InvokeResponse",
      "GetSchemaResponse",
      "ErrorResourceInitFailed",
      "GetMappingResponse",
      "GetMappingsResponse",
    ]),
    plugin: module("pluginMessages", ["PluginInfo"]),
    status: module("statusMessages", ["Status"]),
    struct: module("struct", ["Struct"]),
    empty: module("empty", ["Empty"]),
    any: module("any", ["Any"]),
  };
  if (typeof protocol.services.ResourceProviderService !== "object") {
    throw new PulumiInternalsError("the provider protocol's service (ResourceProviderService)");
  }
  return protocol;
}
