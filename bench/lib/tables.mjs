// Tables of the report, as Markdown and as plain text for the terminal.

import { PHASES } from "./phases.mjs";

/** Milliseconds for a table: "1234" or "12.3". */
export const ms = (v) =>
  Number.isFinite(v) ? (Math.abs(v) >= 100 ? Math.round(v).toString() : v.toFixed(1)) : "n/a";
/** Bytes as MB with one decimal. */
export const mb = (v) => (Number.isFinite(v) && v > 0 ? (v / 1048576).toFixed(1) : "n/a");
const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : "n/a");

/** A Markdown table. */
export function markdownTable(header, rows, align = []) {
  const sep = header.map((_, i) => (align[i] === "r" ? "---:" : "---"));
  const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(sep), ...rows.map(line)].join("\n");
}

/** The same table padded for a terminal. */
export function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padStart(widths[i])).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** One row per size (ascending) and phase, built by `row(n, label, phaseResult)`. */
function phaseRows(sizes, row) {
  const rows = [];
  for (const n of Object.keys(sizes)
    .map(Number)
    .sort((a, b) => a - b)) {
    for (const { name, label } of PHASES) rows.push(row(n, label, sizes[n].phases[name]));
  }
  return rows;
}

/** The main table: per size and phase, time against the floors, requests and provider memory. */
export function mainTable(sizes) {
  const header = [
    "N",
    "phase",
    "aria ms",
    "engine floor ms",
    "API floor ms",
    "ratio",
    "CPU ratio",
    "requests",
    "per endpoint",
    "one-offs",
    "provider peak MB",
    "provider CPU ms",
  ];
  const rows = phaseRows(sizes, (n, label, p) => {
    const r = p.endpoints.requestSummary;
    return [
      n,
      label,
      ms(p.endpoints.ms),
      ms(p.engineFloor.ms),
      ms(p.apiFloor.ms),
      ratio(p.ratio),
      ratio(p.cpuRatio),
      r.total,
      r.perResource.toFixed(2),
      r.oneOff,
      mb(p.endpoints.providerPeakRssBytes),
      ms(p.endpoints.cpuMs.provider),
    ];
  });
  return { header, rows };
}

/** Requests by route, per size and phase, for the endpoints program and the API floor. */
export function requestsTable(sizes) {
  const header = [
    "N",
    "phase",
    "endpoints program: requests by route",
    "API floor: requests by route",
    "most in flight (aria / API floor)",
  ];
  const fmt = (counts) =>
    Object.entries(counts ?? {})
      .sort((a, b) => b[1] - a[1])
      .map(([route, c]) => `${c} × ${route}`)
      .join("<br>") || "none";
  const rows = phaseRows(sizes, (n, label, p) => {
    return [
      n,
      label,
      fmt(p.endpoints.requests),
      fmt(p.apiFloor.requests),
      `${p.endpoints.maxInFlight} / ${p.apiFloor.maxInFlight ?? "n/a"}`,
    ];
  });
  return { header, rows };
}

/** Slopes (ms per resource) per phase: least squares over N, and first → last segment. */
export function slopesTable(slopes) {
  const header = [
    "phase",
    "aria ms/resource",
    "engine floor ms/resource",
    "API floor ms/resource",
    "aria R²",
    "aria segments",
    "floors segments",
    "overhead segments",
    "aria linear",
  ];
  const seg = (l) => (Number.isFinite(l.firstSlope) ? `${ms(l.firstSlope)} → ${ms(l.lastSlope)}` : "n/a");
  const rows = PHASES.map(({ name, label }) => {
    const s = slopes[name];
    const lin = s.linearity.linear === null ? "n/a (< 3 sizes)" : s.linearity.linear ? "yes" : "no";
    return [
      label,
      ms(s.endpoints.slope),
      ms(s.engineFloor.slope),
      ms(s.apiFloor.slope),
      Number.isFinite(s.endpoints.r2) ? s.endpoints.r2.toFixed(3) : "n/a",
      seg(s.linearity),
      seg(s.floorsLinearity),
      seg(s.overheadLinearity),
      lin,
    ];
  });
  return { header, rows };
}

/** CPU time by process role (median over repetitions), endpoints program against the engine floor. */
export function cpuTable(sizes) {
  const header = [
    "N",
    "phase",
    "aria: provider / program / engine CPU ms",
    "floor: provider / program / engine CPU ms",
    "API server time ms (sum)",
    "aria provider peak MB",
    "floor provider peak MB",
  ];
  const triple = (c) => `${ms(c.provider)} / ${ms(c.program)} / ${ms(c.engine)}`;
  const rows = phaseRows(sizes, (n, label, p) => {
    return [
      n,
      label,
      triple(p.endpoints.cpuMs),
      triple(p.engineFloor.cpuMs),
      ms(p.endpoints.serverMs),
      mb(p.endpoints.providerPeakRssBytes),
      mb(p.engineFloor.providerPeakRssBytes),
    ];
  });
  return { header, rows };
}
