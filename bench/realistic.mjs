#!/usr/bin/env node
// @ts-check
// The realistic profile (`npm run bench -- --realistic`): both doors, in lockstep, against an emulator
// far away and rate-limited, each phase set against its door's floor plus its physical limit (what the
// distance costs at the least). What it measures and why: bench/README.md, "The realistic profile".

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { median, ONE_OFF_ROUTES, PHASES as MAIN_PHASES } from "./lib/analysis.mjs";
import { BENCH_DIR, CLIENT_MODULE, commandLine, emulatorSession, logger, resultsDir } from "./lib/common.mjs";
import { killAll, preloading } from "./lib/engine-stack.mjs";
import { runLifecycles } from "./lib/lifecycle.mjs";
import { table } from "./report.mjs";

/** Sets the provider process's connection cap (bench only). */
const CONNECTIONS_PRELOAD = path.join(BENCH_DIR, "lib", "connections.cjs");
/** Each door's floor: the program measured at no distance. */
const FLOOR_OF = /** @type {Record<string, string>} */ ({
  endpoints: "trivial",
  "endpoints-plugin": "endpoints-plugin",
});
/** The main run's phases but refresh, after the preview of creating N. */
const ALL_PHASES = [
  { name: "preview-create", op: "preview" },
  ...MAIN_PHASES.filter((p) => p.name !== "refresh"),
];
const PHASE_NAMES = ALL_PHASES.map((p) => p.name);

const USAGE = `usage: node bench/realistic.mjs [options]   (npm run bench -- --realistic [options])
  --sizes 200,1000       numbers of endpoints (default 200,1000)
  --distances 30,100,100@50
                         round trips in ms, each optionally behind a rate limit in requests per
                         second (\`@n\`) (default 30,100,100@50)
  --parallel 16          the engine's --parallel (default 16)
  --repeat 1             repetitions of each phase (median; default 1)
  --programs endpoints,endpoints-plugin
                         the doors to measure (default both); each door's floor runs once per N
  --phases preview-create,create,preview,update,destroy
                         the phases to run, in this order (default all)
  --connections 4,8,16,32
                         the plugin door's connection caps to measure (bench only; default: the
                         client's own, MAX_CONNECTIONS); floors always run with the client's own
  --floors-only          measure the floors of each N and no distance
  --out <dir>            results directory (default bench/results/realistic-<timestamp>); rows and
                         floors already in its results.json are kept, floors of the same N reused
  --help`;

const { args, usageError, positiveInt, positiveInts, positiveNumber, namesOf } = commandLine(USAGE, {
  sizes: { type: "string", default: "200,1000" },
  distances: { type: "string", default: "30,100,100@50" },
  parallel: { type: "string", default: "16" },
  repeat: { type: "string", default: "1" },
  programs: { type: "string", default: "endpoints,endpoints-plugin" },
  phases: { type: "string", default: "preview-create,create,preview,update,destroy" },
  connections: { type: "string" },
  "floors-only": { type: "boolean", default: false },
  out: { type: "string" },
  realistic: { type: "boolean", default: false },
});
/** The client's connections at most: MAX_CONNECTIONS of the compiled provider/client/transport.ts. */
const { MAX_CONNECTIONS: CONNECTIONS } = /** @type {{MAX_CONNECTIONS: number}} */ (
  createRequire(import.meta.url)(path.join(path.dirname(CLIENT_MODULE), "transport.js"))
);
const sizes = positiveInts("sizes", args.sizes);
const distances = args["floors-only"]
  ? []
  : args.distances.split(",").map((d) => {
      const [latency, rate] = d.trim().split("@");
      return {
        latencyMs: positiveNumber("distances", latency),
        rateLimit: rate === undefined ? 0 : positiveNumber("distances", rate),
      };
    });
const parallel = positiveInt("parallel", args.parallel);
const repeat = positiveInt("repeat", args.repeat);
const doors = namesOf("programs", args.programs, Object.keys(FLOOR_OF), "program");
const phaseNames = namesOf("phases", args.phases, PHASE_NAMES, "phase");
const PHASES = ALL_PHASES.filter((p) => phaseNames.includes(p.name));
/** @type {Array<number | undefined>} undefined: the client's own cap */
const caps = args.connections === undefined ? [undefined] : positiveInts("connections", args.connections);
if (args.connections !== undefined && doors.includes("endpoints")) {
  usageError("--connections: the plugin door only (--programs endpoints-plugin)");
}

const outDir = resultsDir(args.out, "realistic-");
const resultsFile = path.join(outDir, "results.json");
/** @type {{floors: Record<string, Record<string, Record<string, number>>>, rows: any[]}} */
const results = fs.existsSync(resultsFile)
  ? JSON.parse(fs.readFileSync(resultsFile, "utf8"))
  : { floors: {}, rows: [] };
// Rows of an older shape, before `parallel` and `connections`, would not match the new ones' keys.
if (results.rows.some((r) => r.parallel === undefined || r.connections === undefined))
  usageError(`--out: ${resultsFile} holds rows of an older shape; give a new --out`);
const log = logger("realistic");

/**
 * The least a phase's requests cost at this distance (ms), and how they split.
 * @param {Record<string, number>} counts requests by route
 * @param {boolean} serialValidation whether the door validates one resource after another (dynamic)
 * @param {{latencyMs: number, rateLimit: number}} distance
 * @param {number} concurrency requests at once at most (the engine's --parallel, the client's cap)
 */
function physicalLimit(counts, serialValidation, { latencyMs, rateLimit }, concurrency) {
  let [oneOffs, serial, parallelCount] = [0, 0, 0];
  for (const [route, n] of Object.entries(counts)) {
    // A provider process makes its one-offs one after the other, before the per-resource requests.
    if (ONE_OFF_ROUTES.test(route)) oneOffs += n;
    else if (route === "POST /pipeline/api/endpoint-validation" && serialValidation) serial += n;
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

const emulator = await emulatorSession(killAll);

/**
 * Programs in lockstep (lib/lifecycle.mjs), phase by phase, against one emulator at one distance.
 * @param {string[]} programs @param {{latencyMs: number, rateLimit: number}} distance @param {number} n
 * @param {number | undefined} cap the client's connection cap (undefined: its own)
 */
async function measure(programs, distance, n, cap) {
  const { url } = await emulator.start(distance);
  const env =
    cap === undefined ? {} : preloading(CONNECTIONS_PRELOAD, { BENCH_MAX_CONNECTIONS: String(cap) });
  const where = [distance.latencyMs ? `${distance.latencyMs} ms` : "no distance"];
  if (distance.rateLimit) where.push(`@${distance.rateLimit}/s`);
  if (cap !== undefined) where.push(`cap ${cap}`);
  try {
    const runs = await runLifecycles(programs, {
      ...{ url, parallelFlag: parallel, n, repeat, env, phases: PHASES },
      // Every phase but `up` changing one runs --repeat times.
      repeatable: new Set(PHASE_NAMES.filter((name) => name !== "update")),
      log: (msg) => log(`${where.join(" ")} ${msg}`),
    });
    for (const run of Object.values(runs)) run.warnings.forEach((w) => log(`warning: ${w}`));
    return runs;
  } finally {
    await emulator.stop();
  }
}

/** Each door's floor at N, by phase (ms): measured once per N, or reused from --out's results.json. @param {number} n */
async function floorsOf(n) {
  const have = (results.floors[n] ??= {});
  const missing = [...new Set(doors.map((d) => FLOOR_OF[d]))].filter(
    (f) => !PHASES.every((p) => have[f]?.[p.name] !== undefined),
  );
  if (missing.length > 0) {
    const runs = await measure(missing, { latencyMs: 0, rateLimit: 0 }, n, undefined);
    for (const floor of missing) {
      for (const { name } of PHASES) {
        const { samples } = runs[floor].phases[name];
        (have[floor] ??= {})[name] = Math.round(median(samples.map((x) => x.ms)));
      }
    }
    save();
  } else log(`N=${n}: floors reused from ${path.relative(process.cwd(), resultsFile)}`);
  return have;
}

const save = () => fs.writeFileSync(resultsFile, JSON.stringify({ parallel, ...results }, null, 2));

/** What a row measured (an earlier run's row of the same key is replaced). @param {any} r */
const rowKey = (r) => [r.latencyMs, r.rateLimit, r.n, r.phase, r.door, r.parallel, r.connections].join("/");

for (const n of sizes) {
  const floors = await floorsOf(n);
  for (const distance of distances) {
    for (const cap of caps) {
      const runs = await measure(doors, distance, n, cap);
      const concurrency = Math.min(parallel, cap ?? CONNECTIONS);
      for (const phase of PHASES) {
        for (const door of doors) {
          const { samples } = runs[door].phases[phase.name];
          const ms = median(samples.map((x) => x.ms));
          const floorMs = floors[FLOOR_OF[door]][phase.name];
          const physical = physicalLimit(samples[0].requests, door === "endpoints", distance, concurrency);
          const row = {
            ...distance,
            n,
            phase: phase.name,
            door: door === "endpoints" ? "dynamic" : "plugin",
            parallel,
            connections: cap ?? CONNECTIONS,
            maxInFlight: Math.max(...samples.map((x) => x.maxInFlight)),
            ms: Math.round(ms),
            floorMs,
            physicalMs: Math.round(physical.ms),
            bound: physical.bound,
            requests: physical.requests,
            serialRequests: physical.serial,
            throttled: samples.reduce((sum, x) => sum + x.throttled, 0),
            ratio: Math.round((ms / (floorMs + physical.ms)) * 100) / 100,
            changes: samples[0].changes,
          };
          results.rows = results.rows.filter((r) => rowKey(r) !== rowKey(row));
          results.rows.push(row);
        }
      }
      save();
    }
  }
}

const phaseIndex = (/** @type {any} */ r) => ALL_PHASES.findIndex((p) => p.name === r.phase);
const rows = [...results.rows].sort(
  (a, b) =>
    a.n - b.n ||
    a.latencyMs - b.latencyMs ||
    a.rateLimit - b.rateLimit ||
    a.connections - b.connections ||
    phaseIndex(a) - phaseIndex(b) ||
    a.door.localeCompare(b.door),
);
const s = (/** @type {number} */ v) => (v / 1000).toFixed(1);
const header = ["round trip", "rate limit", "N", "connections", "phase", "door", "time (s)", "its floor (s)"];
header.push("physical limit (s)", "requests (serial)", "most in flight", "429s", "time / (floor + limit)");
const rowTable = table(
  header,
  rows.map((r) => [
    ...[`${r.latencyMs} ms`, r.rateLimit ? `${r.rateLimit}/s` : "none", r.n, r.connections, r.phase, r.door],
    ...[s(r.ms), s(r.floorMs), `${s(r.physicalMs)} (${r.bound})`, `${r.requests} (${r.serialRequests})`],
    ...[r.maxInFlight, r.throttled, r.ratio.toFixed(2)],
  ]),
);
const floorTable = table(
  ["N", "floor", ...ALL_PHASES.map((p) => p.name)],
  Object.entries(results.floors).flatMap(([n, byFloor]) =>
    Object.entries(byFloor).map(([floor, byPhase]) => [
      n,
      floor,
      ...ALL_PHASES.map((p) => (byPhase[p.name] === undefined ? "" : s(byPhase[p.name]))),
    ]),
  ),
);
const report =
  `# Realistic profile\n\n\`node bench/realistic.mjs ${process.argv.slice(2).join(" ")}\`, --parallel ${parallel}.\n\n` +
  `${rowTable}\nFloors (s): trivial is the dynamic door's, endpoints-plugin (no distance) the plugin door's.\n\n${floorTable}`;
fs.writeFileSync(path.join(outDir, "report.md"), report);
process.stdout.write(
  `${report}\nResults: ${path.relative(process.cwd(), outDir)}/{results.json,report.md}\n`,
);
killAll();
