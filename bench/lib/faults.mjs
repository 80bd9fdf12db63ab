// @ts-check
// The faults phase (--faults-size): create, an `up` changing every endpoint and destroy under the
// busy-server mix, set against the same operations without faults, and the server compared with the
// state after each (bench/README.md, "under faults"). And the run of bench/faults-restart.mjs: one `up`
// under the same mix with the server restarted midway (bench/README.md, "Faults with a server restart").

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { apiClient, EMULATOR_MODULE, emulatorOps, REFRESH_TOKEN } from "./common.mjs";
import { changesOf, loggedRun, programStack } from "./lifecycle.mjs";

/** `aria:apiTimeout` / `vra:apiTimeout` of the restart run, seconds. */
const API_TIMEOUT_S = 5;
/** The restart run's slow phase: 40 requests each answered later than the timeout. */
const SLOW_REQUESTS = { kind: "delay", delayMs: 7_000, count: 40, path: "^/(pipeline|iaas)/" };

/**
 * Without the endpoints' passwords, the refresh token and access tokens (JWTs).
 * @param {string} text
 */
function redact(text) {
  return String(text)
    .replaceAll(REFRESH_TOKEN, "[secret]")
    .replace(/bench-password-\d+/g, "[secret]")
    .replace(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}(\.[A-Za-z0-9_-]*)?/g, "[secret]");
}

/**
 * A failed operation's diagnostics (else its error), without secrets and colours.
 * @param {{error?: string, stdout?: string}} res
 */
function engineError(res) {
  const stdout = String(res.stdout ?? "");
  const at = stdout.indexOf("\nDiagnostics:");
  const text =
    at >= 0
      ? `${/^[^:\n]*/.exec(res.error ?? "")?.[0]}:${stdout.slice(at).split(/\n(?:Outputs|Resources|Duration):/)[0]}`
      : (res.error ?? "");
  // eslint-disable-next-line no-control-regex -- the colours of a program's stack trace
  return redact(text.replace(/\x1b\[[0-9;]*m/g, "").trim()).slice(0, 6000);
}

/**
 * The requests the faults answered in place of the server (or, `slow`, late).
 * @param {import("./common.mjs").LogEntry[]} entries
 */
export function faultCounts(entries) {
  const counts = { 429: 0, 503: 0, cut: 0, slow: 0 };
  for (const e of entries) {
    if (e.fault === "cut") counts.cut += 1;
    else if (e.fault === "delay") counts.slow += 1;
    else if (e.fault === "status" && (e.status === 429 || e.status === 503)) counts[e.status] += 1;
  }
  return counts;
}

/**
 * The server's benchmark endpoints (either door's) against the state's: the same ids, no duplicate
 * name and, after an update to `revision`, every endpoint's description changed.
 * @param {{listAllEndpoints(): Promise<Array<{id: string, name: string, description?: string}>>}} client
 * @param {import("./engine-stack.mjs").BenchStack} stack @param {number} [revision]
 */
export async function serverAgainstState(client, stack, revision) {
  const server = (await client.listAllEndpoints()).filter((e) => /^bench-(plugin-)?endpoint-/.test(e.name));
  /** @type {any} */
  const exported = await stack.exportStack();
  /** @type {string[]} */
  const state = (exported?.deployment?.resources ?? [])
    .filter((/** @type {{type: string}} */ r) => /aria(:index)?:\w*Endpoint$/.test(r.type))
    .map((/** @type {{id: string}} */ r) => r.id);
  /** @type {Map<string, number>} */
  const names = new Map();
  for (const e of server) names.set(e.name, (names.get(e.name) ?? 0) + 1);
  const ids = new Set(server.map((e) => e.id));
  const duplicates = [...names].filter(([, count]) => count > 1).map(([name]) => name);
  const missingOnServer = state.filter((id) => !ids.has(id)).length;
  const notInState = server.filter((e) => !state.includes(e.id)).length;
  const notUpdated =
    revision === undefined
      ? 0
      : server.filter((e) => !e.description?.endsWith(` revision ${revision}`)).length;
  const counts = { missingOnServer, notInState, notUpdated };
  const equal = duplicates.length === 0 && Object.values(counts).every((count) => count === 0);
  return { equal, onServer: server.length, inState: state.length, duplicates, ...counts };
}

/**
 * The faults phase at N (lib/analysis.mjs analyseFaults reads it).
 * @param {number} n
 * @param {import("./lifecycle.mjs").Ctx} ctx
 */
export async function measureFaults(n, ctx) {
  // The fault tier's mix (emulator/ops/faults.ts): 10% 503s, 5% 429s, 10% of writes' answers cut.
  const { BUSY_SERVER_FAULTS } = await import(EMULATOR_MODULE);
  const client = apiClient(ctx.url);
  const stack = programStack("endpoints", { ...ctx, n });
  const ops = emulatorOps(ctx.url);
  /** @type {{n: number, faultFree: Record<string, {ms: number, requests: Record<string, number>}>, phases: Record<string, any>}} */
  const out = { n, faultFree: {}, phases: {} };
  const steps = [
    { name: "create", op: "up", faults: true, expected: { create: n + 1 } },
    { name: "update", op: "up", faults: false, revision: 2, expected: { update: n } },
    { name: "update", op: "up", faults: true, revision: 3, expected: { update: n } },
    { name: "destroy", op: "destroy", faults: true, expected: { delete: n + 1 } },
  ];
  let failed;
  try {
    for (const { name, op, faults, revision, expected } of steps) {
      if (failed) {
        if (faults) out.phases[name] = { skipped: `not run: ${failed} failed` };
        continue;
      }
      if (revision !== undefined) stack.setConfig("revision", revision);
      if (!faults) {
        // The same update without faults, on the same stack: what the faulted one is set against.
        const { res, log } = await loggedRun(stack, ctx.url, op);
        out.faultFree[name] = { ms: res.ms, requests: log.counts };
        ctx.log(
          `endpoints N=${n} ${name} of every endpoint without faults: ${Math.round(res.ms)} ms, ${log.total} requests`,
        );
        continue;
      }
      await ops.setFaults(BUSY_SERVER_FAULTS);
      const { res, log } = await loggedRun(stack, ctx.url, op, { allowFailure: true }).finally(() =>
        ops.setFaults([]),
      );
      // Faults act through requests: a run that failed without one failed for another reason (say,
      // its install was replaced under it by other work in the tree); the stage runs again.
      if (!res.ok && log.total === 0)
        throw new Error(`pulumi ${op} failed before any request: ${redact(res.error ?? "")}`);
      const changes = changesOf(res.summary);
      const ok = res.ok && JSON.stringify(changes) === JSON.stringify(expected);
      const phase = {
        ok,
        ...(res.ok ? {} : { error: engineError(res) }),
        ms: res.ms,
        changes,
        expectedChanges: expected,
        requests: log.counts,
        faults: faultCounts(log.entries),
        server: await serverAgainstState(client, stack, revision),
      };
      out.phases[name] = phase;
      const f = phase.faults;
      ctx.log(
        `endpoints N=${n} ${name} under faults: ${ok ? "succeeded" : "FAILED"} in ${Math.round(res.ms)} ms, ` +
          `${log.total} requests (${f[429]} × 429, ${f[503]} × 503, ${f.cut} cut); server ` +
          `${phase.server.equal ? "equals" : "differs from"} the state` +
          (res.ok ? "" : `: ${phase.error?.split("\n")[0]}`),
      );
      // A failed run leaves the stack half done: what follows would measure something else.
      if (!res.ok) failed = name;
    }
  } finally {
    await client.close();
    stack.dispose();
  }
  return out;
}

/**
 * The restart run through one door on a fresh emulator with a data file: one `up` of N endpoints under
 * the busy server's mix, the server restarted from its data file once half exist, then the slow phase
 * (before, it would end the `up` at its first token exchange); if the `up` failed, the `up` its message
 * says to run, on the same busy server; the server against the state, then destroy without faults.
 * @param {"dynamic" | "plugin"} door
 * @param {number} n
 */
export async function measureRestart(door, n) {
  const { startEmulator, BUSY_SERVER_FAULTS } = await import(EMULATOR_MODULE);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-restart-"));
  const dataFile = path.join(dir, "emulator.json");
  let emulator = await startEmulator({ port: 0, seedResources: 0, dataFile });
  const { url } = emulator;
  const ops = emulatorOps(url);
  const faultsOn = (slow = false) => ops.setFaults([...BUSY_SERVER_FAULTS, ...(slow ? [SLOW_REQUESTS] : [])]);
  const program = door === "dynamic" ? "endpoints" : "endpoints-plugin";
  const stack = programStack(program, { url, n, validate: false });
  for (const ns of ["vra", "aria"]) stack.setConfig(`${ns}:apiTimeout`, API_TIMEOUT_S);
  /** @type {Record<string, any>} */
  const out = { door, n, first: {}, second: undefined, restartAtMs: 0, requests: 0, faults: faultCounts([]) };
  /** @param {import("./common.mjs").RequestLog} log */
  const add = (log) => {
    out.requests += log.total;
    for (const [kind, count] of Object.entries(faultCounts(log.entries))) out.faults[kind] += count;
  };
  try {
    await ops.clearRequests();
    await faultsOn();
    const half = emulator.served(
      (/** @type {import("./common.mjs").LogEntry} */ e) =>
        e.route === "POST /pipeline/api/endpoints" && e.status < 300 && !e.fault,
      Math.floor(n / 2),
    );
    const start = performance.now();
    const running = stack.run("up", { allowFailure: true });
    if ((await Promise.race([half.then(() => "half"), running.then(() => "ended")])) === "half") {
      // The restart: closed (open connections dropped), then started again from its data file.
      add(await ops.requests());
      out.restartAtMs = Math.round(performance.now() - start);
      await emulator.close();
      emulator = await startEmulator({ port: Number(new URL(url).port), seedResources: 0, dataFile });
      await faultsOn(true);
      console.log(`${door}: server restarted ${out.restartAtMs} ms into the up`);
    }
    const res = await running;
    add(await ops.requests());
    await faultsOn();
    const error = res.ok ? undefined : engineError(res);
    out.first = { ok: res.ok, ms: Math.round(res.ms), changes: changesOf(res.summary), error };
    if (!res.ok) {
      const { res: again, log } = await loggedRun(stack, url, "up", { allowFailure: true });
      add(log);
      out.second = { ok: again.ok, ms: Math.round(again.ms), changes: changesOf(again.summary) };
    }
    await ops.setFaults([]);
    const client = apiClient(url);
    const server = await serverAgainstState(client, stack);
    await client.close();
    Object.assign(out, { duplicates: server.duplicates.length, onServer: server.onServer });
    Object.assign(out, { inState: server.inState, serverEqualsState: server.equal });
    await stack.run("destroy", { allowFailure: true });
  } finally {
    stack.dispose();
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
