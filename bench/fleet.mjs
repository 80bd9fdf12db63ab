#!/usr/bin/env node
// @ts-check
// The fleet bench (`npm run bench -- --fleet`): K stacks at once against one rate-limited emulator, each
// its own backend and `pulumi` run with its own provider process and client, nothing shared, through
// create, an `up` changing every endpoint, refresh and destroy. Per phase the wall time against the
// physical limit (requests answered ÷ the server's rate), the refusals, logins, requests in flight,
// failures, duplicates, state against the server and peak memory per process role. What it measures
// and why: docs/guides/large-stacks.md, "Many stacks at once".

import * as diagnostics from "node:diagnostics_channel";
import * as fs from "node:fs";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { parse, stringify } from "yaml";
import { median } from "./lib/analysis.mjs";
import {
  apiClient,
  commandLine,
  emulatorOps,
  emulatorSession,
  logger,
  REFRESH_TOKEN,
  REPO_ROOT,
  resultsDir,
} from "./lib/common.mjs";
import { BenchStack, killAll } from "./lib/engine-stack.mjs";
import { changesOf } from "./lib/lifecycle.mjs";
import { table } from "./report.mjs";

const USAGE = `usage: node bench/fleet.mjs [options]   (npm run bench -- --fleet [options])
  --stacks 1,10,25       numbers of stacks run at once (default 1,10,25)
  --endpoints 20         jenkins endpoints per stack (default 20)
  --deployments 2        deployment resources per stack (default 2)
  --rate 20              requests per second the emulator accepts, refusing the rest with 429 (default 20)
  --latency 0            the emulator's round trip in ms (default 0)
  --door yaml|ts|both    the plugin door (a YAML program), the dynamic door (TypeScript), or both
                         (default both)
  --parallel <P>         the engine's --parallel (default: the CLI's)
  --out <dir>            results directory (default bench/results/fleet-<timestamp>)
  --report <results.json>
                         no run: the tables of an earlier run again (written to --out)
  --help`;

const { args, positiveInt, positiveInts, positiveNumber, namesOf } = commandLine(USAGE, {
  stacks: { type: "string", default: "1,10,25" },
  endpoints: { type: "string", default: "20" },
  deployments: { type: "string", default: "2" },
  rate: { type: "string", default: "20" },
  latency: { type: "string", default: "0" },
  door: { type: "string", default: "both" },
  parallel: { type: "string" },
  out: { type: "string" },
  report: { type: "string" },
  fleet: { type: "boolean", default: false },
});
const fleetSizes = positiveInts("stacks", args.stacks);
const endpoints = positiveInt("endpoints", args.endpoints);
const deployments = positiveInt("deployments", args.deployments, true);
const rate = positiveNumber("rate", args.rate);
const latencyMs = args.latency === "0" ? 0 : positiveNumber("latency", args.latency);
const [door] = namesOf("door", args.door, ["yaml", "ts", "both"], "door");
const doors = door === "both" ? ["yaml", "ts"] : [door];
const parallel = args.parallel === undefined ? undefined : positiveInt("parallel", args.parallel);
const outDir = resultsDir(args.out, "fleet-");
const log = logger("fleet");

/** The targets, at K = TARGET_STACKS. */
const TARGET_STACKS = 25;
const TARGETS = { ratio: 1.25, refusedShare: 0.05 };
/** How often each run's processes are sampled: 25 samplers scanning /proc 10 times a second would take a core. */
const SAMPLE_EVERY_MS = 500;
/** The process roles of a run (lib/engine-stack.mjs): `pulumi` (and pulumi-language-nodejs), the program, the provider. */
const ROLES = ["engine", "program", "provider"];
/** The routes of a login: the refresh token's exchange, as the provider makes it. */
const LOGIN = /^POST (\/iaas\/api\/login|\/csp\/gateway\/am\/api\/auth\/api-tokens\/authorize)$/;

// The API requests in flight at the emulator (in this process), on node:http's request channel; the
// request log says how many a phase made, not how many overlapped. Reset before each phase.
const inFlight = { now: 0, most: 0 };
diagnostics.subscribe("http.server.request.start", (/** @type {any} */ { request: req, response: res }) => {
  if (req.url?.startsWith("/__emulator/")) return;
  inFlight.now += 1;
  inFlight.most = Math.max(inFlight.most, inFlight.now);
  res.once("close", () => (inFlight.now -= 1));
});

/** The machine's CPU time from /proc/stat: all of it and the idle part (idle + iowait), in ticks. */
function cpuTicks() {
  const fields = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user)
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, idle: fields[3] + fields[4] };
}

/** /proc/stat every second, to tell the idle share of any stretch of a phase. */
function cpuSampler() {
  /** @type {Array<{at: number, total: number, idle: number}>} */
  const samples = [];
  const take = () => samples.push({ at: performance.now(), ...cpuTicks() });
  take();
  const timer = setInterval(take, 1000);
  return {
    /** The idle share of the whole machine from `from` to `to` (performance.now()), to the second. */
    stop(/** @type {number} */ from, /** @type {number} */ to) {
      take();
      clearInterval(timer);
      const first = samples.filter((s) => s.at <= from).pop() ?? samples[0];
      const last = samples.find((s) => s.at >= to) ?? samples[samples.length - 1];
      return (last.idle - first.idle) / Math.max(1, last.total - first.total);
    },
  };
}

/**
 * The doors: each one's program, its settings' namespace and how stack `k` of a fleet is set up.
 * @type {Record<string, {program: string, projectName: string, namespace: string,
 *   setUp: (stack: BenchStack, prefix: string, url: string) => void}>}
 */
const DOORS = {
  // The fault tier's YAML program on the plugin; YAML cannot loop, so the resources are written in.
  yaml: {
    program: path.join(REPO_ROOT, "test", "faults", "programs", "fleet-plugin"),
    projectName: "fleet-plugin",
    namespace: "aria",
    setUp(stack, prefix, url) {
      /** @type {Record<string, unknown>} */
      const resources = {};
      for (let i = 0; i < endpoints; i++) {
        const properties = {
          project: "Platform",
          name: `${prefix}-${i}`,
          description: `fleet endpoint ${i}, revision \${rev}`,
          url: `${url}/jenkins/${prefix}-${i}`,
          username: "bot",
          folderPath: "/jobs",
          password: "${password}",
        };
        resources[`ep-${i}`] = { type: "aria:index:JenkinsEndpoint", properties };
      }
      for (let i = 0; i < deployments; i++) {
        const properties = {
          name: `${prefix}-res-${i}`,
          type: "Custom.E2E.Thing",
          properties: { size: "small", index: i },
          pollIntervalMaxSeconds: 0.5,
        };
        resources[`res-${i}`] = { type: "aria:index:DeploymentResource", properties };
      }
      const file = path.join(stack.workDir, "Pulumi.yaml");
      const program = parse(fs.readFileSync(file, "utf8"));
      fs.writeFileSync(file, stringify({ ...program, resources }));
    },
  },
  ts: {
    program: "fleet",
    projectName: "bench",
    namespace: "vra",
    setUp(stack, prefix, url) {
      for (const [key, value] of Object.entries({ prefix, count: endpoints, deployments, url }))
        stack.setConfig(key, value);
    },
  },
};

const PHASES = [
  { name: "create", op: "up", expected: { create: endpoints + deployments + 1 } },
  { name: "update", op: "up", expected: { update: endpoints } },
  { name: "refresh", op: "refresh", expected: {} },
  { name: "destroy", op: "destroy", expected: { delete: endpoints + deployments + 1 } },
];

/** Names of the fleet's endpoints and deployment resources in one stack's state. @param {any} deployment @param {string} prefix */
function stateNames(deployment, prefix) {
  /** @type {string[]} */
  const names = [];
  for (const r of deployment?.deployment?.resources ?? []) {
    const name = r.outputs?.name ?? r.inputs?.name;
    if (typeof name === "string" && name.startsWith(`${prefix}-`)) names.push(name);
  }
  return names.sort();
}

/** @param {string[]} names */
const duplicatesOf = (names) => [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];

/** The error's first lines, the stack's password and tokens left out. @param {string} text */
const redact = (text) =>
  text
    .replaceAll(REFRESH_TOKEN, "[secret]")
    .replace(/fleet-Passw0rd-\d+/g, "[secret]")
    .replace(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}(\.[A-Za-z0-9_-]*)?/g, "[secret]")
    .split("\n")
    .filter((l) => l.trim())
    .slice(0, 3)
    .join(" / ")
    .slice(0, 600);

const emulator = await emulatorSession(killAll, log);

/**
 * K stacks of one door through the phases, against one fresh emulator.
 * @param {string} doorName @param {number} k
 */
async function measureFleet(doorName, k) {
  const d = DOORS[doorName];
  const { url } = await emulator.start({ rateLimit: rate, latencyMs });
  const ops = emulatorOps(url);
  const admin = apiClient(url);
  const prefixes = Array.from({ length: k }, (_, i) => `fleet-${doorName}-${i}`);
  /** @type {BenchStack[]} */
  const stacks = [];
  /** @type {any[]} */
  const phases = [];
  try {
    for (const prefix of prefixes) {
      const stack = new BenchStack({
        ...{ program: d.program, projectName: d.projectName, parallel, sampleEveryMs: SAMPLE_EVERY_MS },
      });
      stack.setConfig(`${d.namespace}:url`, url);
      stack.setConfig(`${d.namespace}:refreshToken`, REFRESH_TOKEN, true);
      stack.setConfig("password", `fleet-Passw0rd-${prefixes.indexOf(prefix)}`, true);
      stack.setConfig("rev", "1");
      d.setUp(stack, prefix, url);
      stacks.push(stack);
    }
    for (const phase of PHASES) {
      if (phase.name === "update") for (const stack of stacks) stack.setConfig("rev", "2");
      // Each stack's backend and config are made and set before the clock starts.
      await Promise.all(stacks.map((stack) => stack.sync()));
      await ops.clearRequests();
      Object.assign(inFlight, { now: 0, most: 0 });
      const cpu = cpuSampler();
      // This process's CPU: the emulator's, and the sampling of every run's processes.
      const ownCpu = process.cpuUsage();
      const runs = await Promise.all(
        stacks.map((stack) =>
          stack.run(phase.op, { allowFailure: true }).catch((/** @type {Error} */ e) => ({
            ok: false,
            error: e.message,
            summary: {},
            started: NaN,
            ms: NaN,
            processes: /** @type {import("./lib/engine-stack.mjs").Roles} */ ({}),
          })),
        ),
      );
      const mostInFlight = inFlight.most;
      const requestLog = await ops.requests();
      const ran = runs.filter((r) => Number.isFinite(r.started));
      const from = Math.min(...ran.map((r) => r.started));
      const to = Math.max(...ran.map((r) => r.started + r.ms));
      const idleShare = cpu.stop(from, to);
      const { user, system } = process.cpuUsage(ownCpu);
      // The server, read after the log (its reads are no part of the phase), and each stack's state.
      const [serverEndpoints, serverResources] = [
        await admin.listAllEndpoints(),
        await admin.listAllResources(),
      ];
      const onServer = [...serverEndpoints, ...serverResources]
        .map((x) => x.name)
        .filter((name) => prefixes.some((p) => name.startsWith(`${p}-`)));
      const states = await Promise.all(stacks.map((stack) => stack.exportStack()));
      const mismatched = prefixes.filter((prefix, i) => {
        const server = onServer.filter((n) => n.startsWith(`${prefix}-`)).sort();
        return JSON.stringify(server) !== JSON.stringify(stateNames(states[i], prefix));
      });
      const entries = requestLog.entries;
      const status = (/** @type {number} */ s) => entries.filter((e) => e.status === s).length;
      const refused = { 429: status(429), 503: status(503), cut: status(0) };
      const answered = requestLog.total - refused[429] - refused[503] - refused.cut;
      const logins = entries.filter((e) => LOGIN.test(e.route));
      const phaseResult = {
        phase: phase.name,
        wallMs: Math.round(to - from),
        limitMs: Math.round((answered / rate) * 1000),
        requests: requestLog.total,
        answered,
        refused,
        retries: requestLog.total - answered,
        loginsPerStack: logins.filter((e) => e.status >= 200 && e.status < 300).length / k,
        loginTriesPerStack: logins.length / k,
        mostInFlight,
        cpuIdleShare: idleShare,
        emulatorCpuMs: Math.round((user + system) / 1000),
        failures: runs.filter((r) => !r.ok).length,
        errors: runs.filter((r) => !r.ok).map((r) => redact(String(r.error ?? ""))),
        duplicates: duplicatesOf(onServer),
        onServer: onServer.length,
        inState: states.reduce((sum, s, i) => sum + stateNames(s, prefixes[i]).length, 0),
        mismatched,
        unexpectedChanges: runs
          .map((r, i) => ({ stack: i, changes: changesOf(r.summary) }))
          .filter((c) => r0(c.changes) !== r0(phase.expected)),
        rss: Object.fromEntries(
          ROLES.map((role) => {
            const peaks = runs.map((r) => r.processes[role]?.peakRssBytes ?? 0).filter((b) => b > 0);
            return [role, { maxBytes: Math.max(0, ...peaks), medianBytes: peaks.length ? median(peaks) : 0 }];
          }),
        ),
      };
      phases.push(phaseResult);
      log(
        `${doorName} K=${k} ${phase.name}: ${s(phaseResult.wallMs)} s, ${requestLog.total} requests, ` +
          `${refused[429]} 429s, ${phaseResult.failures} failed`,
      );
      phaseResult.errors.forEach((e) => log(`  failed: ${e}`));
      phaseResult.unexpectedChanges.forEach((c) =>
        log(
          `  stack ${c.stack} ${phase.name}: the engine reported ${r0(c.changes)}, expected ${r0(phase.expected)}`,
        ),
      );
    }
  } finally {
    // Destroys what a failed destroy left behind, so that the next fleet starts from an empty server.
    const destroyFailed = phases.find((p) => p.phase === "destroy")?.failures !== 0;
    if (destroyFailed) {
      await Promise.all(
        stacks.map((stack) => stack.run("destroy", { allowFailure: true }).catch(() => undefined)),
      );
    }
    for (const stack of stacks) stack.dispose();
    await admin.close();
    await emulator.stop();
  }
  return { door: doorName, k, endpoints, deployments, rate, latencyMs, phases };
}

/** @param {object} o */
const r0 = (o) => JSON.stringify(o);
const s = (/** @type {number} */ ms) => (ms / 1000).toFixed(1);
const pct = (/** @type {number} */ x) => `${(x * 100).toFixed(1)}%`;
const mb = (/** @type {number} */ b) => (b / 1024 / 1024).toFixed(0);

/** What was run and measured: this run's, or with --report an earlier run's results.json. */
const run = args.report
  ? JSON.parse(fs.readFileSync(args.report, "utf8"))
  : { command: process.argv.slice(2), rate, latencyMs, parallel: parallel ?? null, fleets: [] };
/** @type {any[]} */
const fleets = run.fleets;
const save = () => fs.writeFileSync(path.join(outDir, "results.json"), JSON.stringify(run, null, 2));
if (!args.report) {
  for (const k of fleetSizes) {
    for (const doorName of doors) {
      fleets.push(await measureFleet(doorName, k));
      save();
    }
  }
}

const DOOR_TITLE = /** @type {Record<string, string>} */ ({
  yaml: "plugin (YAML)",
  ts: "dynamic (TypeScript)",
});
const sections = [];
for (const f of fleets) {
  const title = `## ${DOOR_TITLE[f.door]}, K = ${f.k} stacks of ${f.endpoints} endpoints and ${f.deployments} deployment resources`;
  const main = table(
    ["phase", "wall (s)", "limit (s)", "wall / limit", "requests", "429s / req", "503s / req", "retries"]
      .concat(["logins / stack", "most in flight", "CPU idle", "emulator's process CPU"])
      .concat(["failures", "duplicates", "state = server"]),
    f.phases.map((/** @type {any} */ p) => [
      ...[
        p.phase,
        s(p.wallMs),
        s(p.limitMs),
        `${(p.wallMs / Math.max(1, p.limitMs)).toFixed(2)}x`,
        p.requests,
      ],
      ...[pct(p.refused[429] / p.requests), pct(p.refused[503] / p.requests), p.retries],
      ...[`${p.loginsPerStack.toFixed(1)} (${p.loginTriesPerStack.toFixed(1)} tried)`, p.mostInFlight],
      ...[pct(p.cpuIdleShare), pct(p.emulatorCpuMs / Math.max(1, p.wallMs)), p.failures, p.duplicates.length],
      p.mismatched.length === 0
        ? `yes (${p.inState} = ${p.onServer})`
        : `no: ${p.mismatched.length} stacks (${p.inState} in state, ${p.onServer} on server)`,
    ]),
  );
  const memory = table(
    ["phase", "engine: `pulumi` (MB)", "program: YAML host or Node.js program (MB)", "provider (MB)"],
    f.phases.map((/** @type {any} */ p) => [
      p.phase,
      // A role with no process: refresh and destroy run no program.
      ...ROLES.map((role) =>
        p.rss[role].maxBytes ? `${mb(p.rss[role].maxBytes)} (${mb(p.rss[role].medianBytes)})` : "-",
      ),
    ]),
  );
  sections.push(`${title}\n\n${main}\nPeak RSS per stack, the most of any stack (median):\n\n${memory}`);
}
/** A measured figure, and whether it meets its target. @param {string} figure @param {boolean} met */
const verdict = (figure, met) => `${figure} ${met ? "met" : "not met"}`;
/** @type {Array<Array<string | number>>} */
const verdicts = [];
const ran = fleets.some((f) => f.k === TARGET_STACKS);
for (const f of fleets.filter((x) => !ran || x.k === TARGET_STACKS)) {
  for (const p of f.phases) {
    const ratio = p.wallMs / Math.max(1, p.limitMs);
    const share = p.refused[429] / p.requests;
    verdicts.push([
      ...[DOOR_TITLE[f.door], f.k, p.phase],
      verdict(`${ratio.toFixed(2)}x`, ratio <= TARGETS.ratio),
      verdict(pct(share), share <= TARGETS.refusedShare),
      verdict(String(p.failures), p.failures === 0),
      verdict(String(p.duplicates.length), p.duplicates.length === 0),
    ]);
  }
}
const report =
  `# Fleet bench\n\n\`npm run bench -- ${run.command.join(" ")}\`: the emulator accepts ${run.rate} requests/s` +
  `${run.latencyMs ? `, ${run.latencyMs} ms away` : ""}; the engine's --parallel ${run.parallel ?? "(the CLI's default)"}.\n` +
  `Limit: requests answered (neither 429, 503 nor cut) ÷ ${run.rate}/s. Peak RSS: VmHWM of each process of each ` +
  `\`pulumi\` run's tree, sampled from /proc every ${SAMPLE_EVERY_MS} ms. CPU idle: the whole machine's (/proc/stat); ` +
  `the emulator's process CPU: the bench's own process (the emulator and the sampling), of one core.\n\n` +
  `${sections.join("\n")}\n## Targets (set at K = ${TARGET_STACKS}${ran ? "" : `; not run, so these rows are for reference`})\n\n` +
  table(
    ["door", "K", "phase", `wall ≤ ${TARGETS.ratio}x limit`, `429s ≤ ${pct(TARGETS.refusedShare)}`].concat([
      "0 failures",
      "0 duplicates",
    ]),
    verdicts,
  );
fs.writeFileSync(path.join(outDir, "report.md"), report);
process.stdout.write(
  `${report}\nResults: ${path.relative(process.cwd(), outDir)}/{results.json,report.md}\n`,
);
killAll();
