// @ts-check
// The reliability run of issue 38 (bench/README.md, "Faults with a server restart"):
//   node bench/faults-restart.mjs [--size 1000] [--door dynamic|plugin|both] [--out <file.json>]

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { apiClient, EMULATOR_MODULE, emulatorOps, REFRESH_TOKEN } from "./lib/common.mjs";
import { killAll } from "./lib/engine-stack.mjs";
import { faultCounts, serverAgainstState } from "./lib/faults.mjs";
import { changesOf, programStack } from "./lib/lifecycle.mjs";

/** `aria:apiTimeout` / `vra:apiTimeout` of the run, seconds. */
const API_TIMEOUT_S = 5;
/** The slow phase: this many requests each answered after DELAY_MS, longer than the timeout. */
const SLOW_REQUESTS = 40;
const DELAY_MS = 7_000;

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "1000" },
    door: { type: "string", default: "both" },
    out: { type: "string" },
  },
});
const n = Number(args.size);
if (!Number.isInteger(n) || n < 2)
  throw new Error(`--size must be an integer of at least 2, got ${args.size}`);
const doors = args.door === "both" ? ["dynamic", "plugin"] : [String(args.door)];
for (const door of doors) {
  if (door !== "dynamic" && door !== "plugin")
    throw new Error(`--door must be dynamic, plugin or both, got ${door}`);
}

const { startEmulator, BUSY_SERVER_FAULTS } = await import(EMULATOR_MODULE);

/**
 * The busy server's mix, and after the restart the slow phase (before, it would end the `up` at its first
 * token exchange).
 * @param {string} url
 */
const faultsOn = (url, slow = false) =>
  emulatorOps(url).setFaults([
    ...BUSY_SERVER_FAULTS,
    ...(slow ? [{ kind: "delay", delayMs: DELAY_MS, count: SLOW_REQUESTS, path: "^/(pipeline|iaas)/" }] : []),
  ]);

/** One door's run on a fresh emulator with a data file. @param {"dynamic" | "plugin"} door */
async function runDoor(door) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-restart-"));
  const dataFile = path.join(dir, "emulator.json");
  let emulator = await startEmulator({ port: 0, seedResources: 0, dataFile });
  const { url } = emulator;
  const program = door === "dynamic" ? "endpoints" : "endpoints-plugin";
  const stack = programStack(program, { url, refreshToken: REFRESH_TOKEN, n, validate: false });
  stack.setConfig("vra:apiTimeout", API_TIMEOUT_S);
  stack.setConfig("aria:apiTimeout", API_TIMEOUT_S);
  let requests = 0;
  const faults = { 503: 0, 429: 0, cut: 0, slow: 0 };
  /** @param {import("./lib/common.mjs").RequestLog} log */
  const add = (log) => {
    requests += log.total;
    const counted = faultCounts(log.entries);
    for (const k of /** @type {const} */ ([503, 429, "cut", "slow"])) faults[k] += counted[k];
  };
  const out = {
    door,
    n,
    first: /** @type {any} */ ({}),
    second: /** @type {any} */ (undefined),
    restartAtMs: 0,
  };
  try {
    await emulatorOps(url).clearRequests();
    await faultsOn(url);
    const half = emulator.served(
      (/** @type {{route: string, status: number, fault?: string}} */ e) =>
        e.route === "POST /pipeline/api/endpoints" && e.status < 300 && !e.fault,
      Math.floor(n / 2),
    );
    const start = performance.now();
    const running = stack.run("up", { allowFailure: true });
    const first = await Promise.race([half.then(() => "half"), running.then(() => "ended")]);
    if (first === "half") {
      // The restart: closed (open connections dropped), then started again from its data file.
      add(await emulatorOps(url).requests());
      out.restartAtMs = Math.round(performance.now() - start);
      await emulator.close();
      emulator = await startEmulator({ port: Number(new URL(url).port), seedResources: 0, dataFile });
      await faultsOn(url, true);
      console.log(`${door}: server restarted ${out.restartAtMs} ms into the up`);
    }
    const res = await running;
    add(await emulatorOps(url).requests());
    await emulatorOps(url).clearRequests();
    await faultsOn(url);
    out.first = {
      ok: res.ok,
      ms: Math.round(res.ms),
      changes: changesOf(res.summary),
      error: res.ok
        ? undefined
        : (String(res.stdout ?? "")
            .split("\nDiagnostics:")[1]
            ?.slice(0, 3000) ?? res.error),
    };
    if (!res.ok) {
      // What the message says to run next: `pulumi up` again, on the same busy server.
      const again = await stack.run("up", { allowFailure: true });
      add(await emulatorOps(url).requests());
      out.second = { ok: again.ok, ms: Math.round(again.ms), changes: changesOf(again.summary) };
    }
    await emulatorOps(url).setFaults([]);
    const client = apiClient(url);
    const server = await serverAgainstState(client, stack);
    await client.close();
    Object.assign(out, {
      requests,
      faults,
      duplicates: server.duplicates.length,
      onServer: server.onServer,
      inState: server.inState,
      serverEqualsState: server.equal,
    });
    await stack.run("destroy", { allowFailure: true });
  } finally {
    stack.dispose();
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

const results = [];
try {
  for (const door of doors) {
    const result = await runDoor(/** @type {"dynamic" | "plugin"} */ (door));
    console.log(JSON.stringify(result, null, 2));
    results.push(result);
  }
} finally {
  killAll();
}
if (args.out) fs.writeFileSync(args.out, `${JSON.stringify(results, null, 2)}\n`);
