// One stack of one benchmark program on a temporary `file://` backend, run through the real engine
// one process per operation, in one of two ways:
//   cli         the path users run: `pulumi <op>` in a copy of the program directory, the program
//               installed from the packed package (scripts/program-runner.js) and compiled by the
//               Node language host; an operation's time is the `pulumi` process's wall time;
//   automation  the Automation API, by scripts/run-op.js; an operation's time is the engine
//               operation alone, timed inside the run-op process (lib/op-timer.cjs).
// The processes an operation starts (engine, program, provider) are sampled while it runs
// (lib/process-sampler.mjs).

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { REPO_ROOT } from "./paths.mjs";
import { descendantsOf, sampleProcesses } from "./process-sampler.mjs";

const require = createRequire(import.meta.url);
const OP_TIMER = path.join(REPO_ROOT, "bench", "lib", "op-timer.cjs");
const CPU_PROFILER = path.join(REPO_ROOT, "bench", "lib", "cpu-profiler.cjs");
const { engineEnv, engineRoot: engineRootOf } = require("../../scripts/engine-env.js");
const runner = require("../../scripts/program-runner.js");

/** The ways an operation can be run. */
export const VIAS = ["cli", "automation"];

let pack;
/** The packed package, made once per bench run. */
function packOnce() {
  pack ??= runner.packPackage();
  return pack;
}

/** The engine root (`<root>/bin/pulumi`), found or built by scripts/ensure-engine.mjs. */
export function engineRoot() {
  return engineRootOf({ quiet: true });
}

/** The engine's default `--parallel` (what every operation here uses), read from the CLI's help. */
export function engineDefaultParallel() {
  const help = execFileSync(path.join(engineRoot(), "bin", "pulumi"), ["up", "--help"], {
    encoding: "utf8",
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
  const m = /--parallel int32 .*\(default (\d+)\)/.exec(help);
  return m ? Number(m[1]) : 4 * os.cpus().length;
}

/** Live child processes and stacks, so that an interrupted run can stop and remove them all. */
const live = new Set();
const stacks = new Set();

/** Kills every operation still running (its process group and every descendant) and removes the stacks' directories. */
export function killAllOperations() {
  for (const child of live) {
    // Plugins may run in process groups of their own: kill the descendants one by one as well.
    for (const pid of [...descendantsOf(child.pid), child.pid]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  live.clear();
  for (const stack of stacks) stack.dispose();
}

export class BenchStack {
  /**
   * @param {object} o
   * @param {string} o.programDir absolute directory of the program's index.ts
   * @param {string} o.projectName Pulumi project name (also the namespace of the program's config)
   * @param {Record<string, {value: string, secret?: boolean}>} o.config stack config
   * @param {Record<string, string>} [o.env] extra environment for the engine and its processes
   * @param {"cli"|"automation"} [o.via] how operations run (default cli, the users' path)
   * @param {number} [o.parallel] the engine's `--parallel` for every operation (default: its own)
   */
  constructor({ programDir, projectName, config, env = {}, via = "cli", parallel }) {
    this.parallel = parallel;
    if (!VIAS.includes(via)) throw new Error(`via must be one of ${VIAS.join(", ")}, got '${via}'`);
    this.via = via;
    this.programDir = programDir;
    this.projectName = projectName;
    this.config = { ...config };
    this.stackName = `b${randomBytes(4).toString("hex")}`;
    this.tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-bench-"));
    fs.mkdirSync(path.join(this.tmp, "state"));
    fs.mkdirSync(path.join(this.tmp, "home"));
    // Inside the repository, so the provider process resolves `pulumi-aria` through node_modules.
    const benchRoot = path.join(REPO_ROOT, ".e2e");
    fs.mkdirSync(benchRoot, { recursive: true });
    this.workDir = fs.mkdtempSync(path.join(benchRoot, "bench-"));
    this.env = {
      ...engineEnv({
        root: engineRoot(),
        stateDir: path.join(this.tmp, "state"),
        homeDir: path.join(this.tmp, "home"),
        passphrase: "bench-passphrase",
      }),
      ...env,
    };
    this.count = 0;
    stacks.add(this);
    if (via === "cli") {
      const programCopy = path.join(this.workDir, "program");
      runner.prepareProgram({ source: programDir, dest: programCopy, projectName, pack: packOnce() });
      this.cli = new runner.PulumiCli({
        cwd: programCopy,
        stackName: this.stackName,
        env: this.env,
        logDir: this.tmp,
        onSpawn: (child) => this.onSpawn?.(child),
      });
    }
  }

  /** Sets a stack config value (`ns:key`, or a bare key in the project's namespace). */
  setConfig(key, value, secret = false) {
    this.config[key.includes(":") ? key : `${this.projectName}:${key}`] = { value: String(value), secret };
  }

  /**
   * Runs one operation in a fresh process. Answers the run-op result plus `ms` (the engine
   * operation alone), `wallMs` (the whole process) and `processes` (per role: peak memory, CPU time, pids;
   * see process-sampler.mjs).
   * @param {string} op up | preview | refresh | destroy | export
   * @param {{profileDir?: string}} [opts] write CPU profiles of every node process of the run
   *   (the program, i.e. run-op, and the provider) into this directory (lib/cpu-profiler.cjs)
   */
  async run(op, { profileDir } = {}) {
    if (this.via === "cli") return this.runCli(op, { profileDir });
    const id = ++this.count;
    const timingFile = path.join(this.tmp, `timing-${id}.json`);
    const profiling = profileDir
      ? {
          BENCH_CPU_PROF_DIR: profileDir,
          NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${CPU_PROFILER}`].filter(Boolean).join(" "),
        }
      : {};
    const started = performance.now();
    let sampler;
    const { result, pid } = await runner.runAutomationOp({
      job: {
        op,
        options: { ...(op === "preview" ? { diff: true } : {}), ...this.parallelOption(op) },
        programDir: this.programDir,
        projectName: this.projectName,
        stackName: this.stackName,
        workDir: this.workDir,
        backendUrl: this.env.PULUMI_BACKEND_URL,
        engineRoot: engineRoot(),
        config: this.config,
        envVars: { ...this.env, ...profiling },
      },
      tmpDir: this.tmp,
      id,
      cwd: this.workDir,
      env: {
        ...this.env,
        BENCH_TIMING_FILE: timingFile,
        ...(profileDir ? { BENCH_CPU_PROF_DIR: profileDir } : {}),
      },
      preload: ["-r", OP_TIMER, ...(profileDir ? ["-r", CPU_PROFILER] : [])],
      onSpawn: (child) => {
        live.add(child);
        child.on("close", () => live.delete(child));
        sampler = sampleProcesses(child.pid);
      },
    });
    const processes = sampler.stop();
    const wallMs = performance.now() - started;
    if (!result.ok) {
      throw new Error(
        `pulumi ${op} failed: ${result.error}\n--- stdout ---\n${String(result.stdout).slice(-6000)}\n` +
          `--- stderr ---\n${String(result.stderr ?? "").slice(-6000)}`,
      );
    }
    const timings = fs.existsSync(timingFile) ? JSON.parse(fs.readFileSync(timingFile, "utf8")) : [];
    const ms = timings.find((t) => t.op === op)?.ms ?? wallMs;
    return { ...result, ms, wallMs, processes: processes.roles, programPid: pid };
  }

  /**
   * `run` through the CLI: the config is brought up to date first (not timed), then the operation's
   * own `pulumi` process is timed and sampled (not the `stack output` calls that follow an up).
   */
  async runCli(op, { profileDir } = {}) {
    await this.cli.sync(this.config);
    const profiling = profileDir
      ? {
          BENCH_CPU_PROF_DIR: profileDir,
          NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${CPU_PROFILER}`].filter(Boolean).join(" "),
        }
      : {};
    Object.assign(this.cli.options.env, profiling);
    let timing;
    this.onSpawn = (child) => {
      if (timing || child.spawnargs[1] !== (op === "export" ? "stack" : op)) return;
      live.add(child);
      timing = { started: performance.now(), sampler: sampleProcesses(child.pid, { rootRole: "engine" }) };
      child.on("close", () => {
        live.delete(child);
        timing.wallMs = performance.now() - timing.started;
        timing.processes = timing.sampler.stop();
      });
    };
    try {
      // As the Automation API runs them: `up`, `refresh` and `destroy` without their own preview
      // (the preview is a phase of its own), so both paths measure the same work.
      const options = {
        ...(op === "preview" ? { diff: true } : op === "export" ? {} : { skipPreview: true }),
        ...this.parallelOption(op),
      };
      const result = await this.cli.run(op, options, this.config);
      if (!result.ok) {
        throw new Error(
          `pulumi ${op} failed: ${result.error}\n--- stdout ---\n${String(result.stdout).slice(-6000)}`,
        );
      }
      const roles = timing?.processes?.roles ?? {};
      return {
        ...result,
        ms: timing.wallMs,
        wallMs: timing.wallMs,
        processes: roles,
        programPid: roles.program?.pids[0],
      };
    } finally {
      this.onSpawn = undefined;
      for (const key of Object.keys(profiling)) delete this.cli.options.env[key];
    }
  }

  /** `{parallel}` for the operations that take it, when set. */
  parallelOption(op) {
    return this.parallel !== undefined && op !== "export" ? { parallel: this.parallel } : {};
  }

  /** The exported deployment (`pulumi stack export`). */
  async exportStack() {
    return (await this.run("export")).deployment;
  }

  /** Removes the stack's temporary directories (the stack itself must be destroyed first). */
  dispose() {
    stacks.delete(this);
    fs.rmSync(this.tmp, { recursive: true, force: true });
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}
