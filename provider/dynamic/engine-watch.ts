import * as net from "node:net";

/*
 * The dynamic provider's process outlives its engine when `pulumi up` is killed (SIGKILL): the Node
 * SDK's dynamic-provider host serves gRPC until someone kills it, and its parent is the engine's
 * `/bin/sh` wrapper, which stays too, so no parent-death signal or ppid change reaches it. The
 * engine's address is the host's first argument: once nothing listens there, the engine is gone
 * and so is every caller, and the process exits (the plugin exits by itself in the same case).
 */

/** How often the engine's address is tried. */
const INTERVAL_MS = 1000;

/** The `host:port` of an engine address argument, or undefined for anything else. */
export function engineAddress(arg: string | undefined): { host: string; port: number } | undefined {
  const match = /^([\w.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(arg ?? "");
  return match ? { host: match[1].replace(/^\[|\]$/g, ""), port: Number(match[2]) } : undefined;
}

/**
 * Calls `onGone` once a connection to `address` is refused (nobody listens there any more), trying
 * every `intervalMs`; the timer never keeps the process alive. Returns a function that stops it.
 */
export function watchEngine(
  address: { host: string; port: number },
  onGone: () => void,
  intervalMs = INTERVAL_MS,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const probe = () => {
    const socket = net.connect(address);
    socket.once("connect", () => {
      socket.destroy();
      schedule();
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (stopped) return;
      if (error.code === "ECONNREFUSED") {
        stopped = true;
        onGone();
      } else schedule();
    });
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(probe, intervalMs);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/**
 * In the Node SDK's dynamic-provider host (`.../cmd/dynamic-provider/index.js <engine address>`), exits
 * the process once its engine is gone; anywhere else (a test loading the provider), does nothing.
 */
export function exitWithEngine(argv: readonly string[] = process.argv): void {
  const address = engineAddress(argv[2]);
  if (!address || !/dynamic-provider/.test(argv[1] ?? "")) return;
  watchEngine(address, () => process.exit(0));
}
