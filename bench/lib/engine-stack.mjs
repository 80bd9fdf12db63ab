// @ts-check
// The benchmark's processes: BenchStack, the tests' ProgramStack with each operation timed and its
// processes sampled from /proc; the child scripts; killAll, for an interrupted run.

import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { BENCH_DIR } from "./common.mjs";

const require = createRequire(import.meta.url);
const CPU_PROFILER = path.join(BENCH_DIR, "lib", "cpu-profiler.cjs");
const { engineRoot: engineRootOf } = require("../../scripts/engine-env.js");
/** @type {typeof import("../../scripts/program-runner.js")} */
const { ProgramStack, processTree, killTree } = require("../../scripts/program-runner.js");

/** @typedef {import("node:child_process").ChildProcess} ChildProcess */
/** @typedef {Record<string, {peakRssBytes: number, cpuMs: number, pids: number[]}>} Roles CPU and memory by process role */

/** `<root>/bin/pulumi`, found or built by scripts/ensure-engine.mjs. */
export const engineRoot = () => /** @type {string} */ (engineRootOf({ quiet: true }));

/** What the engine's CLI prints for `args`. @param {...string} args */
export const pulumiCli = (...args) =>
  execFileSync(path.join(engineRoot(), "bin", "pulumi"), args, {
    encoding: "utf8",
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });

/** The engine's default `--parallel`, read from the CLI's help. */
export function engineDefaultParallel() {
  const m = /--parallel int32 .*\(default (\d+)\)/.exec(pulumiCli("up", "--help"));
  return m ? Number(m[1]) : 4 * os.cpus().length;
}

/**
 * `env` and a NODE_OPTIONS that preloads `file` into every node process of a run.
 * @param {string} file
 * @param {Record<string, string>} env
 */
export const preloading = (file, env) => ({
  ...env,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${file}`].filter(Boolean).join(" "),
});

// The role of each process under one engine run's root (the `pulumi` CLI, an `engine`; other sessions
// may run engines too), by its command line: which process holds which role, bench/README.md, "What is
// measured".
/** @type {Array<[string, (cmd: string) => boolean]>} */
const ROLES = [
  // Not the shim's `node -e "require.resolve('.../cmd/dynamic-provider')"`.
  ["provider", (cmd) => cmd.includes("cmd/dynamic-provider") && !cmd.includes("\0-e\0")],
  ["provider", (cmd) => /provider\/plugin\/main\.js(\0|$)|(^|\/)pulumi-resource-aria\0/.test(cmd)],
  ["program", (cmd) => /@pulumi\/pulumi\/cmd\/run(\/|\0)|(^|\/)pulumi-language-yaml\0/.test(cmd)],
  ["engine", (cmd) => /(^|\/)(pulumi|pulumi-language-nodejs)\0/.test(cmd)],
];

/**
 * A /proc file's text, or "" when its process has gone (ENOENT, or ESRCH when it exits mid-read).
 * @param {string} file
 */
function readOr(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/**
 * Samples every `everyMs` (100 ms) the processes under `rootPid` (itself an `engine`): per role the peak
 * memory (the larger of the summed VmRSS at one instant and each process's VmHWM, which the kernel keeps
 * between samples) and CPU time at each process's last sample (one that exits between two loses at most
 * its last `everyMs`). Linux only (no roles elsewhere).
 * @param {number} rootPid
 */
function sampleProcesses(rootPid, everyMs = 100) {
  /** @type {Map<number, {role: string, cpuMs: number, hwm: number}>} */
  const seen = new Map();
  /** @type {Record<string, number>} */
  const peakSum = {};
  /** @param {string} status @param {string} field */
  const bytes = (status, field) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  const sample = () => {
    const { stats, children } = processTree();
    /** @type {Record<string, number>} */
    const sums = {};
    const queue = [rootPid];
    for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
      queue.push(...(children.get(pid) ?? []));
      const st = stats.get(pid);
      if (!st) continue;
      let entry = seen.get(pid);
      if (!entry) {
        const cmd = readOr(`/proc/${pid}/cmdline`);
        const role = pid === rootPid ? "engine" : ROLES.find(([, test]) => test(cmd))?.[0];
        // A shim's shell becomes nothing we track; check its children again later.
        if (!role) continue;
        entry = { role, cpuMs: 0, hwm: 0 };
        seen.set(pid, entry);
      }
      const status = readOr(`/proc/${pid}/status`);
      entry.cpuMs = Math.max(entry.cpuMs, st.cpuMs);
      entry.hwm = Math.max(entry.hwm, bytes(status, "VmHWM"));
      sums[entry.role] = (sums[entry.role] ?? 0) + bytes(status, "VmRSS");
    }
    for (const [role, sum] of Object.entries(sums)) peakSum[role] = Math.max(peakSum[role] ?? 0, sum);
  };
  if (!fs.existsSync("/proc/self/stat")) return { stop: () => /** @type {Roles} */ ({}) };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    /** @returns {Roles} */
    stop() {
      sample();
      clearInterval(timer);
      /** @type {Roles} */
      const roles = {};
      for (const [pid, { role, cpuMs, hwm }] of seen) {
        const r = (roles[role] ??= { peakRssBytes: peakSum[role] ?? 0, cpuMs: 0, pids: [] });
        r.cpuMs += cpuMs;
        r.peakRssBytes = Math.max(r.peakRssBytes, hwm);
        r.pids.push(pid);
      }
      return roles;
    },
  };
}

/** @type {Set<ChildProcess>} the scripts running now */
const scripts = new Set();
/** @type {Set<BenchStack>} */
const stacks = new Set();

/** Kills every process still running (and its descendants) and removes the stacks' directories. */
export function killAll() {
  for (const child of scripts) killTree(child);
  scripts.clear();
  for (const stack of stacks) {
    stack.killAll();
    stack.dispose();
  }
}

/**
 * Runs `bench/<script> <job.json>` and answers the JSON it writes to `job.resultFile`.
 * @param {string} script
 * @param {Record<string, unknown>} job
 */
export async function runScript(script, job) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-bench-job-"));
  const jobFile = path.join(dir, "job.json");
  const resultFile = path.join(dir, "result.json");
  fs.writeFileSync(jobFile, JSON.stringify({ ...job, resultFile }));
  try {
    const child = spawn(process.execPath, [path.join(BENCH_DIR, script), jobFile], {
      stdio: ["ignore", "inherit", "pipe"],
      detached: true,
    });
    scripts.add(child);
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-20_000)));
    const code = await new Promise((resolve) => child.on("close", resolve));
    scripts.delete(child);
    if (!fs.existsSync(resultFile)) throw new Error(`${script} failed (exit ${code}):\n${stderr}`);
    return JSON.parse(fs.readFileSync(resultFile, "utf8"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export class BenchStack extends ProgramStack {
  /**
   * `program`: a directory of bench/programs, or an absolute path to one whose project is `projectName`
   * (default `bench`); `parallel`: the engine's --parallel (default: its own); `sampleEveryMs`: how often
   * its processes are sampled (default 100 ms; a fleet of stacks samples less often, to leave the CPU to
   * the stacks).
   * @param {{program: string, env?: Record<string, string>, parallel?: number, projectName?: string,
   *   sampleEveryMs?: number}} o
   */
  constructor({ program, env = {}, parallel, projectName = "bench", sampleEveryMs = 100 }) {
    super({
      program: path.resolve(BENCH_DIR, "programs", program),
      projectName,
      stackName: `b${randomBytes(4).toString("hex")}`,
      passphrase: "bench-passphrase",
      env,
    });
    this.parallel = parallel;
    this.sampleEveryMs = sampleEveryMs;
    stacks.add(this);
  }

  /**
   * Runs one operation in fresh processes; throws when it fails, unless `allowFailure`. The operation's
   * own `pulumi` process is timed and sampled (not the config set before it, nor the `stack output`
   * after an up). `profileDir`: CPU profiles of every node process of the run go there.
   * @param {string} op up | preview | refresh | destroy | export
   * @param {{profileDir?: string, allowFailure?: boolean}} [opts]
   * @override
   */
  async run(op, { profileDir, allowFailure = false } = {}) {
    // `up`, `refresh` and `destroy` without their own preview (the preview is a phase of its own); the
    // runner leaves out the flags of undefined and false options, and `export` takes none.
    const options = { parallel: this.parallel, skipPreview: op !== "preview" };
    await this.generateProgram();
    /** @typedef {{started: number, sampler: ReturnType<typeof sampleProcesses>, ms?: number, roles?: Roles}} Timing */
    /** @type {Timing | undefined} */
    let timing;
    this.onSpawn = (/** @type {ChildProcess} */ child) => {
      if (timing || child.spawnargs[1] !== (op === "export" ? "stack" : op)) return;
      /** @type {Timing} */
      const t = {
        started: performance.now(),
        sampler: sampleProcesses(Number(child.pid), this.sampleEveryMs),
      };
      timing = t;
      child.on("close", () => {
        t.ms = performance.now() - t.started;
        t.roles = t.sampler.stop();
      });
    };
    const env = profileDir ? preloading(CPU_PROFILER, { BENCH_CPU_PROF_DIR: profileDir }) : {};
    const result = await super.run(op, options, { env }).finally(() => (this.onSpawn = undefined));
    const roles = timing?.roles ?? timing?.sampler.stop() ?? {};
    if (!result.ok && !allowFailure) {
      throw new Error(
        `pulumi ${op} failed: ${result.error}\n--- stdout ---\n${String(result.stdout).slice(-6000)}`,
      );
    }
    const { started = NaN, ms = NaN } = timing ?? {};
    return { ...result, started, ms, processes: roles, programPid: roles.program?.pids[0] };
  }

  /** A program directory holding `generate.mjs` (YAML cannot loop) gets its Pulumi.yaml from the config. */
  async generateProgram() {
    const generator = path.join(this.programDir, "generate.mjs");
    if (!fs.existsSync(generator)) return;
    /** @type {{programText(config: Record<string, string>): string}} */
    const { programText } = await import(generator);
    const prefix = `${this.projectName}:`;
    /** @type {Record<string, string>} */
    const config = {};
    for (const [key, { value }] of Object.entries(this.config)) {
      if (key.startsWith(prefix)) config[key.slice(prefix.length)] = value;
    }
    fs.writeFileSync(path.join(this.workDir, "Pulumi.yaml"), programText(config));
  }

  /** @override ProgramStack's, and no longer one of the stacks killAll stops. */
  dispose() {
    stacks.delete(this);
    super.dispose();
  }
}
