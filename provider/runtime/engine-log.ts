import { createRequire } from "node:module";

/*
 * Warnings from the provider process. A dynamic provider's methods have no logging API: the SDK's
 * `pulumi.log` talks to the engine only in the program process, and anything a provider writes to
 * stderr is shown as plain text, not as a warning. Every resource plugin is started with the
 * engine's address as its first argument, and the engine serves its `Log` RPC there for plugins:
 * that is where these warnings go, so `pulumi preview` and `pulumi up` list them as warnings.
 * Outside a provider process (tests, the program) they go to stderr, marked `[pulumi-aria]`.
 */

/** Sends a user-facing warning; resolves once the engine has it (never rejects). */
export type WarningSink = (message: string) => Promise<void>;

interface EngineLogClient {
  log(request: unknown, callback: (error: Error | null) => void): void;
}

let engine: { client: EngineLogClient; request: (message: string) => unknown } | null | undefined;

/** The engine's address when this process is the dynamic-provider host, else undefined. */
export function engineAddress(argv: readonly string[] = process.argv): string | undefined {
  const script = argv[1] ?? "";
  if (!/dynamic-provider/.test(script)) return undefined;
  const address = argv[2];
  return address !== undefined && /^[\w.[\]:-]+:\d+$/.test(address) ? address : undefined;
}

function connect(): typeof engine {
  const address = engineAddress();
  if (!address) return null;
  try {
    // Resolved from @pulumi/pulumi's own location: its gRPC runtime and the engine's protocol.
    const fromSdk = createRequire(require.resolve("@pulumi/pulumi"));
    const grpc = fromSdk("@grpc/grpc-js");
    const services = fromSdk("./proto/engine_grpc_pb");
    const messages = fromSdk("./proto/engine_pb");
    const client: EngineLogClient = new services.EngineClient(address, grpc.credentials.createInsecure());
    const request = (message: string) =>
      new messages.LogRequest()
        .setSeverity(messages.LogSeverity.WARNING)
        .setMessage(message)
        .setUrn("")
        .setEphemeral(false);
    return { client, request };
  } catch {
    return null;
  }
}

/** Warns through the engine when this is a provider process, otherwise on stderr. */
export const engineWarning: WarningSink = (message) => {
  if (engine === undefined) engine = connect();
  const target = engine;
  if (!target) {
    process.stderr.write(`[pulumi-aria] warning: ${message}\n`);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    target.client.log(target.request(message), (error) => {
      if (error) process.stderr.write(`[pulumi-aria] warning: ${message}\n`);
      resolve();
    });
  });
};
