// The lifecycle of benchmark programs with N resources, each on a fresh stack, through the real
// engine: create (`up`), `preview` with no changes, `refresh`, `up` changing one resource, `destroy`.
// Several programs run in lockstep, phase by phase and repetition by repetition (A B A B ...), so
// that a change in the machine's load during the run hits the program and its floor alike. Around
// each operation the emulator's request log is reset and read, so every sample carries the API
// requests it made.

import * as path from "node:path";
import { BENCH_DIR } from "./paths.mjs";
import { currentEpoch } from "./concurrency-probe.mjs";
import { BenchStack } from "./engine-stack.mjs";
import { PHASES, REPEATABLE } from "./phases.mjs";
import { fetchRequestLog, resetRequestLog } from "./request-log.mjs";

/** What each phase should report as changes, to catch a phase that did not do what it claims. */
function expectedChanges(phase, n) {
  return {
    create: { create: n + 1 },
    preview: {},
    refresh: {},
    update: { update: 1 },
    destroy: { delete: n + 1 },
  }[phase];
}

function changesOf(summary = {}) {
  return Object.fromEntries(Object.entries(summary).filter(([k, v]) => k !== "same" && v > 0));
}

/** One program's stack and the samples of its phases. */
class ProgramRun {
  constructor(program, o) {
    this.program = program;
    this.o = o;
    this.result = { phases: {}, warnings: [] };
    this.created = false;
    this.stack = new BenchStack({
      programDir: path.join(BENCH_DIR, "programs", program),
      projectName: "bench",
      config: {},
      via: o.via,
      parallel: o.parallelFlag,
    });
    this.stack.setConfig("vra:url", o.url);
    this.stack.setConfig("vra:refreshToken", o.refreshToken, true);
    this.stack.setConfig("count", o.n);
    this.stack.setConfig("targetUrl", o.url);
    this.stack.setConfig("changed", -1);
    if (o.validate !== undefined) this.stack.setConfig("validate", o.validate);
  }

  /** Runs one repetition of a phase and records it. */
  async runPhase({ name, op }, rep) {
    const { o } = this;
    if (name === "update") this.stack.setConfig("changed", 0);
    await resetRequestLog(o.url);
    const profileDir = rep === 0 ? o.profileDirFor?.(this.program, name) : undefined;
    const res = await this.stack.run(op, { profileDir });
    const requestLog = await fetchRequestLog(o.url);
    const { maxInFlight } = currentEpoch();
    if (name === "create") this.created = true;
    if (name === "destroy") this.created = false;
    const changes = changesOf(res.summary);
    const expected = expectedChanges(name, o.n);
    if (JSON.stringify(changes) !== JSON.stringify(expected)) {
      this.result.warnings.push(
        `${this.program} N=${o.n} ${name}: the engine reported ${JSON.stringify(changes)}, ` +
          `expected ${JSON.stringify(expected)}`,
      );
    }
    (this.result.phases[name] ??= { samples: [] }).samples.push({
      ms: res.ms,
      wallMs: res.wallMs,
      processes: res.processes,
      programPid: res.programPid,
      requests: requestLog.counts,
      requestTotal: requestLog.total,
      serverMs: requestLog.entries.reduce((sum, e) => sum + (e.durationMs ?? 0), 0),
      maxInFlight,
      changes,
    });
    o.log?.(
      `${this.program} N=${o.n} ${name}${rep > 0 || REPEATABLE.has(name) ? ` #${rep + 1}` : ""}: ` +
        `${Math.round(res.ms)} ms, ${requestLog.total} requests`,
    );
    if (name === "create" && o.exportAfterCreate) this.result.deployment = await this.stack.exportStack();
  }

  /** Destroys what a failed run left behind (so the next size starts from an empty emulator) and cleans up. */
  async close() {
    if (this.created) {
      await this.stack
        .run("destroy")
        .catch((e) => this.o.log?.(`cleanup destroy failed: ${e.message.split("\n")[0]}`));
    }
    this.stack.dispose();
  }
}

/**
 * Runs the lifecycle of each program, in lockstep. Answers, per program, `{phases: {<phase>:
 * {samples}}, deployment?, warnings}`; a sample is `{ms, wallMs, processes, programPid, requests,
 * requestTotal, serverMs, maxInFlight, changes}`.
 * @param {Array<"endpoints"|"trivial">} programs
 * @param {object} o
 * @param {number} o.n resources
 * @param {string} o.url the emulator
 * @param {string} o.refreshToken credentials for the stacks (`vra:refreshToken`, secret)
 * @param {number} o.repeat repetitions of preview and refresh
 * @param {boolean|undefined} o.validate the endpoints' `validate` input (undefined: provider default)
 * @param {"cli"|"automation"} [o.via] how operations run (lib/engine-stack.mjs)
 * @param {number} [o.parallelFlag] the engine's --parallel (unset: its default)
 * @param {boolean} [o.exportAfterCreate] keep the exported deployment after create
 * @param {(program: string, phase: string) => string|undefined} [o.profileDirFor] profile into this directory
 * @param {(msg: string) => void} [o.log]
 */
export async function runLifecycles(programs, o) {
  const runs = programs.map((program) => new ProgramRun(program, o));
  try {
    for (const phase of PHASES) {
      const reps = REPEATABLE.has(phase.name) ? o.repeat : 1;
      for (let rep = 0; rep < reps; rep++) {
        for (const run of runs) await run.runPhase(phase, rep);
      }
    }
  } finally {
    for (const run of runs) await run.close();
  }
  return Object.fromEntries(runs.map((run) => [run.program, run.result]));
}
