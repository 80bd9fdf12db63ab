/* eslint-disable @typescript-eslint/no-explicit-any -- the generated protobuf messages are untyped here */
import {
  ResourceAwaitError,
  ResourceInitError,
  type DiffResult,
  type PropertyChange,
  type ResourceKind,
} from "../core/kind";
import { reveal, secret, type PropertyMap } from "../core/values";
import { dataFunctionByToken } from "../registry/data-functions";
import { keepSecrets } from "../core/secret-marks";
import { errorMessage } from "../common/api-failures";
import { providerApiClient, setProviderConfig } from "../runtime/context";
import { providerProtocol, type ProviderProtocol } from "../runtime/pulumi-internals";
import { useEngineAddress } from "../runtime/engine-log";
import { exitWithEngine } from "../runtime/engine-watch";
import type { SettingKey } from "../runtime/settings";
import { checkConfig, diffConfig, NAMESPACE, settingsOf } from "./config";
import { pluginResources, type PluginResource } from "./resources";
import { listHandler } from "./list";
import { fromWire, mapFromWire, mapToWire } from "./wire";
import { withMovedSecrets } from "../core/checked-inputs";
import { kindInputs } from "../core/hidden-inputs";

/*
 * The plugin door: the provider core served over Pulumi's provider protocol, on the SDK's generated
 * messages and gRPC runtime (through ../runtime/pulumi-internals.ts). A server of its own rather
 * than the SDK's `provider.main`, which accepts Configure and drops its settings (the SDK's `Provider`
 * has no `configure`, so an explicit provider's settings would be lost) and answers CheckConfig and
 * DiffConfig UNIMPLEMENTED: pulumi/pulumi `sdk/nodejs/provider/server.ts`, the same in v3.248.0,
 * v3.270.0 and v3.274.1.
 *
 * It accepts secrets (inputs arrive with envelopes, see ./wire.ts) and supports preview: the engine
 * calls Create and Update with `preview` in a preview too, in its parallel step executor (Check it
 * calls for one resource after another). So a kind's checks that ask the server, one round trip per
 * resource (the endpoint's validation), run there rather than in Check (`checkStep` of
 * ../core/kind.ts): in a preview, where a failure fails the preview as Check's would and nothing is
 * written (the outputs are the inputs, as the engine makes them for a plugin without preview), and
 * before every create and update, so nothing is written unchecked.
 */

/** What the server needs besides the core. */
export interface PluginOptions {
  /** The plugin's version (GetPluginInfo). */
  readonly version: string;
  /** The package schema as JSON text (GetSchema). */
  readonly schema: () => string;
}

type Callback = (error: unknown, response?: unknown, trailer?: unknown) => void;
type Call = { request: any };

/** The resource type in a URN (`urn:pulumi:stack::project::parent$aria:index:Endpoint::name`). */
export function urnType(urn: string): string {
  return (urn.split("::")[2] ?? "").split("$").pop() ?? "";
}

/** The resource's name in a URN. */
export function urnName(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

function struct(protocol: ProviderProtocol, map: PropertyMap | undefined): any {
  return protocol.struct.Struct.fromJavaScript(mapToWire(map));
}

function plain(message: any): Record<string, unknown> {
  return message?.toJavaScript?.() ?? {};
}

/** A resource's inputs or state from the wire, as a kind takes them: without the doors' notes. */
function inputsFromWire(message: any): PropertyMap {
  return kindInputs(mapFromWire(plain(message)));
}

/**
 * A lookup's result for the wire: each of its values secret when the data function's rule says the
 * result is (../common/data-function.ts `secretResult`); an invoke's result can be marked per value only.
 */
function invokeResult(secretResult: (result: unknown) => boolean, result: object): PropertyMap {
  const map = result as PropertyMap;
  if (!secretResult(map)) return map;
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, secret(value)]));
}

/**
 * What a kind answered, for the wire: what arrived secret (`sources`, with their marks: the request's
 * inputs or stored state) secret again, and, for what was read from the server, every credential
 * shown in clear (../core/secret-marks.ts, the one rule of both doors).
 */
function answer(map: PropertyMap | undefined, sources: readonly PropertyMap[], read = false): PropertyMap {
  return keepSecrets(map ?? {}, sources, { credentials: read });
}

/** The gRPC service implementation over the core. */
export function pluginService(options: PluginOptions, protocol: ProviderProtocol = providerProtocol()) {
  const { grpc, messages } = protocol;
  const resources = pluginResources();

  const failed = (callback: Callback, error: unknown) => {
    callback({ code: grpc.status.UNKNOWN, details: errorMessage(error), message: errorMessage(error) });
  };
  const resourceByType = (type: string): PluginResource => {
    const resource = resources.get(type);
    if (!resource) throw new Error(`the aria plugin has no resource type '${type}'; upgrade pulumi-aria.`);
    return resource;
  };
  const resourceOf = (urn: string): PluginResource => resourceByType(urnType(urn));
  const kindOf = (urn: string): ResourceKind => resourceOf(urn).kind;

  /** Fails a call with `message` and one error detail of `typeName`: how the engine learns more than the text. */
  const failWithDetail = (callback: Callback, message: string, bytes: Uint8Array, typeName: string) => {
    const any = new protocol.any.Any();
    any.pack(bytes, typeName);
    const status = new protocol.status.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    const metadata = new grpc.Metadata();
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
    callback({ code: grpc.status.UNKNOWN, details: message, metadata }, null, metadata);
  };

  /** A creation that did not finish: the engine records the resource with these outputs. */
  const initFailed = (callback: Callback, error: ResourceInitError) => {
    const detail = new messages.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(struct(protocol, error.properties));
    detail.setReasonsList(error.reasons);
    failWithDetail(callback, error.message, detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
  };

  /**
   * A create or update that ended as awaiting: the detail `pulumirpc.ErrorResourceAwaitFailed` (an
   * empty message, so packed as no bytes: the SDK's generated messages may predate it). The engine
   * writes no state for a create, keeps the prior state for an update, and the CLI exits 10.
   */
  const awaitFailed = (callback: Callback, error: ResourceAwaitError) =>
    failWithDetail(callback, error.message, new Uint8Array(0), "pulumirpc.ErrorResourceAwaitFailed");

  const unary =
    (handler: (request: any) => Promise<unknown>) =>
    (call: Call, callback: Callback): void => {
      handler(call.request).then(
        (response) => callback(null, response),
        (error: unknown) =>
          error instanceof ResourceInitError
            ? initFailed(callback, error)
            : error instanceof ResourceAwaitError
              ? awaitFailed(callback, error)
              : failed(callback, error),
      );
    };

  const failuresList = (failures: readonly { property: string; reason: string }[] | undefined) =>
    (failures ?? []).map((f) => {
      const failure = new messages.CheckFailure();
      failure.setProperty(f.property);
      failure.setReason(f.reason);
      return failure;
    });

  return {
    getPluginInfo: unary(async () => {
      const info = new protocol.plugin.PluginInfo();
      info.setVersion(options.version);
      return info;
    }),
    getSchema: unary(async (request) => {
      if (request.getVersion() !== 0) throw new Error(`unsupported schema version ${request.getVersion()}`);
      const response = new messages.GetSchemaResponse();
      response.setSchema(options.schema());
      return response;
    }),
    checkConfig: unary(async (request) => {
      const news = mapFromWire(plain(request.getNews()));
      const response = new messages.CheckResponse();
      response.setInputs(request.getNews());
      response.setFailuresList(failuresList(checkConfig(news)));
      return response;
    }),
    diffConfig: unary(async (request) => {
      const result = diffConfig(mapFromWire(plain(request.getOlds())), mapFromWire(plain(request.getNews())));
      return diffResponse(protocol, result);
    }),
    configure: unary(async (request) => {
      const args = request.hasArgs?.() ? mapFromWire(plain(request.getArgs())) : undefined;
      const variables: Record<string, string> = {};
      // Keys as the engine writes them: `aria:url`, or the older `aria:config:url`.
      request.getVariablesMap().forEach((value: string, key: string) => {
        variables[key.replace(new RegExp(`^${NAMESPACE}:(config:)?`), "")] = value;
      });
      const settings = args ? settingsOf(args) : settingsOf(variables);
      setProviderConfig((key: SettingKey) => settings[key], NAMESPACE);
      const response = new messages.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setAcceptresources(false);
      response.setSupportspreview(true);
      response.setAcceptoutputs(false);
      return response;
    }),
    invoke: unary(async (request) => {
      const token: string = request.getTok();
      const dataFunction = dataFunctionByToken(token);
      if (!dataFunction) throw new Error(`the aria plugin has no function '${token}'; upgrade pulumi-aria.`);
      const args = fromWire(plain(request.getArgs())) as Record<string, unknown>;
      const result = await dataFunction.serve(providerApiClient(), revealArgs(args));
      const response = new messages.InvokeResponse();
      response.setReturn(struct(protocol, invokeResult(dataFunction.secretResult, result)));
      return response;
    }),
    check: unary(async (request) => {
      const urn: string = request.getUrn();
      const resource = resourceOf(urn);
      const news = inputsFromWire(request.getNews());
      if (resource.nameFromResource && news.name === undefined) news.name = urnName(urn);
      const result = await resource.kind.check(inputsFromWire(request.getOlds()), news, {
        inSteps: true,
      });
      const response = new messages.CheckResponse();
      // The analyzer's note of moved secrets, as the dynamic door writes it (policy packs read both).
      const inputs = answer(result.inputs, [news]);
      response.setInputs(struct(protocol, withMovedSecrets(inputs, result.moved)));
      response.setFailuresList(failuresList(result.failures));
      return response;
    }),
    diff: unary(async (request) => {
      const result = await kindOf(request.getUrn()).diff(
        request.getId(),
        inputsFromWire(request.getOldInputs?.() ?? request.getOlds()),
        inputsFromWire(request.getNews()),
      );
      return diffResponse(protocol, result);
    }),
    create: unary(async (request) => {
      const urn: string = request.getUrn();
      const kind = kindOf(urn);
      const inputs = inputsFromWire(request.getProperties());
      await stepChecks(kind, urn, inputs);
      const response = new messages.CreateResponse();
      if (request.getPreview()) {
        response.setProperties(request.getProperties());
        return response;
      }
      // The URN names the resource the endpoint is made for (../client/owner-mark.ts); this door can
      // end a creation as awaiting (ErrorResourceAwaitFailed).
      const result = await kind.create(inputs, { owner: urn, canAwait: true }).catch((error: unknown) => {
        if (!(error instanceof ResourceInitError)) throw error;
        throw new ResourceInitError(error.message, error.id, answer(error.properties, [inputs], true));
      });
      response.setId(result.id);
      response.setProperties(struct(protocol, answer(result.outs, [inputs], true)));
      return response;
    }),
    read: unary(async (request) => {
      const state = inputsFromWire(request.getProperties());
      // What the stack holds (state and inputs) tells what is secret; an import has neither.
      const known = [state, inputsFromWire(request.getInputs?.())];
      const result = await kindOf(request.getUrn()).read(request.getId(), state);
      const response = new messages.ReadResponse();
      if (result.id === undefined) return response;
      response.setId(result.id);
      response.setProperties(struct(protocol, answer(result.props, known, true)));
      if (result.inputs !== undefined)
        response.setInputs(struct(protocol, answer(result.inputs, known, true)));
      return response;
    }),
    update: unary(async (request) => {
      const kind = kindOf(request.getUrn());
      const news = inputsFromWire(request.getNews());
      await stepChecks(kind, request.getUrn(), news);
      const response = new messages.UpdateResponse();
      if (request.getPreview()) {
        response.setProperties(request.getNews());
        return response;
      }
      const olds = inputsFromWire(request.getOlds());
      const result = await kind.update(request.getId(), olds, news);
      const known = [news, olds, inputsFromWire(request.getOldInputs?.())];
      response.setProperties(struct(protocol, answer(result.outs, known, true)));
      return response;
    }),
    delete: unary(async (request) => {
      await kindOf(request.getUrn()).delete(request.getId(), inputsFromWire(request.getProperties()));
      return new protocol.empty.Empty();
    }),
    cancel: unary(async () => new protocol.empty.Empty()),
    attach: unary(async (request) => {
      useEngineAddress(request.getAddress());
      return new protocol.empty.Empty();
    }),
    list: listHandler(protocol, (type) => resourceByType(type).kind),
    getMapping: unary(async () => new messages.GetMappingResponse()),
    getMappings: unary(async () => new messages.GetMappingsResponse()),
  };
}

/**
 * The kind's checks of one create or update that Check left to the step (../core/kind.ts
 * `checkStep`); their failures fail the step (and so the preview), naming the resource and, where
 * one is at fault, the property.
 */
async function stepChecks(kind: ResourceKind, urn: string, inputs: PropertyMap): Promise<void> {
  const failures = kind.checkStep ? await kind.checkStep(inputs) : [];
  if (failures.length === 0) return;
  // The engine shows a step's error as the preview's or the update's, without the resource: name it.
  const problems = failures.map((f) => (f.property ? `${f.property}: ${f.reason}` : f.reason));
  throw new Error(`${urnType(urn)} resource '${urnName(urn)}' has a problem: ${problems.join("; ")}`);
}

/** A data function's arguments as sent to the server: secret marks removed. */
function revealArgs(args: Record<string, unknown>): Record<string, unknown> {
  return reveal<Record<string, unknown>>(args);
}

/** The protocol's `PropertyDiff.Kind` of each of the core's {@link PropertyChange}s. */
const PROPERTY_DIFF_KINDS: Readonly<Record<PropertyChange, string>> = {
  add: "ADD",
  "add-replace": "ADD_REPLACE",
  delete: "DELETE",
  "delete-replace": "DELETE_REPLACE",
  update: "UPDATE",
  "update-replace": "UPDATE_REPLACE",
};

/**
 * A kind's diff as the engine reads it: the changes, the replacing keys and, when the kind has one,
 * the detailed diff (`diffs`, and each path's change between old and new inputs: `inputDiff`). With
 * it the engine shows the paths given and nothing else (a replacement no longer shows outputs as
 * removed) and puts them in a preview's `diffReasons` and `detailedDiff`; without it (DiffConfig)
 * the engine compares the state itself.
 */
function diffResponse(protocol: ProviderProtocol, result: DiffResult) {
  const response = new protocol.messages.DiffResponse();
  const changes = protocol.messages.DiffResponse.DiffChanges;
  response.setChanges(
    result.changes === true
      ? changes.DIFF_SOME
      : result.changes === false
        ? changes.DIFF_NONE
        : changes.DIFF_UNKNOWN,
  );
  if (result.replaces && result.replaces.length > 0) response.setReplacesList(result.replaces);
  if (result.deleteBeforeReplace) response.setDeletebeforereplace(true);
  if (result.diffs) response.setDiffsList(result.diffs);
  if (result.detailedDiff) {
    const detailed = response.getDetaileddiffMap();
    for (const [path, change] of Object.entries(result.detailedDiff)) {
      const diff = new protocol.messages.PropertyDiff();
      diff.setKind(protocol.messages.PropertyDiff.Kind[PROPERTY_DIFF_KINDS[change]]);
      diff.setInputdiff(true);
      detailed.set(path, diff);
    }
    response.setHasdetaileddiff(true);
  }
  return response;
}

/** Serves the plugin: binds a port on localhost and prints it, as the engine expects of a plugin. */
export async function servePlugin(args: readonly string[], options: PluginOptions): Promise<void> {
  const protocol = providerProtocol();
  const engine = args.find((arg) => !arg.startsWith("-"));
  if (engine) useEngineAddress(engine);
  // Killed with its engine's `pulumi up`, the plugin exits instead of staying on, orphaned.
  exitWithEngine();
  const server = new protocol.grpc.Server({
    "grpc.max_receive_message_length": 1 << 30,
    "grpc.max_send_message_length": 1 << 30,
  });
  server.addService(protocol.services.ResourceProviderService, pluginService(options, protocol));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      "127.0.0.1:0",
      protocol.grpc.ServerCredentials.createInsecure(),
      (error: Error | null, bound: number) => (error ? reject(error) : resolve(bound)),
    ),
  );
  process.stdout.write(`${port}\n`);
}
