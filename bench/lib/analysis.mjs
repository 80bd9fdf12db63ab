// Turns raw samples into the report's figures: per size and phase the medians, requests, memory and
// the ratio to the floors; per phase the slopes over N; and the verdict on each target.

import { PHASES } from "./phases.mjs";
import { classifyRequests } from "./request-log.mjs";
import { isLinear, leastSquares, median } from "./stats.mjs";

/** The size at which the create and destroy targets are judged. */
export const TARGET_N = 500;
/** Allowed ratio of create and destroy to (engine floor + API floor). */
export const TARGET_RATIO = 1.2;
/**
 * The phases a large stack runs most (every pull request previews, GitOps refreshes, most updates
 * change one endpoint): allowed ratio to (engine floor + API floor), judged at each of these sizes that
 * ran, with the provider's own overhead per endpoint constant as N grows.
 */
export const FREQUENT_PHASES = new Set(["preview", "refresh", "update"]);
export const FREQUENT_RATIO = 1.15;
export const FREQUENT_SIZES = [500, 1000];
/** Allowed size of `__provider`, in bytes. */
export const PROVIDER_LIMIT_BYTES = 2048;

const roleMax = (samples, role, field) =>
  Math.max(0, ...samples.map((s) => s.processes?.[role]?.[field] ?? 0)) || null;
const roleMedian = (samples, role, field) => median(samples.map((s) => s.processes?.[role]?.[field] ?? NaN));

/** The figures of one program's phase from its samples. */
function engineFigures(phase, n) {
  const samples = phase?.samples ?? [];
  const first = samples[0] ?? { requests: {} };
  return {
    ms: median(samples.map((s) => s.ms)),
    samplesMs: samples.map((s) => s.ms),
    wallMs: median(samples.map((s) => s.wallMs)),
    requests: first.requests,
    requestSummary: classifyRequests(first.requests, n),
    serverMs: median(samples.map((s) => s.serverMs)),
    maxInFlight: Math.max(0, ...samples.map((s) => s.maxInFlight ?? 0)),
    providerPeakRssBytes: roleMax(samples, "provider", "peakRssBytes"),
    cpuMs: {
      provider: roleMedian(samples, "provider", "cpuMs"),
      program: roleMedian(samples, "program", "cpuMs"),
      engine: roleMedian(samples, "engine", "cpuMs"),
    },
  };
}

/** Per size and phase: the endpoints program, both floors and their ratio. */
export function analyseSizes(raw) {
  const sizes = {};
  for (const [key, entry] of Object.entries(raw.sizes)) {
    const n = Number(key);
    const phases = {};
    for (const { name } of PHASES) {
      const endpoints = engineFigures(entry.endpoints.phases[name], n);
      const engineFloor = engineFigures(entry.engineFloor.phases[name], n);
      const api = entry.apiFloor.phases[name];
      const apiFloor = {
        ms: median(api.samplesMs),
        samplesMs: api.samplesMs,
        cpuMs: median(api.cpuMs ?? []),
        maxInFlight: api.maxInFlight ?? null,
        requests: api.requests,
        requestSummary: classifyRequests(api.requests, n),
      };
      const floorMs = engineFloor.ms + apiFloor.ms;
      const cpuOf = (c) => (c.provider || 0) + (c.program || 0) + (c.engine || 0);
      phases[name] = {
        // CPU time is less disturbed than wall time by other work on the machine.
        cpuRatio: cpuOf(endpoints.cpuMs) / (cpuOf(engineFloor.cpuMs) + (apiFloor.cpuMs || 0)),
        endpoints,
        engineFloor,
        apiFloor,
        floorMs,
        ratio: endpoints.ms / floorMs,
        overheadMs: endpoints.ms - floorMs,
      };
    }
    sizes[n] = { phases, provider: entry.provider, loadAverage: entry.loadAverage };
  }
  return sizes;
}

/** Per phase: ms per resource (least squares over N) of the endpoints program, the floors and their sum. */
export function analyseSlopes(sizes) {
  const ns = Object.keys(sizes)
    .map(Number)
    .sort((a, b) => a - b);
  const slopes = {};
  for (const { name } of PHASES) {
    const series = (pick) => ns.map((n) => [n, pick(sizes[n].phases[name])]);
    const endpoints = series((p) => p.endpoints.ms);
    slopes[name] = {
      endpoints: leastSquares(endpoints),
      engineFloor: leastSquares(series((p) => p.engineFloor.ms)),
      apiFloor: leastSquares(series((p) => p.apiFloor.ms)),
      floors: leastSquares(series((p) => p.floorMs)),
      linearity: isLinear(endpoints),
      floorsLinearity: isLinear(series((p) => p.floorMs)),
      // What pulumi-aria adds over the floors: the provider's own cost.
      overheadLinearity: isLinear(series((p) => p.overheadMs)),
    };
  }
  return slopes;
}

const verdict = (met) => (met === null ? "undecided" : met ? "met" : "not met");

/** The targets of the issue, each `{id, title, met, status, detail}`. */
export function judgeTargets(sizes, slopes, lookup) {
  const ns = Object.keys(sizes)
    .map(Number)
    .sort((a, b) => a - b);
  const targets = [];
  const add = (id, title, met, detail) => targets.push({ id, title, met, status: verdict(met), detail });
  const per = (phase, fn) => ns.map((n) => ({ n, ...fn(sizes[n].phases[phase], n) }));

  const preview = per("preview", (p) => ({ perResource: p.endpoints.requestSummary.perResourceTotal }));
  add(
    "preview-requests",
    "Preview with no changes: zero per-endpoint API requests",
    preview.every((x) => x.perResource === 0),
    preview.map((x) => `N=${x.n}: ${x.perResource} per-endpoint requests`).join("; "),
  );

  const refresh = per("refresh", (p, n) => {
    const gets = Object.entries(p.endpoints.requests)
      .filter(([route]) => /^GET .*\/endpoints\/\{id\}$/.test(route))
      .reduce((s, [, c]) => s + c, 0);
    return { gets, other: p.endpoints.requestSummary.perResourceTotal - gets, ok: gets === n };
  });
  add(
    "refresh-requests",
    "Refresh: exactly one GET per endpoint",
    refresh.every((x) => x.ok && x.other === 0),
    refresh
      .map((x) => `N=${x.n}: ${x.gets} GET /endpoints/{id}, ${x.other} other per-endpoint requests`)
      .join("; "),
  );

  const create = per("create", (p, n) => ({ s: p.endpoints.requestSummary, n }));
  add(
    "create-requests",
    "Create: at most 2 API requests per endpoint beyond per-process one-offs",
    create.every((x) => x.s.perResourceTotal <= 2 * x.n),
    create
      .map((x) => `N=${x.n}: ${x.s.perResource.toFixed(2)} per endpoint (+${x.s.oneOff} one-offs)`)
      .join("; "),
  );

  const refN = ns.includes(TARGET_N) ? TARGET_N : ns[ns.length - 1];
  const seg = (l) => `${l.firstSlope.toFixed(1)} → ${l.lastSlope.toFixed(1)} ms/resource`;
  const ratioAt = (p, n) =>
    `ratio ${p.ratio.toFixed(2)} at N=${n} (${Math.round(p.endpoints.ms)} ms vs ` +
    `${Math.round(p.engineFloor.ms)} + ${Math.round(p.apiFloor.ms)} ms)`;
  for (const { name, label } of PHASES) {
    const lin = slopes[name].linearity;
    const overhead = slopes[name].overheadLinearity;
    if (FREQUENT_PHASES.has(name)) {
      // Within the ratio at every target size that ran; the overhead per endpoint must not grow with N.
      const judged = FREQUENT_SIZES.filter((n) => ns.includes(n));
      const within = judged.every((n) => sizes[n].phases[name].ratio <= FREQUENT_RATIO);
      let met = null;
      if (judged.length > 0)
        met = !within || overhead.linear === false ? false : overhead.linear === null ? null : true;
      const shown = judged.length > 0 ? judged : [ns[ns.length - 1]];
      const constancy =
        overhead.linear === null
          ? "constancy of the overhead needs three sizes"
          : `pulumi-aria's overhead over the floors ${seg(overhead)} (first → last segment): ` +
            `${overhead.linear ? "constant" : "growing"} per endpoint`;
      add(
        `time-${name}`,
        `${label}: within ${FREQUENT_RATIO}x of (engine floor + API floor) at N=${FREQUENT_SIZES.join(" and N=")}, ` +
          "overhead per endpoint constant in N" +
          (judged.length === 0 ? ` (not run at those sizes; figures at N=${shown[0]})` : ""),
        met,
        `${shown.map((n) => ratioAt(sizes[n].phases[name], n)).join("; ")}; ${constancy}`,
      );
      targets[targets.length - 1].aboveLimit = !within || overhead.linear === false;
      continue;
    }
    const p = sizes[refN].phases[name];
    const within = p.ratio <= TARGET_RATIO;
    // Judged only at N=500; linearity needs at least three sizes.
    let met = null;
    if (refN === TARGET_N) met = !within || lin.linear === false ? false : lin.linear === null ? null : true;
    const linearity =
      lin.linear === null
        ? "linearity needs three sizes"
        : `${lin.linear ? "linear" : "superlinear"}: ${seg(lin)} (first → last segment); engine + API floor ` +
          `${seg(slopes[name].floorsLinearity)}${slopes[name].floorsLinearity.linear ? "" : " (superlinear too)"}; ` +
          `pulumi-aria's overhead over the floors ${seg(overhead)} ` +
          `(${overhead.linear ? "linear" : "superlinear"})`;
    add(
      `time-${name}`,
      `${label}: within ${TARGET_RATIO}x of (engine floor + API floor) at N=${TARGET_N}, linear in N` +
        (refN !== TARGET_N ? ` (N=${TARGET_N} not run; figures at N=${refN})` : ""),
      met,
      `${ratioAt(p, refN)}; ${linearity}`,
    );
    targets[targets.length - 1].aboveLimit = !within || lin.linear === false;
  }

  const prov = ns.map((n) => ({ n, ...sizes[n].provider }));
  add(
    "provider-size",
    `__provider under ${PROVIDER_LIMIT_BYTES} bytes and identical for every resource`,
    prov.every((x) => x.resources > 0 && x.bytes.max < PROVIDER_LIMIT_BYTES && x.identical),
    prov
      .map(
        (x) => `N=${x.n}: ${x.bytes.max} bytes, ${x.distinct} distinct text(s) over ${x.resources} resources`,
      )
      .join("; "),
  );

  if (!lookup) {
    add(
      "lookup-requests",
      "getEndpoints over 10000 endpoints in ceil(10000 / page size) requests",
      null,
      "not run",
    );
  } else {
    add(
      "lookup-requests",
      `getEndpoints over ${lookup.count} endpoints in ceil(${lookup.count} / page size) requests`,
      lookup.all.warm.listRequests === lookup.expectedListRequests &&
        lookup.all.warm.returned === lookup.count,
      `${lookup.all.warm.listRequests} list requests (expected ${lookup.expectedListRequests} at page size ` +
        `${lookup.pageSize}), ${lookup.all.warm.total} in all warm, ${lookup.all.cold.total} cold (token, /about); ` +
        `${lookup.all.warm.returned} endpoints returned`,
    );
  }
  return { referenceN: refN, targets };
}
