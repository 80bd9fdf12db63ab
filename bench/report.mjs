// Writes the benchmark's report (report.md) and chart (chart.svg) from its results (results.json).
// Used by run.mjs at the end of a run; also standalone, to render a results file again:
//   node bench/report.mjs bench/results/<timestamp>/results.json
// (the figures and verdicts are recomputed from the raw samples it holds).

import * as fs from "node:fs";
import * as path from "node:path";
import { analyseSizes, analyseSlopes, judgeTargets } from "./lib/analysis.mjs";
import { renderChart } from "./lib/chart.mjs";
import { inclusiveDelta, summariseProfile } from "./lib/cpu-profile.mjs";
import { PHASES } from "./lib/phases.mjs";
import {
  cpuTable,
  mainTable,
  markdownTable,
  mb,
  ms,
  requestsTable,
  slopesTable,
  textTable,
} from "./lib/tables.mjs";

const ICON = { met: "met", "not met": "**not met**", undecided: "undecided" };

/** The terminal version of the main table and the targets. */
export function consoleSummary(results) {
  const { header, rows } = mainTable(results.sizes);
  const targets = results.targets.targets.map((t) => `  [${t.status}] ${t.title}\n      ${t.detail}`);
  return `${textTable(header, rows)}\n\nTargets:\n${targets.join("\n")}\n`;
}

const list = (entries) => entries.map(([c, v]) => `${c} ${ms(v)}`).join(", ");

/** One phase's profiles: per process kind, pulumi-aria against the engine floor. */
function profileSection(results, phaseName) {
  const prof = results.profiles?.phases?.[phaseName];
  if (!prof) return [];
  const lines = [`Profile at N=${results.profiles.n} (one extra, profiled run of each program):`, ""];
  for (const kind of ["program", "provider"]) {
    const aria = prof.endpoints?.find((p) => p.process === kind);
    const floor = prof.trivial?.find((p) => p.process === kind);
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
        .map((f) => `\`${f.function}\` (${f.where || f.category}) ${ms(f.selfMs)}`)
        .join("; ")}.`,
    );
  }
  return lines;
}

function whereTimeGoes(results) {
  const out = [];
  const refN = results.targets.referenceN;
  // Not met, and time targets above the limit at the largest size run even when not judged (N=500 not run).
  const failing = results.targets.targets.filter((t) => t.status === "not met" || t.aboveLimit);
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

/** A warning when the machine was busy with other work (the wall times are then noisy). */
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

/** The Markdown report. */
export function renderReport(results) {
  const c = results.config;
  const main = mainTable(results.sizes);
  const reqs = requestsTable(results.sizes);
  const slopes = slopesTable(results.slopes);
  const cpu = cpuTable(results.sizes);
  const lookup = results.lookup;
  const ns = Object.keys(results.sizes);
  const lines = [
    `# pulumi-aria benchmark`,
    "",
    `Run ${results.startedAt} → ${results.finishedAt} on ${results.machine.cpus} × ${results.machine.cpuModel}, ` +
      `${mb(results.machine.memoryBytes)} MB, Node ${results.machine.node}, Pulumi ${results.machine.pulumi}.`,
    "",
    `Command: \`${results.command}\``,
    "",
    ...loadNote(results),
    `Sizes ${c.sizes.join(", ")}; preview and refresh run ${c.repeat} time(s) (median), the other phases once ` +
      `per cycle, ${c.cycles} cycle(s). Engine parallelism (its default \`--parallel\`, also the API floor's ` +
      `concurrency): ${c.parallel}. Endpoint validation: ${c.validate === undefined ? "provider default (on)" : c.validate}.`,
    "",
    "## Targets",
    "",
    markdownTable(
      ["target", "status", "figures"],
      results.targets.targets.map((t) => [t.title, ICON[t.status], t.detail]),
    ),
    "",
    "## Time against the floors",
    "",
    (c.via === "automation"
      ? "`aria ms` is the engine operation (one `pulumi` run through the Automation API) on the endpoints program; the "
      : "`aria ms` is one `pulumi` command in the program's directory (the CLI, the language host compiling and running " +
        "the program, as users run it), wall time of the process, on the endpoints program; the ") +
      "engine floor is the same operation on as many trivial dynamic resources that call nothing; the API floor is " +
      "the calls the phase cannot avoid, made directly through the client with the engine's concurrency. " +
      "`ratio` = aria / (engine floor + API floor). `CPU ratio` is the same ratio on CPU time (engine, program and " +
      "provider processes; the API floor's client process), which other work on the machine disturbs less than wall " +
      "time. `per endpoint` counts requests beyond the per-process one-offs (token exchange, `/about`, tiles).",
    "",
    markdownTable(main.header, main.rows, ["r", "", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"]),
    "",
    "![time against N per phase](chart.svg)",
    "",
    "## Slope per resource",
    "",
    `Least squares over N = ${ns.join(", ")}. Segments: the slope between the two smallest sizes → between ` +
      `the two largest. "Linear": the last segment is at most 1.5x the first (+1 ms/resource for noise). ` +
      "Overhead: pulumi-aria minus (engine floor + API floor), the provider's own cost.",
    "",
    markdownTable(slopes.header, slopes.rows),
    "",
    "## API requests by route",
    "",
    '"Most in flight" is the highest number of API requests the emulator was serving at once during the phase ' +
      "(counted in the benchmark's process, where the emulator runs): the engine's real concurrency against the API " +
      "floor's.",
    "",
    markdownTable(reqs.header, reqs.rows),
    "",
    "## CPU and memory by process",
    "",
    c.via === "automation"
      ? "Sampled from /proc every 100 ms during each operation. The program process is the run-op process (the " +
        "Automation API runs the inline program in it, so its figure includes the API's own work); engine is the " +
        "`pulumi` CLI and the language host, including the stack-selection and config commands run before the operation."
      : "Sampled from /proc every 100 ms during each operation. The program process is the Node process the " +
        "language host starts (`@pulumi/pulumi/cmd/run`, TypeScript compilation included); engine is the `pulumi` " +
        "CLI and the language host.",
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
          [
            "getEndpoints() — cold (token, /about)",
            ms(lookup.all.cold.ms),
            lookup.all.cold.total,
            lookup.all.cold.listRequests,
            lookup.all.cold.returned,
          ],
          [
            `getEndpoints() — warm, median of ${lookup.all.warm.samplesMs.length}`,
            ms(lookup.all.warm.ms),
            lookup.all.warm.total,
            lookup.all.warm.listRequests,
            lookup.all.warm.returned,
          ],
          [
            `getEndpoints({top: ${lookup.pageSize}}) — one page, median of ${lookup.onePage.samplesMs.length}`,
            ms(lookup.onePage.ms),
            lookup.onePage.total,
            lookup.onePage.listRequests,
            lookup.onePage.returned,
          ],
        ],
      ),
      "",
      `All pages cost ${(lookup.all.warm.ms / lookup.onePage.ms).toFixed(1)}x one page for ` +
        `${lookup.all.warm.listRequests}x the requests.`,
      "",
    );
  }
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
      ...results.errors.flatMap((e) => [`### ${e.stage}`, "", "```", e.message.slice(0, 3000), "```", ""]),
    );
  }
  if (results.retries?.length) {
    lines.push(
      "## Retried stages",
      "",
      "These attempts failed and were run again from scratch with a fresh emulator (their samples are not used):",
      "",
      ...results.retries.map((r) => `- ${r.stage}, attempt ${r.attempt}: ${r.message.split("\n")[0]}`),
      "",
    );
  }
  if (results.warnings?.length) lines.push("## Warnings", "", ...results.warnings.map((w) => `- ${w}`), "");
  return lines.join("\n");
}

/** Writes report.md and chart.svg next to the results. */
export function writeReport(dir, results) {
  fs.writeFileSync(path.join(dir, "chart.svg"), renderChart(results.sizes));
  fs.writeFileSync(path.join(dir, "report.md"), renderReport(results));
}

/** Summarises the run's profiles again from their files, when they are still there. */
function resummariseProfiles(results, dir) {
  for (const [phase, programs] of Object.entries(results.profiles?.phases ?? {})) {
    for (const [program, summaries] of Object.entries(programs)) {
      programs[program] = summaries.map((old) => {
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
  results.sizes = analyseSizes(results.raw);
  results.slopes = analyseSlopes(results.sizes);
  results.targets = judgeTargets(results.sizes, results.slopes, results.lookup);
  resummariseProfiles(results, path.dirname(path.resolve(file)));
  writeReport(path.dirname(path.resolve(file)), results);
  process.stdout.write(consoleSummary(results));
}
