// @ts-check
// The programs' phases in lockstep (A B A B ..., so that the machine's load hits a program and its
// floor alike), each sample with the API requests it made: one N, the 3-endpoint preview, --profile.

import * as diagnostics from "node:diagnostics_channel";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PHASES, REPEATABLE } from "./analysis.mjs";
import { changedAt, emulatorOps, REFRESH_TOKEN, requestCounts } from "./common.mjs";
import { BenchStack, runScript } from "./engine-stack.mjs";

/**
 * What every stage is given: the emulator's URL and run.mjs's options (`parallel` is the engine's
 * concurrency, `parallelFlag` the --parallel given, if any).
 * @typedef {{url: string, repeat: number, cycles: number, validate: boolean | undefined, parallel: number,
 *   parallelFlag: number | undefined, log: (msg: string) => void}} Ctx
 */
/** @typedef {import("./analysis.mjs").Sample} Sample */
/** @typedef {{phases: Record<string, {samples: Sample[]}>, deployment?: any, warnings: string[]}} ProgramResult */

// The API requests in flight at the emulator (in this process), counted from this module's load (before
// any emulator starts) on node:http's request channel: the request log says how many a phase made, not
// how many overlapped. Each reset of the log (before each phase) starts an epoch.

/** @type {number[]} the most requests in flight of each epoch */
const epochs = [0];
let inFlight = 0;
diagnostics.subscribe("http.server.request.start", (/** @type {any} */ { request: req, response: res }) => {
  if (!req.url?.startsWith("/__emulator/")) {
    inFlight += 1;
    epochs[epochs.length - 1] = Math.max(epochs[epochs.length - 1], inFlight);
    res.once("close", () => (inFlight -= 1));
  } else if (req.method === "DELETE" && req.url.startsWith("/__emulator/requests")) epochs.push(0);
});

/**
 * A stack of one program with the benchmark's config.
 * @param {string} program
 * @param {Pick<Ctx, "url"> & Partial<Ctx> & {n: number}} o
 * @param {Record<string, string>} [env]
 */
export function programStack(program, o, env) {
  const stack = new BenchStack({ program, parallel: o.parallelFlag, env });
  // The plugin door's settings are `aria:`, the dynamic door's `vra:`; each program reads its own.
  for (const ns of ["vra", "aria"]) {
    stack.setConfig(`${ns}:url`, o.url);
    stack.setConfig(`${ns}:refreshToken`, REFRESH_TOKEN, true);
  }
  for (const [key, value] of Object.entries({ count: o.n, targetUrl: o.url, changed: -1 }))
    stack.setConfig(key, value);
  if (o.validate !== undefined) stack.setConfig("validate", o.validate);
  return stack;
}

/** One operation between a reset and a read of the request log. @param {BenchStack} stack @param {string} url @param {string} op @param {{profileDir?: string, allowFailure?: boolean}} [opts] */
export async function loggedRun(stack, url, op, opts) {
  await emulatorOps(url).clearRequests();
  const res = await stack.run(op, opts);
  return { res, log: await emulatorOps(url).requests(), maxInFlight: epochs[epochs.length - 1] };
}

/** @param {Record<string, number>} [summary] */
export const changesOf = (summary = {}) =>
  Object.fromEntries(Object.entries(summary).filter(([k, v]) => k !== "same" && v > 0));

/**
 * The lifecycle of each program, in lockstep: `phases` (default PHASES) in this order, `repeatable` ones
 * (default REPEATABLE) `repeat` times.
 * @param {string[]} programs
 * @param {Pick<Ctx, "url" | "repeat" | "log"> & Partial<Ctx> & {n: number,
 *   phases?: Array<{name: string, op: string}>, repeatable?: Set<string>, env?: Record<string, string>,
 *   exportAfterCreate?: boolean, profileDirFor?: (program: string, phase: string) => string}} o
 */
export async function runLifecycles(programs, o) {
  const repeatable = o.repeatable ?? REPEATABLE;
  // The changes each phase should report, to catch a phase that did not do what it claims.
  /** @type {Record<string, object>} */
  const expectedOf = {
    "preview-create": { create: o.n + 1 },
    create: { create: o.n + 1 },
    update: { update: 1 },
    destroy: { delete: o.n + 1 },
  };
  const runs = programs.map((program) => ({
    program,
    stack: programStack(program, o, o.env),
    created: false,
    /** @type {ProgramResult} */
    result: { phases: {}, warnings: [] },
  }));
  /** @param {(typeof runs)[number]} run @param {{name: string, op: string}} phase @param {number} rep */
  const runPhase = async (run, { name, op }, rep) => {
    const { program, stack, result } = run;
    if (name === "update") stack.setConfig("changed", changedAt(rep));
    const profileDir = rep === 0 ? o.profileDirFor?.(program, name) : undefined;
    const { res, log, maxInFlight } = await loggedRun(stack, o.url, op, { profileDir });
    if (name === "create" || name === "destroy") run.created = name === "create";
    const expected = JSON.stringify(expectedOf[name] ?? {});
    const changes = changesOf(res.summary);
    const reported = JSON.stringify(changes);
    if (reported !== expected) {
      result.warnings.push(
        `${program} N=${o.n} ${name}: the engine reported ${reported}, expected ${expected}`,
      );
    }
    (result.phases[name] ??= { samples: [] }).samples.push({
      ms: res.ms,
      processes: res.processes,
      programPid: res.programPid,
      requests: requestCounts(log),
      serverMs: log.entries.reduce((sum, e) => sum + (e.durationMs ?? 0), 0),
      maxInFlight,
      throttled: log.entries.filter((e) => e.status === 429).length,
      changes,
    });
    o.log(
      `${program} N=${o.n} ${name}${rep > 0 || repeatable.has(name) ? ` #${rep + 1}` : ""}: ` +
        `${Math.round(res.ms)} ms, ${log.total} requests`,
    );
    if (name === "create" && o.exportAfterCreate) result.deployment = await stack.exportStack();
  };
  try {
    for (const phase of o.phases ?? PHASES) {
      for (let rep = 0; rep < (repeatable.has(phase.name) ? o.repeat : 1); rep++) {
        for (const run of runs) await runPhase(run, phase, rep);
      }
    }
  } finally {
    // Destroys what a failed run left behind, so the next size starts from an empty emulator.
    const failed = (/** @type {Error} */ e) => o.log(`cleanup destroy failed: ${e.message.split("\n")[0]}`);
    for (const { stack, created } of runs) {
      if (created) await stack.run("destroy").catch(failed);
      stack.dispose();
    }
  }
  return Object.fromEntries(runs.map((run) => [run.program, run.result]));
}

/** The `__provider` of every dynamic resource in an exported stack: its bytes, the same text for all? @param {any} exported */
function providerSizes(exported) {
  /** @type {string[]} */
  const texts = (exported?.deployment?.resources ?? [])
    .map((/** @type {any} */ r) => r.inputs?.__provider ?? r.outputs?.__provider)
    .filter((/** @type {unknown} */ t) => typeof t === "string");
  const sizes = texts.map((t) => Buffer.byteLength(t, "utf8"));
  const distinct = new Set(texts).size;
  const bytes = { min: texts.length ? Math.min(...sizes) : 0, max: texts.length ? Math.max(...sizes) : 0 };
  return { resources: texts.length, bytes, distinct, identical: distinct <= 1 };
}

/** Bytes of state per custom resource (no providers) in an exported stack: what the engine rewrites. @param {any} exported */
function stateBytesPerResource(exported) {
  const resources = (exported?.deployment?.resources ?? []).filter(
    (/** @type {any} */ r) => r.custom && !String(r.type).startsWith("pulumi:providers:"),
  );
  if (resources.length === 0) return null;
  return Math.round(Buffer.byteLength(JSON.stringify(resources), "utf8") / resources.length);
}

/** Each program of a size, and its key in the figures (lib/analysis.mjs). */
const KEY_OF = { trivial: "engineFloor", endpoints: "endpoints", "endpoints-plugin": "plugin" };
const PROGRAMS = Object.keys(KEY_OF);

/**
 * One size: the programs in lockstep, then the API floor, `cycles` times over.
 * @param {number} n
 * @param {Ctx} ctx
 */
export async function measureSize(n, ctx) {
  /** @type {Record<string, any> & {apiFloor: {phases: Record<string, any>}, warnings: string[]}} */
  const entry = { apiFloor: { phases: {} }, warnings: [] };
  for (let cycle = 0; cycle < ctx.cycles; cycle++) {
    const runs = await runLifecycles(PROGRAMS, { ...ctx, n, exportAfterCreate: cycle === 0 });
    // Each program's samples under its key in the figures.
    for (const [program, key] of Object.entries(KEY_OF)) {
      const into = (entry[key] ??= { phases: {} });
      for (const [name, phase] of Object.entries(runs[program].phases)) {
        (into.phases[name] ??= { samples: [] }).samples.push(...phase.samples);
      }
      entry.warnings.push(...runs[program].warnings);
    }
    if (cycle === 0) {
      entry.provider = providerSizes(runs.endpoints.deployment);
      entry.stateBytes = {
        dynamic: stateBytesPerResource(runs.endpoints.deployment),
        plugin: stateBytesPerResource(runs["endpoints-plugin"].deployment),
        engineFloor: stateBytesPerResource(runs.trivial.deployment),
      };
    }

    // The API floor resets the request log once per phase, in this order: one probe epoch each.
    ctx.log(`API floor N=${n}`);
    const marker = epochs.length;
    const { url, repeat, parallel: concurrency } = ctx;
    const job = { url, count: n, repeat, concurrency, validate: ctx.validate !== false };
    const api = await runScript("api-floor.mjs", job);
    const order = ["create", ...Array(ctx.repeat).fill("preview"), ...Array(ctx.repeat).fill("refresh")];
    order.push(...Array(ctx.repeat).fill("update"), "destroy");
    for (const [name, phase] of Object.entries(api.phases)) {
      const inFlight = order.map((p, i) => (p === name ? (epochs[marker + i] ?? 0) : 0));
      const into = (entry.apiFloor.phases[name] ??= { samplesMs: [], cpuMs: [], requests: phase.requests });
      into.samplesMs.push(...phase.samplesMs);
      into.cpuMs.push(...phase.cpuMs);
      into.maxInFlight = Math.max(into.maxInFlight ?? 0, ...inFlight);
    }
  }
  entry.loadAverage = os.loadavg()[0];
  return entry;
}

/** A pull request's preview: a stack of 3 endpoints (validation on) through each door and the floor. @param {Ctx} ctx @param {number} runs */
export const measureSmallPreview = (ctx, runs) =>
  runLifecycles(PROGRAMS, {
    ...ctx,
    n: 3,
    repeat: runs,
    validate: true,
    phases: PHASES.filter((p) => ["create", "preview", "destroy"].includes(p.name)),
  });

/**
 * --profile (bench/README.md, "Profiling"), never timed.
 * @param {number} n
 * @param {string} outDir
 * @param {Ctx} ctx
 */
export async function profileLifecycle(n, outDir, ctx) {
  const programs = ["trivial", "endpoints"];
  /** @param {string} program @param {string} phase */
  const dirFor = (program, phase) => path.join(outDir, "profiles", `${program}-${phase}`);
  const runs = await runLifecycles(programs, { ...ctx, n, repeat: 1, profileDirFor: dirFor });
  // Each profile file, named by the process that wrote it: `provider`, `program` or `helper` (e.g. the
  // shim's `node -e` that locates the provider script).
  const files = PHASES.flatMap(({ name }) =>
    programs.flatMap((program) => {
      const dir = dirFor(program, name);
      const { processes, programPid } = runs[program].phases[name].samples[0];
      return (fs.existsSync(dir) ? fs.readdirSync(dir) : []).map((file) => {
        const pid = Number(/^CPU\.[^.]+\.[^.]+\.(\d+)\./.exec(file)?.[1]);
        let role = pid === programPid ? "program" : "helper";
        if (processes.provider?.pids.includes(pid)) role = "provider";
        return { file: path.join("profiles", `${program}-${name}`, file), process: role };
      });
    }),
  );

  const stack = programStack("trivial", { ...ctx, n }, { PULUMI_SKIP_CHECKPOINTS: "true" });
  /** @type {Record<string, unknown>} */
  const withoutCheckpoints = { n };
  let created = false;
  try {
    for (const phase of ["create", "destroy"]) {
      const res = await stack.run(phase === "create" ? "up" : phase);
      created = phase === "create";
      withoutCheckpoints[phase] = { ms: res.ms, engineCpuMs: res.processes.engine?.cpuMs ?? null };
      ctx.log(`trivial N=${n} ${phase} without checkpoints: ${Math.round(res.ms)} ms`);
    }
  } finally {
    if (created) await stack.run("destroy").catch(() => {});
    stack.dispose();
  }
  return { n, files, withoutCheckpoints };
}
