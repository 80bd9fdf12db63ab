import { engineLog, type EngineLog } from "./pulumi-internals";

/*
 * Warnings from the provider process. A dynamic provider's methods have no logging API: the SDK's
 * `pulumi.log` talks to the engine only in the program process, and anything a provider writes to
 * stderr is shown as plain text, not as a warning. Every resource plugin is started with the
 * engine's address as its first argument, and the engine serves its `Log` RPC there for plugins:
 * that is where these warnings go, so `pulumi preview` and `pulumi up` list them as warnings.
 * Outside a provider process (tests, the program) they go to stderr, marked `[pulumi-aria]`. The
 * engine's protocol comes from the SDK's private modules, through ./pulumi-internals.ts.
 */

/**
 * Sends a user-facing warning; resolves once the engine has it. Rejects only in a provider process
 * whose @pulumi/pulumi lacks the engine's protocol (a `PulumiInternalsError` naming what is missing).
 */
export type WarningSink = (message: string) => Promise<void>;

let engine: EngineLog | undefined;
let pluginEngineAddress: string | undefined;

/** Called by the plugin door with the engine's address it was started with (or attached to). */
export function useEngineAddress(address: string): void {
  if (address !== pluginEngineAddress) engine = undefined;
  pluginEngineAddress = address;
}

/** The engine's address when this process is a provider (the dynamic-provider host, the plugin). */
export function engineAddress(argv: readonly string[] = process.argv): string | undefined {
  if (pluginEngineAddress !== undefined) return pluginEngineAddress;
  const script = argv[1] ?? "";
  if (!/dynamic-provider/.test(script)) return undefined;
  const address = argv[2];
  return address !== undefined && /^[\w.[\]:-]+:\d+$/.test(address) ? address : undefined;
}

/** Warns through the engine when this is a provider process, otherwise on stderr. */
export const engineWarning: WarningSink = (message) => {
  const address = engineAddress();
  if (!address) {
    process.stderr.write(`[pulumi-aria] warning: ${message}\n`);
    return Promise.resolve();
  }
  // In a provider process the engine's protocol must load: a changed SDK is an error naming it.
  try {
    engine ??= engineLog(address);
  } catch (error) {
    return Promise.reject(error);
  }
  const target = engine;
  return new Promise((resolve) => {
    target.client.log(target.request(message), (error) => {
      // The engine did not take it (it is shutting down): say so, with the warning, on stderr.
      if (error) process.stderr.write(`[pulumi-aria] warning (the engine's log refused it): ${message}\n`);
      resolve();
    });
  });
};
