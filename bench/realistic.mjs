#!/usr/bin/env node
// @ts-check
// The realistic profile (`npm run bench -- --realistic`, or `node bench/realistic.mjs`): both doors
// against a server far away, where the main run's emulator answers on loopback at no cost. For each
// distance (a round trip of 30 ms, of 100 ms, and 100 ms behind a rate limit) and each N, the
// endpoints program of each door (bench/programs/endpoints, bench/programs/endpoints-plugin) and the
// engine floor (bench/programs/trivial), in lockstep, through the real engine with `--parallel`:
//   preview of creating N, create (`up`), preview with no change, `up` changing one, destroy.
// Each phase is set against its physical limit, what the server's distance costs at the least:
//   the per-process one-offs (token, /about, tiles, projects) one round trip each, one after the other;
//   the requests the engine makes one resource after another (the dynamic door's validation, in its
//   serial `check`) one round trip each; the rest `concurrency` at a time (the engine's --parallel,
//   at most the client's 16 connections); and never faster than the rate limit allows;
// and reports time / (engine floor + physical limit). Results in bench/results/realistic-<timestamp>/.

import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { median } from "./lib/analysis.mjs";
import { BENCH_DIR, changedAt, EMULATOR_MODULE } from "./lib/common.mjs";
import { killAll } from "./lib/engine-stack.mjs";
import { changesOf, loggedRun, programStack } from "./lib/lifecycle.mjs";

const USAGE = `usage: node bench/realistic.mjs [options]   (npm run bench -- --realistic [options])
  --sizes 200,1000       numbers of endpoints (default 200,1000)
  --distances 30,100,100@50
                         round trips in ms, each optionally behind a rate limit in requests per
                         second (\`@n\`) (default 30,100,100@50)
  --parallel 16          the engine's --parallel (default 16)
  --repeat 1             repetitions of each phase (median; default 1)
  --programs endpoints,endpoints-plugin
                         the doors to measure (default both); the engine floor always runs
  --out <dir>            results directory (default bench/results/realistic-<timestamp>)
  --help`;

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "200,1000" },
    distances: { type: "string", default: "30,100,100@50" },
    parallel: { type: "string", default: "16" },
    repeat: { type: "string", default: "1" },
    programs: { type: "string", default: "endpoints,endpoints-plugin" },
    out: { type: "string" },
    realistic: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
/** @param {string} message @returns {never} */
const usageError = (message) => {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
};
/** @param {string} name @param {string} value */
const positive = (name, value) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : usageError(`--${name}: '${value}' is not a positive number`);
};
const sizes = args.sizes.split(",").map((s) => Math.round(positive("sizes", s.trim())));
const distances = args.distances.split(",").map((d) => {
  const [latency, rate] = d.trim().split("@");
  return {
    latencyMs: positive("distances", latency),
    rateLimit: rate === undefined ? 0 : positive("distances", rate),
  };
});
const parallel = Math.round(positive("parallel", args.parallel));
const repeat = Math.round(positive("repeat", args.repeat));
const doors = args.programs.split(",").map((p) => p.trim());
for (const door of doors) {
  if (!["endpoints", "endpoints-plugin"].includes(door)) usageError(`--programs: unknown program '${door}'`);
}
/** The client's connections at most (provider/client/transport.ts, MAX_CONNECTIONS). */
const CONNECTIONS = 16;
const concurrency = Math.min(parallel, CONNECTIONS);

const stamp = new Date()
  .toISOString()
  .replace(/[:.]/g, "-")
  .replace(/-\d{3}Z$/, "Z");
const outDir = path.resolve(args.out ?? path.join(BENCH_DIR, "results", `realistic-${stamp}`));
fs.mkdirSync(outDir, { recursive: true });
/** @param {string} msg */
const log = (msg) => process.stderr.write(`[realistic ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

const PHASES = [
  { name: "preview-create", op: "preview", label: "preview of creating N" },
  { name: "create", op: "up", label: "create (up)" },
  { name: "preview", op: "preview", label: "preview, no change" },
  { name: "update", op: "up", label: "up, one changed" },
  { name: "destroy", op: "destroy", label: "destroy" },
];
/** Requests a provider process makes once, one after the other, before the per-resource ones. */
const ONE_OFFS = new Set([
  "POST /iaas/api/login",
  "POST /csp/gateway/am/api/login",
  "GET /pipeline/api/about",
  "GET /pipeline/api/endpoint-tiles",
  "GET /iaas/api/projects",
]);
const VALIDATION = "POST /pipeline/api/endpoint-validation";

/**
 * The least a phase's requests cost at this distance (ms), and how they split.
 * @param {Record<string, number>} counts requests by route
 * @param {boolean} serialValidation whether the door validates one resource after another (dynamic)
 * @param {{latencyMs: number, rateLimit: number}} distance
 */
export function physicalLimit(counts, serialValidation, { latencyMs, rateLimit }) {
  let oneOffs = 0;
  let serial = 0;
  let parallelCount = 0;
  for (const [route, n] of Object.entries(counts)) {
    if (ONE_OFFS.has(route)) oneOffs += n;
    else if (route === VALIDATION && serialValidation) serial += n;
    else parallelCount += n;
  }
  const total = oneOffs + serial + parallelCount;
  const byLatency = (oneOffs + serial) * latencyMs + (parallelCount * latencyMs) / concurrency;
  const byRate = rateLimit > 0 ? (total * 1000) / rateLimit : 0;
  return {
    ms: Math.max(byLatency, byRate),
    requests: total,
    serial: oneOffs + serial,
    bound: byRate > byLatency ? "rate" : "latency",
  };
}

const { startEmulator } = await import(EMULATOR_MODULE);
/** @type {{url: string, close(): Promise<void>} | undefined} */
let emulator;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    killAll();
    void emulator?.close().finally(() => process.exit(130));
  });
}

/**
 * One distance and one N: the programs in lockstep, phase by phase.
 * @param {{latencyMs: number, rateLimit: number}} distance @param {number} n
 */
async function measure(distance, n) {
  emulator = await startEmulator({ port: 0, seedResources: 0, ...distance });
  const url = /** @type {{url: string}} */ (emulator).url;
  const ctx = {
    url,
    refreshToken: "admin-refresh-token",
    validate: undefined,
    parallelFlag: parallel,
    via: "cli",
    n,
  };
  const programs = ["trivial", ...doors];
  const stacks = Object.fromEntries(programs.map((p) => [p, programStack(p, /** @type {any} */ (ctx))]));
  /** @type {Record<string, Record<string, {ms: number[], counts: Record<string, number>, throttled: number, changes: any}>>} */
  const phases = {};
  try {
    for (const phase of PHASES) {
      for (let rep = 0; rep < (phase.name === "update" ? 1 : repeat); rep++) {
        for (const program of programs) {
          const stack = stacks[program];
          if (phase.name === "update") stack.setConfig("changed", changedAt(0));
          const { res, log: requests } = await loggedRun(stack, url, phase.op);
          const into = ((phases[phase.name] ??= {})[program] ??= {
            ms: [],
            counts: requests.counts,
            throttled: 0,
            changes: changesOf(res.summary),
          });
          into.ms.push(res.ms);
          into.throttled += requests.entries.filter(
            (/** @type {{status: number}} */ e) => e.status === 429,
          ).length;
          log(
            `${distance.latencyMs} ms${distance.rateLimit ? ` @${distance.rateLimit}/s` : ""} N=${n} ${program} ${phase.name}: ` +
              `${Math.round(res.ms)} ms, ${requests.total} requests, ${JSON.stringify(changesOf(res.summary))}`,
          );
        }
        // A repeated preview of creating N needs a fresh stack: it changes nothing, so it just runs again.
      }
    }
  } finally {
    for (const stack of Object.values(stacks)) stack.dispose();
    await emulator?.close();
    emulator = undefined;
  }
  return phases;
}

/** @type {any[]} */
const rows = [];
for (const distance of distances) {
  for (const n of sizes) {
    const phases = await measure(distance, n);
    for (const phase of PHASES) {
      const floorMs = median(phases[phase.name].trivial.ms);
      for (const door of doors) {
        const sample = phases[phase.name][door];
        const ms = median(sample.ms);
        const physical = physicalLimit(sample.counts, door === "endpoints", distance);
        rows.push({
          latencyMs: distance.latencyMs,
          rateLimit: distance.rateLimit,
          n,
          phase: phase.name,
          door: door === "endpoints" ? "dynamic" : "plugin",
          ms: Math.round(ms),
          engineFloorMs: Math.round(floorMs),
          physicalMs: Math.round(physical.ms),
          bound: physical.bound,
          requests: physical.requests,
          serialRequests: physical.serial,
          throttled: sample.throttled,
          ratio: Math.round((ms / (floorMs + physical.ms)) * 100) / 100,
          changes: sample.changes,
        });
      }
    }
    fs.writeFileSync(
      path.join(outDir, "results.json"),
      JSON.stringify({ parallel, concurrency, rows }, null, 2),
    );
  }
}

const table = [
  "| round trip | rate limit | N | phase | door | time (s) | engine floor (s) | physical limit (s) | requests (serial) | 429s | time / (floor + limit) |",
  "|---|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.latencyMs} ms | ${r.rateLimit ? `${r.rateLimit}/s` : "none"} | ${r.n} | ${r.phase} | ${r.door} | ${(r.ms / 1000).toFixed(1)} | ` +
      `${(r.engineFloorMs / 1000).toFixed(1)} | ${(r.physicalMs / 1000).toFixed(1)} (${r.bound}) | ${r.requests} (${r.serialRequests}) | ${r.throttled} | ${r.ratio.toFixed(2)} |`,
  ),
].join("\n");
const report = `# Realistic profile\n\n\`node bench/realistic.mjs ${process.argv.slice(2).join(" ")}\`, --parallel ${parallel} (${concurrency} at a time at most).\n\n${table}\n`;
fs.writeFileSync(path.join(outDir, "report.md"), report);
process.stdout.write(
  `${report}\nResults: ${path.relative(process.cwd(), outDir)}/{results.json,report.md}\n`,
);
killAll();
