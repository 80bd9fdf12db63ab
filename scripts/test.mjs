#!/usr/bin/env node
// @ts-check
// `npm test`: bootstrap, lint, then the test tiers on the runtime legs (docs/contributing/engine.md#runtime-legs),
// each a jest process run by the leg's Node, first on PATH so that the language host runs the programs
// on it too. Every tier runs even when one fails; the closing table gives each leg's counts and the
// exit code is 1 if any tier failed.
//
//   node scripts/test.mjs unit integration   those tiers, on the current leg, no lint
//   node scripts/test.mjs --leg oldest cli   the CLI path on Node 22 with @pulumi/pulumi 3.269
//   node scripts/test.mjs e2e -- -t quickstart   arguments after -- go to jest

import { spawn } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as runtimes from "./runtimes.js";
import { describeFailure } from "./errors.js";
import { runSync } from "./run-command.js";
import { engineRoot, pulumiVersionOf } from "./engine-env.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const say = (/** @type {string} */ msg) => process.stderr.write(`[test] ${msg}\n`);

const E2E = ["--selectProjects", "e2e", "--runInBand"];
/** The tiers and how jest selects them. */
const TIERS = {
  unit: ["--selectProjects", "unit"],
  integration: ["--selectProjects", "integration"],
  e2e: E2E,
  faults: ["--selectProjects", "faults", "--runInBand"],
  // The contract with the SDK's internals (provider/runtime/pulumi-internals.ts), against the leg's SDK.
  contract: ["--selectProjects", "unit", "--runTestsByPath", "test/unit/pulumi-internals.test.ts"],
  // The engine's CLI path: the examples and a lifecycle.
  cli: [...E2E, "--runTestsByPath", "test/e2e/runtime-leg.test.ts", "test/e2e/examples.test.ts"],
};
/** @typedef {keyof typeof TIERS} Tier */

/**
 * A jest run of a full run: a tier on a leg, all its files or a part of them.
 * @typedef {{ leg: string, tier: Tier, files?: { only: readonly string[] } | { except: readonly string[] } }} Run
 */

/**
 * The e2e files that run in the second lane, after the fault tier and the oldest leg (see FULL_RUN):
 * TypeScript and YAML programs through scripts/program-runner.js alone, which the fault tier shares
 * already (installs renamed into place, the package packed into a folder of its own). Nothing here
 * builds the plugin, an SDK or an example of another language, whose caches the first lane fills.
 * About 24 minutes beside the first part's 45, after the fault tier's 18 and the oldest leg's 7
 * (a rehearsal of 118b8d1 with aria-export here too, which then moved: the second lane was 5 minutes
 * the longer).
 */
const E2E_SECOND_LANE = /** @type {const} */ ([
  "test/e2e/reconcile.test.ts",
  "test/e2e/reconcile-policy-pack.test.ts",
  "test/e2e/endpoint.test.ts",
  "test/e2e/endpoint-checks.test.ts",
  "test/e2e/deployment.test.ts",
  "test/e2e/soak.test.ts",
]);

/**
 * What `npm test` runs: steps in turn; a step's lanes at once, each lane its runs in turn. The e2e tier
 * is the long one, and two cores are most of the time one-third idle under it alone (it waits for
 * engine processes and the emulator): so beside its first part, a second lane runs the fault tier
 * (mostly waiting out the busy server's Retry-After pauses and lost answers), the oldest leg's
 * contract and CLI path, and then the rest of the e2e files. Each lane's output is printed as it goes
 * (the first) or when each run ends (the second), so the two never interleave. Beside the e2e tier once
 * before, the fault tier's short-lived tokens expired while calls waited in the client's queue; the
 * client now takes the bearer once an attempt holds its slot (provider/client/transport.ts).
 * @type {ReadonlyArray<ReadonlyArray<ReadonlyArray<Run>>>}
 */
const FULL_RUN = [
  [[{ leg: "current", tier: "unit" }]],
  [[{ leg: "current", tier: "integration" }]],
  [
    [{ leg: "current", tier: "e2e", files: { except: E2E_SECOND_LANE } }],
    [
      { leg: "current", tier: "faults" },
      { leg: "oldest", tier: "contract" },
      { leg: "oldest", tier: "cli" },
      { leg: "current", tier: "e2e", files: { only: E2E_SECOND_LANE } },
    ],
  ],
];

/** A run's name in the output and the closing table. @param {Run} run */
const runName = (run) =>
  !run.files
    ? run.tier
    : "only" in run.files
      ? `${run.tier} (${run.files.only.length} files)`
      : `${run.tier} (the rest)`;

/** jest's arguments selecting a run's part of its tier's files. @param {Run} run @returns {string[]} */
function fileArguments(run) {
  if (!run.files) return [];
  if ("only" in run.files) return ["--runTestsByPath", ...run.files.only];
  const escaped = run.files.except.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return ["--testPathIgnorePatterns", ...escaped];
}

const { values: flags, positionals } = parseArgs({
  options: { leg: { type: "string" } },
  allowPositionals: true,
});
const dashDash = process.argv.indexOf("--");
const jestExtra = dashDash >= 0 ? process.argv.slice(dashDash + 1) : [];
const chosen = positionals.slice(0, positionals.length - jestExtra.length).map((t) => {
  if (!(t in TIERS)) throw new Error(`unknown tier '${t}': use ${Object.keys(TIERS).join(", ")}`);
  return /** @type {Tier} */ (t);
});
const full = chosen.length === 0 && !flags.leg;
/** The tiers that run the real engine. */
const ENGINE_TIERS = /** @type {readonly Tier[]} */ (["e2e", "faults", "cli"]);
const engine = full || chosen.some((t) => ENGINE_TIERS.includes(t));

/** Processes run beside the steps, stopped if the run fails before they end. @type {import("node:child_process").ChildProcess[]} */
const background = [];

/**
 * Ensures the engine (scripts/ensure-engine.mjs) in the background, its output kept in a file and
 * printed when it ends: on a cold machine its build (about 13 minutes, much of it fetching modules)
 * runs beside the lint and the tiers that do not need it. Resolves once it is there; rejects when it
 * failed.
 * @param {Array<[string, number]>} steps where its wall time is written
 */
function ensureEngineBeside(steps) {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aria-engine-"));
  const outputFile = path.join(dir, "output.txt");
  const output = fs.openSync(outputFile, "w");
  const child = spawn(process.execPath, [path.join(root, "scripts", "ensure-engine.mjs")], {
    cwd: root,
    stdio: ["ignore", output, output],
  });
  background.push(child);
  return once(child, "close").then(([code]) => {
    fs.closeSync(output);
    process.stdout.write(
      `\n=== the engine (scripts/ensure-engine.mjs), beside the lint and the first tiers ===\n`,
    );
    process.stdout.write(fs.readFileSync(outputFile));
    fs.rmSync(dir, { recursive: true, force: true });
    steps.push(["engine (beside the lint and the first tiers)", (Date.now() - started) / 1000]);
    if (code !== 0) throw new Error(`scripts/ensure-engine.mjs exited with ${code}: the engine is not there`);
  });
}

/** Each leg's Node (scripts/runtimes.js), found or fetched once. @type {Map<string, { bin: string, version: string }>} */
const legNodes = new Map();

/** A leg and its Node, reported the first time. @param {string} name */
function legAndNode(name) {
  const leg = runtimes.legNamed(name);
  let node = legNodes.get(name);
  if (!node) {
    const found = runtimes.ensureNode(leg, say);
    say(`'${leg.name}' leg: Node ${found.version} (${found.source}), @pulumi/pulumi ${leg.sdk}: ${leg.why}`);
    node = found;
    legNodes.set(name, node);
  }
  return { leg, node };
}

/**
 * One jest run: its counts from its JSON report. With `quiet`, its output is kept in a file and
 * printed when it ends, so that a run beside another does not interleave with it.
 * @param {Run} run @param {{ quiet?: boolean }} [options]
 */
async function runJest(run, options = {}) {
  const { leg, node } = legAndNode(run.leg);
  const { tier } = run;
  const name = runName(run);
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aria-jest-")), "report.json");
  const jest = path.join(root, "node_modules", "jest", "bin", "jest.js");
  const args = [jest, ...TIERS[tier], ...fileArguments(run), "--json", "--outputFile", report, ...jestExtra];
  const header = `\n=== ${name} on the '${leg.name}' leg: Node ${node.version}, @pulumi/pulumi ${leg.sdk} ===\n`;
  const outputFile = path.join(path.dirname(report), "output.txt");
  const output = options.quiet ? fs.openSync(outputFile, "w") : "inherit";
  if (options.quiet)
    say(`${name} on the '${leg.name}' leg runs beside the others; its output follows when it ends`);
  else process.stdout.write(header);
  const env = runtimes.legEnv(leg, node.bin);
  const started = Date.now();
  if (tier === "contract") env.PULUMI_ARIA_SDK_DIR = runtimes.ensureSdk(leg, say);
  /** @type {import("node:child_process").StdioOptions} */
  const stdio = ["inherit", output, output];
  const [code] = await once(spawn(node.bin, args, { cwd: root, env, stdio }), "close");
  if (typeof output === "number") {
    fs.closeSync(output);
    process.stdout.write(header);
    process.stdout.write(fs.readFileSync(outputFile));
  }
  const ok = code === 0;
  const seconds = (Date.now() - started) / 1000;
  const {
    numPassedTests: passed = 0,
    numFailedTests: failed = 0,
    numPendingTests: skipped = 0,
    testResults = [],
  } = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, "utf8")) : {};
  fs.rmSync(path.dirname(report), { recursive: true, force: true });
  /** Each test file's wall time, slowest first: where a tier's time goes. @type {Array<[string, number]>} */
  const files = testResults
    .map((/** @type {{ name: string, startTime: number, endTime: number }} */ r) => [
      path.relative(root, r.name),
      (r.endTime - r.startTime) / 1000,
    ])
    .sort((/** @type {[string, number]} */ a, /** @type {[string, number]} */ b) => b[1] - a[1]);
  return {
    leg: leg.name,
    tier: name,
    node: node.version,
    sdk: leg.sdk,
    passed,
    failed,
    skipped,
    ok,
    seconds,
    files,
  };
}

/** How many of each tier's slowest files the closing table lists. */
const SLOWEST_SHOWN = 12;

/** A wall time as the closing table prints it. @param {number} seconds */
const clock = (seconds) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
    : `${Math.round(seconds)} s`;

async function main() {
  const runStarted = Date.now();
  /** @type {Array<[string, number]>} wall time of each step before the tiers: a cold machine's set-up */
  const steps = [];
  // A step before the tiers, timed; a CommandError for a non-zero exit.
  const step = (/** @type {string} */ name, /** @type {string} */ cmd, /** @type {string[]} */ args) => {
    const started = Date.now();
    runSync(cmd, args, { cwd: root, inherit: true });
    steps.push([name, (Date.now() - started) / 1000]);
  };
  // A full run builds the engine beside the lint and the unit and integration tiers; a run of chosen
  // tiers has it ensured first.
  step(full ? "set-up (dependencies, build)" : "set-up (dependencies, build, engine)", process.execPath, [
    "scripts/bootstrap.mjs",
    ...(engine && !full ? ["--engine"] : []),
    ...(full || chosen.includes("e2e") ? ["--system-tools"] : []),
  ]);
  const engineReady = full ? ensureEngineBeside(steps) : Promise.resolve();
  // Awaited before the first tier that needs it; a failure is reported there, not as unhandled.
  engineReady.catch(() => {});
  // (A blocking step: the engine's build goes on in its own process, writing to its file.)
  if (full) step("lint", "npm", ["run", "lint"]);
  const legName = flags.leg ?? "current";
  /** A run of chosen tiers: each its own step, in turn. @type {ReadonlyArray<ReadonlyArray<ReadonlyArray<Run>>>} */
  const plan = full
    ? FULL_RUN
    : (chosen.length > 0 ? chosen : /** @type {Tier[]} */ (["cli"])).map((tier) => [
        [{ leg: legName, tier }],
      ]);
  const runs = plan.flat(2);
  // Each leg's Node before the first run, so that none is fetched while another lane runs.
  for (const run of runs) legAndNode(run.leg);
  /** Each run's result, listed in the plan's order. @type {Map<Run, Awaited<ReturnType<typeof runJest>>>} */
  const done = new Map();
  // A lane's runs in turn; the first lane of a step prints as it goes, the others when each run ends.
  const runLane = async (/** @type {ReadonlyArray<Run>} */ lane, /** @type {boolean} */ quiet) => {
    for (const run of lane) {
      if (ENGINE_TIERS.includes(run.tier)) await engineReady;
      done.set(run, await runJest(run, { quiet }));
    }
  };
  for (const lanes of plan) {
    await Promise.all(lanes.map((lane, i) => runLane(lane, i > 0)));
  }
  const results = runs.flatMap((run) => done.get(run) ?? []);
  const cli = engine ? pulumiVersionOf(path.join(engineRoot({ quiet: true }), "bin", "pulumi")) : "not used";
  process.stdout.write(`\nRuntime legs (one engine: Pulumi CLI ${cli})\n`);
  for (const r of results) {
    process.stdout.write(
      `  ${r.ok ? "ok  " : "FAIL"} ${r.leg.padEnd(8)} Node ${r.node.padEnd(8)} @pulumi/pulumi ${r.sdk.padEnd(8)} ${r.tier.padEnd(17)} ${`${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}`.padEnd(26)} ${clock(r.seconds)}\n`,
    );
  }
  for (const [step, seconds] of steps) process.stdout.write(`  ${step}: ${clock(seconds)}\n`);
  // The slowest files of each tier, for whoever has to keep the run within its budget.
  for (const r of results) {
    if (r.files.length < 2) continue;
    process.stdout.write(`  slowest files of ${r.tier} on '${r.leg}':\n`);
    for (const [file, seconds] of r.files.slice(0, SLOWEST_SHOWN)) {
      process.stdout.write(`    ${clock(seconds).padStart(12)}  ${file}\n`);
    }
  }
  process.stdout.write(`  whole run: ${clock((Date.now() - runStarted) / 1000)}\n`);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err) => {
  for (const child of background) if (child.exitCode === null) child.kill();
  say(describeFailure(err));
  process.exit(1);
});
