// The report's chart, hand-written SVG: one panel per phase, time against N for the endpoints
// program, the engine floor, engine + API floor, and the 1.2x limit of create and destroy.

import { PHASES } from "./phases.mjs";
import { TARGET_RATIO } from "./analysis.mjs";

const SERIES = [
  {
    key: "endpoints",
    label: "pulumi-aria endpoints",
    color: "#1f6feb",
    dash: "",
    pick: (p) => p.endpoints.ms,
  },
  { key: "floors", label: "engine floor + API floor", color: "#d97706", dash: "6 4", pick: (p) => p.floorMs },
  {
    key: "engine",
    label: "engine floor (trivial resources)",
    color: "#6b7280",
    dash: "2 3",
    pick: (p) => p.engineFloor.ms,
  },
  {
    key: "limit",
    label: `${TARGET_RATIO}x (engine + API floor)`,
    color: "#dc2626",
    dash: "1 4",
    pick: (p) => TARGET_RATIO * p.floorMs,
    noPoints: true,
  },
];

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A round upper bound and tick step for an axis ending at `max`. */
function niceAxis(max) {
  if (!(max > 0)) return { top: 1, step: 0.25 };
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  return { top: Math.ceil(max / step) * step, step };
}

function fmtMs(ms) {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(ms >= 10000 ? 0 : 1)} s` : `${Math.round(ms)} ms`;
}

/** The SVG text of the chart for analysed sizes (`{N: {phases}}`). */
export function renderChart(sizes) {
  const ns = Object.keys(sizes)
    .map(Number)
    .sort((a, b) => a - b);
  const W = 300;
  const H = 220;
  const pad = { l: 52, r: 12, t: 26, b: 34 };
  const cols = 3;
  const width = cols * W;
  const height = 2 * H;
  const xMax = Math.max(...ns) || 1;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  ];
  PHASES.forEach(({ name, label }, i) => {
    const ox = (i % cols) * W;
    const oy = Math.floor(i / cols) * H;
    const pw = W - pad.l - pad.r;
    const ph = H - pad.t - pad.b;
    const values = ns.flatMap((n) => SERIES.map((s) => s.pick(sizes[n].phases[name])));
    const { top, step } = niceAxis(Math.max(...values.filter(Number.isFinite)));
    const x = (n) => ox + pad.l + (n / xMax) * pw;
    const y = (v) => oy + pad.t + ph - (v / top) * ph;
    parts.push(
      `<text x="${ox + pad.l}" y="${oy + 16}" font-size="13" font-weight="bold">${esc(label)}</text>`,
    );
    for (let v = 0; v <= top + step / 2; v += step) {
      parts.push(
        `<line x1="${ox + pad.l}" y1="${y(v)}" x2="${ox + pad.l + pw}" y2="${y(v)}" stroke="#e5e7eb"/>`,
        `<text x="${ox + pad.l - 4}" y="${y(v) + 4}" text-anchor="end" fill="#374151">${fmtMs(v)}</text>`,
      );
    }
    for (const n of ns) {
      parts.push(
        `<line x1="${x(n)}" y1="${oy + pad.t + ph}" x2="${x(n)}" y2="${oy + pad.t + ph + 4}" stroke="#374151"/>`,
        `<text x="${x(n)}" y="${oy + pad.t + ph + 16}" text-anchor="middle" fill="#374151">${n}</text>`,
      );
    }
    parts.push(
      `<line x1="${ox + pad.l}" y1="${oy + pad.t + ph}" x2="${ox + pad.l + pw}" y2="${oy + pad.t + ph}" stroke="#374151"/>`,
      `<line x1="${ox + pad.l}" y1="${oy + pad.t}" x2="${ox + pad.l}" y2="${oy + pad.t + ph}" stroke="#374151"/>`,
      `<text x="${ox + pad.l + pw / 2}" y="${oy + H - 4}" text-anchor="middle" fill="#374151">N (resources)</text>`,
    );
    for (const s of SERIES) {
      const pts = ns
        .map((n) => [x(n), y(s.pick(sizes[n].phases[name]))])
        .filter(([, py]) => Number.isFinite(py));
      if (pts.length === 0) continue;
      const d = pts.map(([px, py], k) => `${k ? "L" : "M"}${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
      parts.push(
        `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2" stroke-dasharray="${s.dash}"/>`,
        ...(s.noPoints
          ? []
          : pts.map(
              ([px, py]) => `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3" fill="${s.color}"/>`,
            )),
      );
    }
  });
  // Legend in the sixth cell.
  const lx = 2 * W + 20;
  const ly = H + 40;
  parts.push(`<text x="${lx}" y="${ly - 14}" font-size="13" font-weight="bold">Time against N</text>`);
  SERIES.forEach((s, k) => {
    const yy = ly + k * 22;
    parts.push(
      `<line x1="${lx}" y1="${yy}" x2="${lx + 32}" y2="${yy}" stroke="${s.color}" stroke-width="2" stroke-dasharray="${s.dash}"/>`,
      `<text x="${lx + 40}" y="${yy + 4}">${esc(s.label)}</text>`,
    );
  });
  parts.push(
    `<text x="${lx}" y="${ly + SERIES.length * 22 + 10}" fill="#6b7280">Engine operation time (median),</text>`,
    `<text x="${lx}" y="${ly + SERIES.length * 22 + 24}" fill="#6b7280">measured in the same run.</text>`,
  );
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}
