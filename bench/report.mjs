// @ts-check
// The benchmark's report, from results.json: report.md (Markdown tables), chart.svg (Vega-Lite) and the
// summary printed at the end.
// Used by run.mjs at the end of a run; also standalone, to render a results file again:
//   node bench/report.mjs bench/results/<timestamp>/results.json
// (the figures and verdicts are recomputed from the raw samples it holds).

import * as fs from "node:fs";
import * as path from "node:path";
import * as vega from "vega";
import { compile } from "vega-lite";
import { analyse, PHASES, sizesOf, TARGET_RATIO } from "./lib/analysis.mjs";
import { inclusiveDelta, summariseProfile } from "./lib/cpu-profile.mjs";

/** Milliseconds for a table: "1234" or "12.3". @param {number} v */
const ms = (v) =>
  Number.isFinite(v) ? (Math.abs(v) >= 100 ? Math.round(v).toString() : v.toFixed(1)) : "n/a";
/** Bytes as MB with one decimal. @param {number} v */
const mb = (v) => (Number.isFinite(v) && v > 0 ? (v / 1048576).toFixed(1) : "n/a");
/** @param {number} v */
const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : "n/a");

/** @typedef {Array<string | number>} Row */

/** A Markdown table, its columns of figures aligned right. @param {Row} header @param {Row[]} rows */
function markdownTable(header, rows) {
  const figure = (/** @type {Row[number]} */ c) => /^(-?[\d.]+x?|n\/a|-)$/.test(String(c));
  const sep = header.map((_, i) => (rows.length && rows.every((r) => figure(r[i])) ? "---:" : "---"));
  /** @param {Row} cells */
  const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(sep), ...rows.map(line)].join("\n");
}

/** The same table padded for a terminal. @param {Row} header @param {Row[]} rows */
function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  /** @param {Row} cells */
  const line = (cells) => cells.map((c, i) => String(c).padStart(widths[i])).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** @typedef {Array<[string, (figures: any) => string | number]>} Columns a table's columns: header, cell */

/**
 * A table with a row per size (ascending) and phase: N, the phase, then `columns` of its figures.
 * @param {Record<number, any>} sizes
 * @param {Columns} columns
 */
function phaseTable(sizes, columns) {
  const rows = sizesOf(sizes).flatMap((n) =>
    PHASES.map(({ name, label }) => [n, label, ...columns.map(([, cell]) => cell(sizes[n].phases[name]))]),
  );
  return { header: ["N", "phase", ...columns.map(([h]) => h)], rows };
}

/** @type {Columns} The main table: time against the floors, requests and provider memory. */
const MAIN = [
  ["aria ms", (p) => ms(p.endpoints.ms)],
  ["plugin ms", (p) => (p.plugin ? ms(p.plugin.ms) : "-")],
  ["engine floor ms", (p) => ms(p.engineFloor.ms)],
  ["API floor ms", (p) => ms(p.apiFloor.ms)],
  ["ratio", (p) => ratio(p.ratio)],
  ["plugin ratio", (p) => (p.pluginRatio ? ratio(p.pluginRatio) : "-")],
  ["CPU ratio", (p) => ratio(p.cpuRatio)],
  ["requests", (p) => p.endpoints.requestSummary.total],
  ["per endpoint", (p) => p.endpoints.requestSummary.perResource.toFixed(2)],
  ["one-offs", (p) => p.endpoints.requestSummary.oneOff],
  ["provider peak MB", (p) => mb(p.endpoints.providerPeakRssBytes)],
  ["provider CPU ms", (p) => ms(p.endpoints.cpuMs.provider)],
];

/** Requests by route, most first. @param {Record<string, number>} counts */
const byRoute = (counts) =>
  Object.entries(counts ?? {})
    .sort((a, b) => b[1] - a[1])
    .map(([route, c]) => `${c} × ${route}`)
    .join("<br>") || "none";
/** @type {Columns} Requests by route, for the endpoints program and the API floor. */
const REQUESTS = [
  ["endpoints program: requests by route", (p) => byRoute(p.endpoints.requests)],
  ["API floor: requests by route", (p) => byRoute(p.apiFloor.requests)],
  [
    "most in flight (aria / API floor)",
    (p) => `${p.endpoints.maxInFlight} / ${p.apiFloor.maxInFlight ?? "n/a"}`,
  ],
];

/** @param {{provider: number, program: number, engine: number}} c */
const cpuOf = (c) => `${ms(c.provider)} / ${ms(c.program)} / ${ms(c.engine)}`;
/** @type {Columns} CPU time by process role (median over repetitions), endpoints program against the engine floor. */
const CPU = [
  ["aria: provider / program / engine CPU ms", (p) => cpuOf(p.endpoints.cpuMs)],
  ["floor: provider / program / engine CPU ms", (p) => cpuOf(p.engineFloor.cpuMs)],
  ["API server time ms (sum)", (p) => ms(p.endpoints.serverMs)],
  ["aria provider peak MB", (p) => mb(p.endpoints.providerPeakRssBytes)],
  ["floor provider peak MB", (p) => mb(p.engineFloor.providerPeakRssBytes)],
];

/** @param {{firstSlope: number, lastSlope: number}} l */
const seg = (l) => (Number.isFinite(l.firstSlope) ? `${ms(l.firstSlope)} → ${ms(l.lastSlope)}` : "n/a");
/** @type {Columns} Slopes (ms per resource) per phase: least squares over N, and first → last segment. */
const SLOPES = [
  ["aria ms/resource", (s) => ms(s.endpoints.slope)],
  ["engine floor ms/resource", (s) => ms(s.engineFloor.slope)],
  ["API floor ms/resource", (s) => ms(s.apiFloor.slope)],
  ["aria R²", (s) => (Number.isFinite(s.endpoints.r2) ? s.endpoints.r2.toFixed(3) : "n/a")],
  ["aria segments", (s) => seg(s.linearity)],
  ["floors segments", (s) => seg(s.floorsLinearity)],
  ["overhead segments", (s) => seg(s.overheadLinearity)],
  [
    "aria linear",
    (s) => (s.linearity.linear === null ? "n/a (< 3 sizes)" : s.linearity.linear ? "yes" : "no"),
  ],
];

/**
 * The chart: per phase, time against N for the endpoints program, the engine floor, engine + API
 * floor and the 1.2x limit of create and destroy; a Vega-Lite spec rendered to SVG in Node by Vega.
 * @param {Record<number, any>} sizes
 */
async function renderChart(sizes) {
  /** @type {Array<[string, (p: any) => number]>} */
  const series = [
    ["pulumi-aria endpoints", (p) => p.endpoints.ms],
    ["engine floor + API floor", (p) => p.floorMs],
    ["engine floor (trivial resources)", (p) => p.engineFloor.ms],
    [`${TARGET_RATIO}x (engine + API floor)`, (p) => TARGET_RATIO * p.floorMs],
  ];
  const values = sizesOf(sizes).flatMap((n) =>
    PHASES.flatMap(({ name, label }) =>
      series.map(([what, pick]) => ({ phase: label, N: n, series: what, ms: pick(sizes[n].phases[name]) })),
    ),
  );
  const seriesScale = { field: "series", type: "nominal", sort: series.map(([what]) => what) };
  const colors = { range: ["#1f6feb", "#d97706", "#6b7280", "#dc2626"] };
  const spec = {
    title: "Engine operation time (median) against N, measured in the same run",
    data: { values: values.filter((v) => Number.isFinite(v.ms)) },
    facet: { field: "phase", type: "nominal", sort: PHASES.map((p) => p.label), title: null },
    columns: 3,
    resolve: { scale: { y: "independent" } },
    spec: {
      width: 220,
      height: 150,
      mark: { type: "line", point: true },
      encoding: {
        x: { field: "N", type: "quantitative", title: "N (resources)" },
        y: { field: "ms", type: "quantitative", title: "ms" },
        color: { ...seriesScale, scale: colors, legend: { orient: "bottom", labelLimit: 400, title: null } },
        strokeDash: seriesScale,
      },
    },
    config: { background: "white" },
  };
  const view = new vega.View(vega.parse(compile(/** @type {any} */ (spec)).spec), { renderer: "none" });
  return view.toSVG();
}

/** The faults phase's phases (lib/faults.mjs). */
const FAULT_PHASES = [
  ["create", "create (up)"],
  ["update", "up, every endpoint changed"],
  ["destroy", "destroy"],
];
const FAULT_MIX_TEXT =
  "10% of API requests answer 503, 5% answer 429 (Retry-After: 1), 10% of writes lose their answer";

/** "yes", or what differs. @param {any} server */
function serverText(server) {
  if (server.equal) return "yes";
  const diffs = [
    [server.duplicates.length, "duplicate names"],
    [server.missingOnServer, "in the state, not on the server"],
    [server.notInState, "on the server, not in the state"],
    [server.notUpdated, "not updated"],
  ];
  return `no: ${diffs
    .filter(([count]) => count > 0)
    .map(([count, what]) => `${count} ${what}`)
    .join(", ")}`;
}

/**
 * The faults phase: per phase the time with and without faults, the faults, the retries, whether it
 * succeeded in one run and left the server equal to the state.
 * @param {any} faults
 * @param {boolean} markdown with the retries by route (too wide for a terminal)
 */
function faultsTable(faults, markdown) {
  const header = ["phase", "with faults ms", "without ms", "ratio", "429s", "503s", "cut answers"];
  header.push(
    "requests (without)",
    "retries",
    ...(markdown ? ["retries by route"] : []),
    "one run",
    "server = state",
  );
  /** @param {Record<string, number>} byRoute @param {boolean} ok */
  const routes = (byRoute, ok) =>
    Object.entries(byRoute)
      // A failed run stopped early: only the requests it made beyond the fault-free run tell.
      .filter(([, c]) => ok || c > 0)
      .sort((x, y) => y[1] - x[1])
      .map(([route, c]) => `${c > 0 ? "+" : ""}${c} ${route}`)
      .join("<br>") || "none";
  const rows = FAULT_PHASES.filter(([name]) => faults.phases[name]).map(([name, label]) => {
    const p = faults.phases[name];
    if (p.skipped) return [label, p.skipped, ...header.slice(2).map(() => "")];
    return [
      label,
      ms(p.ms),
      ms(p.faultFreeMs),
      ratio(p.ratio),
      p.faults[429],
      p.faults[503],
      p.faults.cut,
      `${p.requestTotal ?? "n/a"} (${p.faultFreeRequestTotal ?? "n/a"})`,
      p.ok ? (p.retries ?? "n/a") : "n/a (failed)",
      ...(markdown ? [routes(p.retriesByRoute ?? {}, p.ok)] : []),
      p.ok ? "succeeded" : markdown ? "**failed**" : "FAILED",
      markdown && !p.server.equal ? `**${serverText(p.server)}**` : serverText(p.server),
    ];
  });
  return { header, rows };
}

/** The faults section of the report. @param {any} faults @returns {string[]} */
function faultsSection(faults) {
  const table = faultsTable(faults, true);
  const failed = FAULT_PHASES.filter(([name]) => faults.phases[name]?.error);
  return [
    `## Under faults (N=${faults.n})`,
    "",
    `The endpoints program once more at N=${faults.n} with the fault tier's mix on the API paths: ${FAULT_MIX_TEXT}. ` +
      'The columns: bench/README.md, "What is measured".',
    "",
    markdownTable(table.header, table.rows),
    "",
    ...failed.flatMap(([name, label]) => [
      `### ${label} under faults: the engine's error`,
      "",
      "```",
      faults.phases[name].error,
      "```",
      "",
    ]),
  ];
}

/**
 * State bytes per resource of each door, by size: what the engine rewrites after every step.
 * @param {Record<number, any>} sizes
 */
function stateTable(sizes) {
  const rows = sizesOf(sizes).map((n) => {
    const s = sizes[n].stateBytes ?? {};
    const cell = (/** @type {number | null | undefined} */ v) => (v == null ? "-" : String(v));
    return [n, cell(s.dynamic), cell(s.plugin), cell(s.engineFloor)];
  });
  return {
    header: ["N", "dynamic door B/resource", "plugin door B/resource", "engine floor B/resource"],
    rows,
  };
}

/** The terminal version of the main table and the targets. @param {any} results */
export function consoleSummary(results) {
  const { header, rows } = phaseTable(results.sizes, MAIN);
  const state = stateTable(results.sizes);
  const m = results.machine;
  const versions = `Node ${m.node}, @pulumi/pulumi ${m.sdk ?? "unrecorded"}, Pulumi CLI ${m.pulumi}`;
  const targets = results.targets.targets.map(
    (/** @type {any} */ t) => `  [${t.status}] ${t.title}\n      ${t.detail}`,
  );
  const faults = results.faults && faultsTable(results.faults, false);
  // A failed phase: its first error line (report.md has the engine's diagnostics).
  const errors = FAULT_PHASES.filter(([name]) => results.faults?.phases[name]?.error).map(([name, label]) => {
    const lines = results.faults.phases[name].error.split("\n");
    const first = lines.find((/** @type {string} */ l) => /^\s*error:/i.test(l)) ?? lines[0];
    return `\n  ${label} failed: ${first.trim().slice(0, 300)}`;
  });
  const faultsText = faults
    ? `\n\nUnder faults at N=${results.faults.n} (${FAULT_MIX_TEXT}):\n` +
      `${textTable(faults.header, faults.rows)}${errors.join("")}`
    : "";
  return (
    `${versions}\n${textTable(header, rows)}\n\nState per resource:\n${textTable(state.header, state.rows)}` +
    `${faultsText}\n\nTargets:\n${targets.join("\n")}\n`
  );
}

/** @param {Array<[string, any]>} entries */
const list = (entries) => entries.map(([c, v]) => `${c} ${ms(v)}`).join(", ");

/**
 * One phase's profiles: per process kind, pulumi-aria against the engine floor.
 * @param {any} results
 * @param {string} phaseName
 */
function profileSection(results, phaseName) {
  const prof = results.profiles?.phases?.[phaseName];
  if (!prof) return [];
  const lines = [`Profile at N=${results.profiles.n} (one extra, profiled run of each program):`, ""];
  for (const kind of ["program", "provider"]) {
    const aria = prof.endpoints?.find((/** @type {any} */ p) => p.process === kind);
    const floor = prof.trivial?.find((/** @type {any} */ p) => p.process === kind);
    if (!aria) continue;
    lines.push(
      `- **${kind} process**: ${ms(aria.busyMs)} ms busy (engine floor: ${floor ? ms(floor.busyMs) : "n/a"} ms). ` +
        `Self time by package: ${list(
          Object.entries(aria.categories)
            .filter(([c]) => c !== "(idle)")
            .slice(0, 6),
        )}. ` +
        `Inclusive time by package: ${list(Object.entries(aria.inclusiveCategories ?? {}).slice(0, 8))}.`,
    );
    const grew = inclusiveDelta(aria, floor, 12);
    if (grew.length > 0) {
      lines.push(
        "  Grew most against the engine floor (inclusive ms, pulumi-aria vs floor; one call chain reads " +
          "outermost first): " +
          grew
            .map((g) => `\`${g.function}\` +${ms(g.deltaMs)} (${ms(g.subjectMs)} vs ${ms(g.floorMs)})`)
            .join("; ") +
          ".",
      );
    }
    lines.push(
      `  Top functions by self time: ${aria.topFunctions
        .slice(0, 8)
        .map((/** @type {any} */ f) => `\`${f.function}\` (${f.where || f.category}) ${ms(f.selfMs)}`)
        .join("; ")}.`,
    );
  }
  return lines;
}

/** For each target not met, where the time goes. @param {any} results */
function whereTimeGoes(results) {
  const out = [];
  const refN = results.targets.referenceN;
  // Not met, and time targets above the limit at the largest size run even when not judged (N=500 not run).
  const failing = results.targets.targets.filter(
    (/** @type {any} */ t) => t.status === "not met" || t.aboveLimit,
  );
  if (failing.length === 0) return ["Every target decided in this run is met."];
  for (const t of failing) {
    out.push(`### ${t.title} — ${t.status}`, "", t.detail, "");
    const phaseName = t.id.startsWith("time-") ? t.id.slice(5) : undefined;
    if (!phaseName) continue;
    const p = results.sizes[refN].phases[phaseName];
    const e = p.endpoints;
    const f = p.engineFloor;
    out.push(
      `At N=${refN} the phase takes ${ms(e.ms)} ms against ${ms(f.ms)} ms (engine floor) + ${ms(p.apiFloor.ms)} ms ` +
        `(API floor): ${ms(p.overheadMs)} ms above the floors. CPU time, pulumi-aria vs engine floor: provider process ` +
        `${ms(e.cpuMs.provider)} vs ${ms(f.cpuMs.provider)} ms, program process ${ms(e.cpuMs.program)} vs ` +
        `${ms(f.cpuMs.program)} ms, engine ${ms(e.cpuMs.engine)} vs ${ms(f.cpuMs.engine)} ms; the emulator spent ` +
        `${ms(e.serverMs)} ms answering ${e.requestSummary.total} requests (sum over requests, which overlap). ` +
        `Provider peak memory ${mb(e.providerPeakRssBytes)} MB vs ${mb(f.providerPeakRssBytes)} MB.`,
      "",
    );
    const probe = results.profiles?.withoutCheckpoints;
    const floorAtProbe = results.sizes[probe?.n]?.phases[phaseName]?.engineFloor;
    if (probe?.[phaseName] && floorAtProbe) {
      out.push(
        `The engine writes the whole state after every step (a checkpoint). At N=${probe.n} the engine floor's ` +
          `${phaseName} takes ${ms(floorAtProbe.ms)} ms with checkpoints (engine CPU ` +
          `${ms(floorAtProbe.cpuMs.engine)} ms) and ${ms(probe[phaseName].ms)} ms without (engine CPU ` +
          `${ms(probe[phaseName].engineCpuMs)} ms; PULUMI_SKIP_CHECKPOINTS=true).`,
        "",
      );
    }
    const prof = profileSection(results, phaseName);
    out.push(
      ...(prof.length ? prof : ["No profile in this run: run with `--profile` to see the functions."]),
      "",
    );
  }
  return out;
}

/** A warning when the machine was busy with other work (the wall times are then noisy). @param {any} results */
function loadNote(results) {
  const load = results.machine.loadAverage;
  if (!load) return [];
  const perSize = Object.entries(results.sizes)
    .map(([n, s]) => `${Number(s.loadAverage).toFixed(1)} after N=${n}`)
    .join(", ");
  const busy = Math.max(load.start, load.end, ...Object.values(results.sizes).map((s) => s.loadAverage ?? 0));
  const text =
    `Load average (1 min): ${load.start.toFixed(1)} at the start, ${perSize}, ${load.end.toFixed(1)} at the end ` +
    `(${results.machine.cpus} CPUs; the run itself keeps one or two busy).`;
  // The benchmark's own processes keep the load near the number of CPUs; well above it, others ran too.
  return busy > 1.5 * results.machine.cpus
    ? [
        `> **The machine was busy with other work during this run** — ${text} Wall times are noisy; ` +
          "the CPU ratio is the steadier comparison.",
        "",
      ]
    : [text, ""];
}

/** The Markdown report. @param {any} results */
function renderReport(results) {
  const c = results.config;
  const main = phaseTable(results.sizes, MAIN);
  const reqs = phaseTable(results.sizes, REQUESTS);
  const cpu = phaseTable(results.sizes, CPU);
  const lookup = results.lookup;
  const ns = Object.keys(results.sizes);
  const lines = [
    `# pulumi-aria benchmark`,
    "",
    `Run ${results.startedAt} → ${results.finishedAt} on ${results.machine.cpus} × ${results.machine.cpuModel}, ` +
      `${mb(results.machine.memoryBytes)} MB, Node ${results.machine.node}, @pulumi/pulumi ${results.machine.sdk ?? "unrecorded"}` +
      `${results.machine.leg ? ` (the '${results.machine.leg}' runtime leg)` : ""}, Pulumi CLI ${results.machine.pulumi}.`,
    "",
    `Command: \`${results.command}\``,
    "",
    ...loadNote(results),
    `Sizes ${c.sizes.join(", ")}; preview, refresh and up changing one run ${c.repeat} time(s) (median), the other phases once ` +
      `per cycle, ${c.cycles} cycle(s). Engine parallelism (its default \`--parallel\`, also the API floor's ` +
      `concurrency): ${c.parallel}. Endpoint validation: ${c.validate === undefined ? "provider default (on)" : c.validate}.` +
      (c.latencyMs ? ` Every API answer delayed by a ${c.latencyMs} ms round trip (--latency-ms).` : "") +
      (c.rateLimit ? ` The server accepts ${c.rateLimit} requests per second (--rate-limit).` : ""),
    "",
    "## Targets",
    "",
    markdownTable(
      ["target", "status", "figures"],
      results.targets.targets.map((/** @type {any} */ t) => [
        t.title,
        t.status === "not met" ? "**not met**" : t.status,
        t.detail,
      ]),
    ),
    "",
    "## Time against the floors",
    "",
    `\`aria ms\`: the endpoints program ${c.via === "automation" ? "through the Automation API" : "by the `pulumi` CLI"}; ` +
      "`ratio` = aria / (engine floor + API floor), on wall and on CPU time; `plugin` the same program through " +
      'the provider plugin. Every column: [bench/README.md, "What is measured"](../../README.md#what-is-measured).',
    "",
    markdownTable(main.header, main.rows),
    "",
    "![time against N per phase](chart.svg)",
    "",
    "## State per resource",
    "",
    "Bytes of each door's state per resource after create (the engine rewrites it all after every step).",
    "",
    markdownTable(stateTable(results.sizes).header, stateTable(results.sizes).rows),
    "",
    "## Slope per resource",
    "",
    `Least squares over N = ${ns.join(", ")}; segments: the two smallest sizes → the two largest; overhead: ` +
      "pulumi-aria minus the floors.",
    "",
    markdownTable(
      ["phase", ...SLOPES.map(([h]) => h)],
      PHASES.map(({ name, label }) => [label, ...SLOPES.map(([, cell]) => cell(results.slopes[name]))]),
    ),
    "",
    "## API requests by route",
    "",
    markdownTable(reqs.header, reqs.rows),
    "",
    "## CPU and memory by process",
    "",
    `Sampled from /proc every 100 ms; the program process is ${c.via === "automation" ? "the run-op process" : "the language host's node"}.`,
    "",
    markdownTable(cpu.header, cpu.rows),
    "",
    "## Serialised provider (`__provider`)",
    "",
    markdownTable(
      ["N", "resources", "bytes", "distinct texts", "identical"],
      ns.map((n) => {
        const p = results.sizes[n].provider;
        return [
          n,
          p.resources,
          p.bytes.min === p.bytes.max ? p.bytes.max : `${p.bytes.min}–${p.bytes.max}`,
          p.distinct,
          p.identical ? "yes" : "no",
        ];
      }),
    ),
    "",
  ];
  if (lookup) {
    lines.push(
      `## getEndpoints over ${lookup.count} endpoints`,
      "",
      `Seeded through the client in ${ms(lookup.seedMs)} ms (not part of the figures). Page size ${lookup.pageSize}.`,
      "",
      markdownTable(
        ["call", "time ms", "requests", "list requests", "endpoints returned"],
        [
          ["getEndpoints() — cold (token, /about)", lookup.all.cold],
          [`getEndpoints() — warm, median of ${lookup.all.warm.samplesMs.length}`, lookup.all.warm],
          [
            `getEndpoints({top: ${lookup.pageSize}}) — one page, median of ${lookup.onePage.samplesMs.length}`,
            lookup.onePage,
          ],
        ].map(([call, m]) => [call, ms(m.ms), m.total, m.listRequests, m.returned]),
      ),
      "",
      `All pages cost ${(lookup.all.warm.ms / lookup.onePage.ms).toFixed(1)}x one page for ` +
        `${lookup.all.warm.listRequests}x the requests.`,
      "",
    );
  }
  if (results.faults) lines.push(...faultsSection(results.faults));
  lines.push("## Where the time goes", "", ...whereTimeGoes(results), "");
  if (results.profiles) {
    lines.push("## Profiles", "");
    for (const { name, label } of PHASES) {
      const sec = profileSection(results, name);
      if (sec.length) lines.push(`### ${label}`, "", ...sec, "");
    }
  }
  if (results.errors?.length) {
    lines.push(
      "## Errors",
      "",
      "The run stopped early; the figures above cover what completed.",
      "",
      ...results.errors.flatMap((/** @type {any} */ e) => [
        `### ${e.stage}`,
        "",
        "```",
        e.message.slice(0, 3000),
        "```",
        "",
      ]),
    );
  }
  if (results.retries?.length) {
    lines.push(
      "## Retried stages",
      "",
      "These attempts failed and were run again from scratch with a fresh emulator (their samples are not used):",
      "",
      ...results.retries.map(
        (/** @type {any} */ r) => `- ${r.stage}, attempt ${r.attempt}: ${r.message.split("\n")[0]}`,
      ),
      "",
    );
  }
  if (results.warnings?.length)
    lines.push("## Warnings", "", ...results.warnings.map((/** @type {string} */ w) => `- ${w}`), "");
  return lines.join("\n");
}

/** Writes report.md and chart.svg next to the results. @param {string} dir @param {any} results */
export async function writeReport(dir, results) {
  fs.writeFileSync(path.join(dir, "chart.svg"), await renderChart(results.sizes));
  fs.writeFileSync(path.join(dir, "report.md"), renderReport(results));
}

/** Summarises the run's profiles again from their files, when they are still there. @param {any} results @param {string} dir */
function resummariseProfiles(results, dir) {
  for (const [phase, programs] of Object.entries(results.profiles?.phases ?? {})) {
    for (const [program, summaries] of Object.entries(programs)) {
      programs[program] = summaries.map((/** @type {any} */ old) => {
        const file = path.join(dir, "profiles", `${program}-${phase}`, old.file);
        if (!fs.existsSync(file)) return old;
        return { ...old, ...summariseProfile(JSON.parse(fs.readFileSync(file, "utf8"))) };
      });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write("usage: node bench/report.mjs <results.json>\n");
    process.exit(2);
  }
  const results = JSON.parse(fs.readFileSync(file, "utf8"));
  // Recompute the figures from the raw samples, so a report always reflects the current analysis.
  Object.assign(results, analyse(results.raw, results.lookup));
  resummariseProfiles(results, path.dirname(path.resolve(file)));
  await writeReport(path.dirname(path.resolve(file)), results);
  process.stdout.write(consoleSummary(results));
}
