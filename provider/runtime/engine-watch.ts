import * as net from "node:net";
import { engineAddress } from "./engine-log";

/*
 * A provider process outlives its engine when `pulumi up` is killed (SIGKILL): the Node SDK's
 * dynamic-provider host and the plugin serve gRPC until someone kills them (the dynamic host's
 * parent is the engine's `/bin/sh` wrapper, which stays too, so no ppid change reaches it). The
 * engine's address is a provider's first argument: once nothing listens there, the engine is gone
 * and so is every caller, and the process exits.
 */

/** How often the engine's address is tried. */
const INTERVAL_MS = 1000;

/** The host and port of an engine address (`127.0.0.1:39215`, `[::1]:5000`). */
export function hostAndPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(":");
  return { host: address.slice(0, at).replace(/^\[|\]$/g, ""), port: Number(address.slice(at + 1)) };
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
 * In a provider process (the dynamic-provider host, the plugin: see engineAddress), exits the process
 * once its engine is gone; anywhere else (a test loading the provider), does nothing.
 */
export function exitWithEngine(): void {
  const address = engineAddress();
  if (address) watchEngine(hostAndPort(address), () => process.exit(0));
}
