#!/usr/bin/env node
// @ts-check
// The benchmark (`npm run bench`): what the provider costs against the floors it cannot beat, measured
// in the same run. Writes results.json, report.md and chart.svg. What is measured: bench/README.md.

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { analyse } from "./lib/analysis.mjs";
import {
  commandLine,
  EMULATOR_MODULE,
  emulatorSession,
  logger,
  PACKAGE_MODULE,
  REPO_ROOT,
  resultsDir,
} from "./lib/common.mjs";
import { engineDefaultParallel, engineRoot, killAll, pulumiCli, runScript } from "./lib/engine-stack.mjs";
import { measureEmulator } from "./emulator.mjs";
import { measureFaults } from "./lib/faults.mjs";
import { measureSize, measureSmallPreview, profileLifecycle } from "./lib/lifecycle.mjs";
import { measureStartup } from "./lib/startup.mjs";
import { consoleSummary, writeReport } from "./report.mjs";

/** @type {typeof import("../scripts/runtimes.js")} */
const runtimes = createRequire(import.meta.url)("../scripts/runtimes.js");

// The realistic profile (a server far away, rate-limited) is a run of its own: bench/realistic.mjs.
if (process.argv.includes("--realistic")) {
  await import("./realistic.mjs");
  process.exit(process.exitCode ?? 0);
}
// The fleet bench (many stacks at once against one rate-limited server) too: bench/fleet.mjs.
if (process.argv.includes("--fleet")) {
  await import("./fleet.mjs");
  process.exit(process.exitCode ?? 0);
}

const USAGE = `usage: node bench/run.mjs [options]   (npm run bench -- [options])
  --sizes 10,100,500     numbers of endpoints (default 10,100,500)
  --repeat 3             repetitions of preview, refresh and up changing one (median; default 3)
  --cycles 1             repetitions of the whole lifecycle (median of create/update/destroy; default 1)
  --out <dir>            results directory (default bench/results/<timestamp>)
  --validate true|false  the endpoints' validate input (default: unset, the provider's default)
  --startup-runs 7       launches of each release executable that runs here, to its printed port
                         (median); 0 skips
  --preview-runs 5       previews of a 3-endpoint stack per door and the engine floor (median); 0 skips
  --lookup-count 10000   endpoints for the getEndpoints benchmark; 0 skips it
  --faults-size <N>      N of the faults phase (one of --sizes; default 500 when among them, else none)
  --no-faults            no faults phase
  --profile              one extra, CPU-profiled lifecycle, and the engine floor's create and destroy
                         without the engine's checkpoints
  --profile-size <N>     size of the profiled lifecycle (default: the largest size)
  --parallel <P>         the engine's --parallel, and the API floor's concurrency (default: the CLI's)
  --realistic            the realistic profile instead: both doors against a server far away, behind a
                         rate limit (bench/realistic.mjs; its options follow it)
  --fleet                the fleet bench instead: K stacks at once against one rate-limited server
                         (bench/fleet.mjs; its options follow it)
  --help`;

const { args, usageError, positiveInt, positiveInts } = commandLine(USAGE, {
  sizes: { type: "string", default: "10,100,500" },
  repeat: { type: "string", default: "3" },
  cycles: { type: "string", default: "1" },
  out: { type: "string" },
  validate: { type: "string" },
  "startup-runs": { type: "string", default: "7" },
  "preview-runs": { type: "string", default: "5" },
  "lookup-count": { type: "string", default: "10000" },
  "faults-size": { type: "string" },
  "no-faults": { type: "boolean", default: false },
  profile: { type: "boolean", default: false },
  "profile-size": { type: "string" },
  parallel: { type: "string" },
});
const int = (/** @type {keyof typeof args} */ name, zero = false) =>
  positiveInt(name, String(args[name]), zero);
const sizes = [...new Set(positiveInts("sizes", args.sizes))].sort((a, b) => a - b);
const [repeat, cycles] = [int("repeat"), int("cycles")];
const startupRuns = int("startup-runs", true);
const previewRuns = int("preview-runs", true);
const lookupCount = int("lookup-count", true);
const profileSize = args["profile-size"] ? int("profile-size") : sizes[sizes.length - 1];
if (args.validate !== undefined && !["true", "false"].includes(args.validate)) {
  usageError("--validate must be true or false");
}
const validate = args.validate === undefined ? undefined : args.validate === "true";
const parallelFlag = args.parallel === undefined ? undefined : int("parallel");
let faultsSize = args["no-faults"] || !sizes.includes(500) ? undefined : 500;
if (!args["no-faults"] && args["faults-size"] !== undefined) faultsSize = int("faults-size");
if (faultsSize !== undefined && !sizes.includes(faultsSize)) {
  usageError(
    `--faults-size must be one of --sizes (the fault-free run it is set against), got ${faultsSize}`,
  );
}

const startedAt = new Date();
const outDir = resultsDir(args.out, "", startedAt);
const log = logger("bench");

// What an engine run needs from the tree, made by scripts/bootstrap.mjs (`npm run bench` runs it):
// other work in the tree may rebuild dist/ or unlink the package, so they are checked before each stage.
const PREREQUISITES = [
  EMULATOR_MODULE,
  PACKAGE_MODULE,
  path.join(REPO_ROOT, "dist", "provider", "dynamic", "impl.js"),
  path.join(REPO_ROOT, "node_modules", "pulumi-aria", "package.json"),
];
const missing = () => PREREQUISITES.filter((f) => !fs.existsSync(f)).map((f) => path.relative(REPO_ROOT, f));
function restorePrerequisites() {
  if (missing().length === 0) return;
  log(`missing ${missing().join(", ")}: running scripts/bootstrap.mjs`);
  execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts", "bootstrap.mjs")], {
    cwd: REPO_ROOT,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (missing().length > 0) throw new Error(`still missing after bootstrap: ${missing().join(", ")}`);
}
restorePrerequisites();

const MAX_ATTEMPTS = 3;
const emulator = await emulatorSession(killAll, log);

async function main() {
  const root = engineRoot();
  const parallel = parallelFlag ?? engineDefaultParallel();
  const pulumiVersion = pulumiCli("version").trim();
  const leg = runtimes.activeLeg();
  log(
    `Node ${process.versions.node}, @pulumi/pulumi ${leg.sdk} ('${leg.name}' leg), engine ${pulumiVersion} at ${root}; ` +
      `parallelism ${parallel}${parallelFlag ? " (--parallel)" : " (the CLI's default)"}; results in ${outDir}`,
  );
  const loadAtStart = os.loadavg()[0];
  /** @type {{sizes: Record<number, any>, faults?: any, startup?: any, smallPreview?: any}} */
  const raw = { sizes: {} };
  /** @type {string[]} */
  const warnings = [];
  /** @type {{stage: string, attempt: number, message: string}[][]} */
  const [errors, retries] = [[], []];
  const ctx = { repeat, cycles, validate, parallel, parallelFlag, log };
  // Each stage gets a fresh emulator and, when it fails (say, the package was rebuilt under the run),
  // up to two more attempts, 30 s apart; a stage that still fails ends the measurements, not the report.
  /** @param {string} name @param {(c: import("./lib/lifecycle.mjs").Ctx) => Promise<void>} body */
  const stage = async (name, body) => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && errors.length === 0; attempt++) {
      if (attempt > 1) await sleep(30_000);
      try {
        restorePrerequisites();
        await body({ ...ctx, url: (await emulator.start()).url });
        return true;
      } catch (error) {
        const message = String(/** @type {any} */ (error)?.stack ?? error).slice(0, 8000);
        log(`${name} failed (attempt ${attempt} of ${MAX_ATTEMPTS}): ${message.split("\n")[0]}`);
        (attempt < MAX_ATTEMPTS ? retries : errors).push({ stage: name, attempt, message });
      } finally {
        await emulator.stop();
      }
    }
    return false;
  };

  if (startupRuns > 0)
    await stage("start-up", async () => void (raw.startup = await measureStartup(startupRuns, log)));
  if (previewRuns > 0) {
    await stage("preview of 3", async (c) => {
      const runs = await measureSmallPreview(c, previewRuns);
      raw.smallPreview = Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, { phases: r.phases }]));
      Object.values(runs).forEach((r) => warnings.push(...r.warnings));
    });
  }
  for (const n of sizes) {
    const ok = await stage(`N=${n}`, async (c) => {
      const { warnings: w, ...entry } = await measureSize(n, c);
      warnings.push(...w);
      raw.sizes[n] = entry;
    });
    if (!ok) break;
  }
  if (faultsSize !== undefined) {
    await stage("faults", async (c) => {
      log(`N=${faultsSize} under faults: create, update of every endpoint, destroy`);
      raw.faults = await measureFaults(faultsSize, c);
    });
  }
  let lookup;
  if (lookupCount > 0) {
    await stage("getEndpoints", async (c) => {
      log(`getEndpoints over ${lookupCount} endpoints (seeding them first)`);
      lookup = await runScript("lookup.mjs", { url: c.url, count: lookupCount, concurrency: 16, repeat });
    });
  }
  // The emulator's own figures at 10,000 endpoints (bench/emulator.mjs), with their targets.
  /** @type {Awaited<ReturnType<typeof measureEmulator>> | undefined} */
  let emulatorFigures;
  await stage("emulator", async () => {
    log("the emulator at 10,000 endpoints: start, creates, list and filter latency");
    emulatorFigures = await measureEmulator({ count: 10_000 });
  });
  let profiles;
  if (args.profile) {
    await stage("profile", async (c) => {
      log(`profiling one lifecycle of each program at N=${profileSize}`);
      profiles = await profileLifecycle(profileSize, outDir, c);
    });
  }

  if (Object.keys(raw.sizes).length === 0) {
    fs.writeFileSync(path.join(outDir, "results.json"), JSON.stringify({ errors, warnings, raw }, null, 2));
    throw new Error(`no size completed; see ${path.join(outDir, "results.json")}`);
  }
  const cpus = os.cpus();
  const results = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    command: `node bench/run.mjs ${process.argv.slice(2).join(" ")}`.trim(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? "unknown",
      memoryBytes: os.totalmem(),
      node: process.versions.node,
      // The runtime leg (scripts/runtimes.js): the programs install its @pulumi/pulumi.
      leg: leg.name,
      sdk: leg.sdk,
      platform: `${os.platform()} ${os.release()}`,
      pulumi: pulumiVersion,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
    },
    config: { sizes, repeat, cycles, parallel, parallelFlag, validate, lookupCount, faultsSize, profileSize },
    ...analyse(raw, lookup),
    lookup,
    emulator: emulatorFigures,
    profiles,
    warnings,
    errors,
    retries,
    raw,
  };
  fs.writeFileSync(path.join(outDir, "results.json"), JSON.stringify(results, null, 2));
  await writeReport(outDir, results);
  process.stdout.write(consoleSummary(results));
  for (const v of emulatorFigures?.verdicts ?? []) {
    process.stdout.write(`emulator: ${v.ok ? "met   " : "MISSED"}  ${v.target}\n`);
  }
  process.stdout.write(
    `\nResults: ${path.relative(process.cwd(), outDir) || "."}/{results.json,report.md,chart.svg}\n`,
  );
}

try {
  await main();
} finally {
  killAll();
  await emulator.stop();
}
