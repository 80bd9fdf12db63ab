// @ts-check
// The benchmark's report from results.json: report.md, chart.svg (Vega-Lite) and the summary printed
// at the end (the same Markdown tables). Also standalone, recomputing the figures from the raw samples:
//   node bench/report.mjs bench/results/<timestamp>/results.json

import * as fs from "node:fs";
import * as path from "node:path";
import * as vega from "vega";
import { compile } from "vega-lite";
import { analyse, DOORS, MEMORY_PHASES, PHASES, sizesOf, TARGET_RATIO } from "./lib/analysis.mjs";

/** @param {number} v */
const ms = (v) =>
  Number.isFinite(v) ? (Math.abs(v) >= 100 ? Math.round(v).toString() : v.toFixed(1)) : "n/a";
/** @param {number} v */
const mb = (v) => (Number.isFinite(v) && v > 0 ? (v / 1048576).toFixed(1) : "n/a");
/** @param {number} v */
const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : "n/a");
/** @param {{provider: number, program: number, engine: number}} c */
const cpuOf = (c) => `${ms(c.provider)} / ${ms(c.program)} / ${ms(c.engine)}`;

/** A level-3 section of one code block. @param {string} title @param {string} text */
const fenced = (title, text) => [`### ${title}`, "", "```", text, "```", ""];

/** @typedef {Array<string | number>} Row */
/** A Markdown table, its columns of figures aligned right. @param {Row} header @param {Row[]} rows */
export function table(header, rows) {
  const figure = (/** @type {Row[number]} */ c) => /^(-?[\d.]+x?|n\/a|-)$/.test(String(c));
  const sep = header.map((_, i) => (rows.length && rows.every((r) => figure(r[i])) ? "---:" : "---"));
  const line = (/** @type {Row} */ cells) =>
    `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(sep), ...rows.map(line), ""].join("\n");
}

/** @typedef {[string, (figures: any) => string | number]} Column a table's column: header, cell */
/** @type {(header: string, cell: Column[1]) => Column} */
const col = (header, cell) => [header, cell];
/**
 * A table with a row per size and phase (`phases`, default all): N, phase, then `columns`.
 * @param {Record<number, any>} sizes @param {Column[]} columns @param {string[]} [phases]
 */
const phaseTable = (sizes, columns, phases) =>
  table(
    ["N", "phase", ...columns.map(([h]) => h)],
    sizesOf(sizes).flatMap((n) =>
      PHASES.filter((p) => phases?.includes(p.name) ?? true).map(({ name, label }) => [
        n,
        label,
        ...columns.map(([, cell]) => cell(sizes[n].phases[name])),
      ]),
    ),
  );

/** @type {Column[]} */
const MAIN = [
  ["aria ms", (p) => ms(p.endpoints.ms)],
  ["plugin ms", (p) => ms(p.plugin.ms)],
  ["engine floor ms", (p) => ms(p.engineFloor.ms)],
  ["API floor ms", (p) => ms(p.apiFloor.ms)],
  ["ratio", (p) => ratio(p.ratio)],
  ["plugin ratio", (p) => ratio(p.pluginRatio)],
  ["CPU ratio", (p) => ratio(p.cpuRatio)],
  ["requests", (p) => p.endpoints.requestSummary.total],
  ["per endpoint", (p) => p.endpoints.requestSummary.perResource.toFixed(2)],
  ["one-offs", (p) => p.endpoints.requestSummary.oneOff],
];
/** Requests by route, most first. @param {Record<string, number>} counts */
const byRoute = (counts, show = (/** @type {[string, number]} */ [route, c]) => `${c} × ${route}`) =>
  Object.entries(counts ?? {})
    .sort((a, b) => b[1] - a[1])
    .map(show)
    .join("<br>") || "none";
/** @type {Column[]} */
const REQUESTS = [
  ["endpoints program: requests by route", (p) => byRoute(p.endpoints.requests)],
  ["API floor: requests by route", (p) => byRoute(p.apiFloor.requests)],
  ["most in flight (aria / API floor)", (p) => `${p.endpoints.maxInFlight} / ${p.apiFloor.maxInFlight}`],
];
/** @type {Column[]} */
const CPU = [
  ["aria: provider / program / engine CPU ms", (p) => cpuOf(p.endpoints.cpuMs)],
  ["plugin: provider / program / engine CPU ms", (p) => cpuOf(p.plugin.cpuMs)],
  ["floor: provider / program / engine CPU ms", (p) => cpuOf(p.engineFloor.cpuMs)],
  ["API server time ms (sum)", (p) => ms(p.endpoints.serverMs)],
];
/** Peak memory, MB: provider / program of each door and of the floor, the doors' providers against the floor's. */
const peaks = (/** @type {any} */ f) => `${mb(f.providerPeakRssBytes)} / ${mb(f.programPeakRssBytes)}`;
/** @type {Column[]} */
const MEMORY = [
  ...DOORS.map(([key, door]) => col(`${door} door MB`, (p) => peaks(p[key]))),
  ["engine floor MB", (p) => peaks(p.engineFloor)],
  ...DOORS.map(([key, door]) =>
    col(`${door} provider / floor's`, (p) =>
      ratio(p[key].providerPeakRssBytes / p.engineFloor.providerPeakRssBytes),
    ),
  ),
];
/** @param {{firstSlope: number, lastSlope: number}} l */
const seg = (l) => (Number.isFinite(l.firstSlope) ? `${ms(l.firstSlope)} → ${ms(l.lastSlope)}` : "n/a");
/** @type {Column[]} Per phase: least squares over N, first → last segment. */
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
  ...[...DOORS, ["engineFloor", "floor"]].map(([key, who]) =>
    col(`${who} provider KB/resource`, (s) => seg(s.memoryKbPerResource[key])),
  ),
];

/** Per phase, time against N: the endpoints program, the floors and the 1.2x limit (Vega-Lite to SVG). @param {Record<number, any>} sizes */
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
        color: {
          ...seriesScale,
          scale: { range: ["#1f6feb", "#d97706", "#6b7280", "#dc2626"] },
          legend: { orient: "bottom", labelLimit: 400, title: null },
        },
        strokeDash: seriesScale,
      },
    },
    config: { background: "white" },
  };
  return new vega.View(vega.parse(compile(/** @type {any} */ (spec)).spec), { renderer: "none" }).toSVG();
}

const FAULT_PHASES = [
  ["create", "create (up)"],
  ["update", "up, every endpoint changed"],
  ["destroy", "destroy"],
];

/** "yes", or what differs. @param {any} server */
function serverText(server) {
  if (server.equal) return "yes";
  const { duplicates, missingOnServer: missing, notInState: extra, notUpdated: stale } = server;
  const diffs = { "duplicate names": duplicates.length, "in the state, not on the server": missing };
  Object.assign(diffs, { "on the server, not in the state": extra, "not updated": stale });
  return `**no: ${Object.entries(diffs)
    .flatMap(([what, count]) => (count > 0 ? [`${count} ${what}`] : []))
    .join(", ")}**`;
}

/** The faults phase: each phase with and without faults, the faults, the retries, the outcome. @param {any} faults */
function faultsSection(faults) {
  const header = ["phase", "with faults ms", "without ms", "ratio", "429s", "503s", "cut answers"];
  header.push("requests (without)", "retries", "retries by route", "one run", "server = state");
  /** A failed run stopped early: only the requests it made beyond the fault-free run tell. @param {any} p */
  const retried = (p) =>
    byRoute(
      Object.fromEntries(Object.entries(p.retriesByRoute ?? {}).filter(([, c]) => p.ok || c > 0)),
      ([route, c]) => `${c > 0 ? "+" : ""}${c} ${route}`,
    );
  const rows = FAULT_PHASES.filter(([name]) => faults.phases[name]).map(([name, label]) => {
    const p = faults.phases[name];
    if (p.skipped) return [label, p.skipped, ...header.slice(2).map(() => "")];
    return [
      ...[label, ms(p.ms), ms(p.faultFreeMs), ratio(p.ratio), p.faults[429], p.faults[503], p.faults.cut],
      `${p.requestTotal} (${p.faultFreeRequestTotal})`,
      p.ok ? p.retries : "n/a (failed)",
      retried(p),
      p.ok ? "succeeded" : "**failed**",
      serverText(p.server),
    ];
  });
  return [
    `## Under faults (N=${faults.n})`,
    "",
    `The endpoints program at N=${faults.n} with the fault tier's mix on the API paths: 10% of API ` +
      "requests answer 503, 5% answer 429 (Retry-After: 1), 10% of writes lose their answer.",
    "",
    table(header, rows),
    ...FAULT_PHASES.filter(([name]) => faults.phases[name]?.error).flatMap(([name, label]) =>
      fenced(`${label} under faults: the engine's error`, faults.phases[name].error),
    ),
  ];
}

/** Start-up and the 3-endpoint preview (issue 48). @param {any} results */
function smallSection({ startup, smallPreview: sp }) {
  const lines = [];
  if (startup) {
    lines.push("## Start-up", "", "Launch to the printed port, no node on PATH (lib/startup.mjs).", "");
    const rows = Object.entries(startup).map(([t, s]) => [
      t,
      s.runtime,
      ms(s.ms),
      s.samplesMs.map(Math.round).join(", "),
    ]);
    lines.push(table(["target", "runtime", "median ms", "each launch ms"], rows));
  }
  if (sp) {
    lines.push("## Preview of 3 endpoints (a pull request's)", "");
    lines.push(`\`pulumi preview\` of a stack of 3, validation on, median of ${sp.endpoints.runs}.`, "");
    const row = (/** @type {string} */ who, /** @type {any} */ f) => [
      who,
      ms(f.ms),
      f.ratio ? ratio(f.ratio) : "-",
      cpuOf(f.cpuMs),
      f.requestSummary.total,
      peaks(f),
    ];
    const rows = [
      ...DOORS.map(([key, door]) => row(`${door} door`, sp[key])),
      row("engine floor", sp.engineFloor),
    ];
    const header = ["program", "ms", "/ floor", "provider / program / engine CPU ms", "requests", "peak MB"];
    lines.push(table(header, rows));
  }
  return lines;
}

/**
 * The targets not met (or above their limit where not judged), each time target with its time above the
 * floors (the tables above hold its figures), and what the engine's checkpoints cost (--profile).
 * @param {any} results
 */
function whereTimeGoes(results) {
  const refN = results.targets.referenceN;
  const lines = results.targets.targets
    .filter((/** @type {any} */ t) => t.status === "not met" || t.aboveLimit)
    .map((/** @type {any} */ t) => {
      const p = t.id.startsWith("time-") ? results.sizes[refN].phases[t.id.slice(5)] : undefined;
      return `- ${t.title}: ${t.status}${p ? `; ${ms(p.overheadMs)} ms above the floors at N=${refN}` : ""}`;
    });
  if (lines.length === 0) lines.push("Every target decided in this run is met.");
  const cpu = 'CPU by process against the engine floor, and the API server\'s own time: "CPU by process".';
  lines.push("", cpu, "");
  const probe = results.profiles?.withoutCheckpoints;
  for (const phase of ["create", "destroy"]) {
    const floor = results.sizes[probe?.n]?.phases[phase]?.engineFloor;
    if (!probe?.[phase] || !floor) continue;
    lines.push(
      "The engine writes the whole state after every step. " +
        `At N=${probe.n} the engine floor's ${phase} takes ${ms(floor.ms)} ms with checkpoints ` +
        `(engine CPU ${ms(floor.cpuMs.engine)} ms) and ${ms(probe[phase].ms)} ms without ` +
        `(engine CPU ${ms(probe[phase].engineCpuMs)} ms; PULUMI_SKIP_CHECKPOINTS=true).`,
      "",
    );
  }
  return lines;
}

/** The load average, flagged when others kept the machine busy (wall times are then noisy). @param {any} results */
function loadNote({ machine, sizes }) {
  const load = machine.loadAverage;
  const perSize = Object.entries(sizes).map(([n, s]) => `${Number(s.loadAverage).toFixed(1)} after N=${n}`);
  const text =
    `Load average (1 min): ${load.start.toFixed(1)} at the start, ${perSize.join(", ")}, ${load.end.toFixed(1)} ` +
    `at the end (${machine.cpus} CPUs; the run itself keeps one or two busy).`;
  const busy = Math.max(load.start, load.end, ...Object.values(sizes).map((s) => s.loadAverage));
  return busy > 1.5 * machine.cpus
    ? `> **The machine was busy with other work during this run** — ${text} The CPU ratio is the steadier comparison.`
    : text;
}

/** The tables every run prints and reports. @param {any} results */
function summaryTables(results) {
  const m = results.machine;
  return [
    `Node ${m.node}, @pulumi/pulumi ${m.sdk}, Pulumi CLI ${m.pulumi}. ${loadNote(results)}`,
    "",
    "## Targets",
    "",
    table(
      ["target", "status", "figures"],
      results.targets.targets.map((/** @type {any} */ t) => [
        t.title,
        t.status === "not met" ? "**not met**" : t.status,
        t.detail,
      ]),
    ),
    "## Time against the floors",
    "",
    "`ratio` = the dynamic door (`aria`) / (engine floor + API floor), on wall and CPU time; `plugin ratio` " +
      'the plugin door\'s. Every column: [bench/README.md, "What is measured"](../../README.md#what-is-measured).',
    "",
    phaseTable(results.sizes, MAIN),
    ...smallSection(results),
    "## Peak memory",
    "",
    "Provider / program process (the Node.js program; the YAML language host on the plugin door), MB.",
    "",
    phaseTable(results.sizes, MEMORY, MEMORY_PHASES),
    "## State per resource",
    "",
    table(
      ["N", "dynamic door B/resource", "plugin door B/resource", "engine floor B/resource"],
      sizesOf(results.sizes).map((n) => {
        const s = results.sizes[n].stateBytes;
        return [n, s.dynamic ?? "-", s.plugin ?? "-", s.engineFloor ?? "-"];
      }),
    ),
    ...(results.faults ? faultsSection(results.faults) : []),
  ];
}

/** The terminal's summary. @param {any} results */
export const consoleSummary = (results) => `${summaryTables(results).join("\n")}\n`;

/** The Markdown report. @param {any} results */
function renderReport(results) {
  const { config: c, machine: m, lookup } = results;
  const ns = Object.keys(results.sizes);
  const lines = [
    "# pulumi-aria benchmark",
    "",
    `Run ${results.startedAt} → ${results.finishedAt} on ${m.cpus} × ${m.cpuModel}, ${mb(m.memoryBytes)} MB` +
      ` (the '${m.leg}' runtime leg). Command: \`${results.command}\``,
    "",
    `Sizes ${c.sizes.join(", ")}; preview, refresh and up changing one run ${c.repeat} time(s) (median), the ` +
      `others once per cycle, ${c.cycles} cycle(s), by the \`pulumi\` CLI. ` +
      `Engine parallelism (also the API floor's): ${c.parallel}. Endpoint validation: ${c.validate ?? "provider default (on)"}.`,
    "",
    ...summaryTables(results),
    "![time against N per phase](chart.svg)",
    "",
    "## Slope per resource",
    "",
    `Least squares over N = ${ns.join(", ")}; segments: the two smallest sizes → the two largest.`,
    "",
    table(
      ["phase", ...SLOPES.map(([h]) => h)],
      PHASES.map(({ name, label }) => [label, ...SLOPES.map(([, cell]) => cell(results.slopes[name]))]),
    ),
    "## API requests by route",
    "",
    phaseTable(results.sizes, REQUESTS),
    "## CPU by process",
    "",
    phaseTable(results.sizes, CPU),
    "## Serialised provider (`__provider`)",
    "",
    table(
      ["N", "resources", "bytes", "distinct texts", "identical"],
      ns.map((n) => {
        const p = results.sizes[n].provider;
        const bytes = p.bytes.min === p.bytes.max ? p.bytes.max : `${p.bytes.min}–${p.bytes.max}`;
        return [n, p.resources, bytes, p.distinct, p.identical ? "yes" : "no"];
      }),
    ),
  ];
  if (lookup) {
    const { cold, warm } = lookup.all;
    lines.push(
      `## getEndpoints over ${lookup.count} endpoints`,
      "",
      `Seeded in ${ms(lookup.seedMs)} ms (not counted). Page size ${lookup.pageSize}. All pages cost ` +
        `${(warm.ms / lookup.onePage.ms).toFixed(1)}x one page for ${warm.listRequests}x the requests.`,
      "",
      table(
        ["call", "time ms", "requests", "list requests", "endpoints returned"],
        [
          ["getEndpoints() — cold (token, /about)", cold],
          [`getEndpoints() — warm, median of ${warm.samplesMs.length}`, warm],
          [
            `getEndpoints({top: ${lookup.pageSize}}) — median of ${lookup.onePage.samplesMs.length}`,
            lookup.onePage,
          ],
        ].map(([call, f]) => [call, ms(f.ms), f.total, f.listRequests, f.returned]),
      ),
    );
  }
  lines.push("## Where the time goes", "", ...whereTimeGoes(results), "");
  if (results.profiles) {
    lines.push(
      "## Profiles",
      "",
      `One extra, profiled run of each program at N=${results.profiles.n}: open a file in Chrome DevTools ` +
        "(Performance panel) or speedscope (`npx speedscope <file>`).",
      "",
      table(
        ["file", "process"],
        results.profiles.files.map((/** @type {any} */ f) => [f.file, f.process]),
      ),
    );
  }
  if (results.errors?.length) {
    lines.push("## Errors", "", "The run stopped early; the figures cover what completed.", "");
    lines.push(
      ...results.errors.flatMap((/** @type {any} */ e) => fenced(e.stage, e.message.slice(0, 3000))),
    );
  }
  if (results.retries?.length) {
    const intro = "Run again from scratch with a fresh emulator (samples not used):";
    const retried = (/** @type {any} */ r) =>
      `- ${r.stage}, attempt ${r.attempt}: ${r.message.split("\n")[0]}`;
    lines.push("## Retried stages", "", intro, "", ...results.retries.map(retried), "");
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write("usage: node bench/report.mjs <results.json>\n");
    process.exit(2);
  }
  const results = JSON.parse(fs.readFileSync(file, "utf8"));
  Object.assign(results, analyse(results.raw, results.lookup));
  await writeReport(path.dirname(path.resolve(file)), results);
  process.stdout.write(consoleSummary(results));
}
