// @ts-check
// Turns raw samples into the report's figures: per size and phase the medians, requests, memory and
// the ratio to the floors; per phase the slopes over N; and the verdict on each target.

/** The phases every benchmark program goes through, in order, with the engine operation of each. */
export const PHASES = [
  { name: "create", op: "up", label: "create (up)" },
  { name: "preview", op: "preview", label: "preview, no change" },
  { name: "refresh", op: "refresh", label: "refresh" },
  { name: "update", op: "up", label: "up, one changed" },
  { name: "destroy", op: "destroy", label: "destroy" },
];
/**
 * Phases run `--repeat` times (the median counts): preview and refresh change nothing, and `up, one
 * changed` changes the same endpoint back and forth, one update each time. A single run of a phase of
 * a few seconds varies by more than the margins the targets judge.
 */
export const REPEATABLE = new Set(["preview", "refresh", "update"]);

/** The size at which the create and destroy targets are judged. */
const TARGET_N = 500;
/** Allowed ratio of create and destroy to (engine floor + API floor). */
export const TARGET_RATIO = 1.2;
/**
 * The phases a large stack runs most (every pull request previews, GitOps refreshes, most updates
 * change one endpoint): allowed ratio to (engine floor + API floor), judged at each of these sizes that
 * ran, with the provider's own overhead per endpoint constant as N grows.
 */
const FREQUENT_PHASES = new Set(["preview", "refresh", "update"]);
const FREQUENT_RATIO = 1.15;
const FREQUENT_SIZES = [500, 1000];
/** Allowed size of `__provider`, in bytes. */
const PROVIDER_LIMIT_BYTES = 2048;

/**
 * @typedef {{provider?: {peakRssBytes: number, cpuMs: number, pids: number[]}, program?: any, engine?: any}} Roles
 * @typedef {{ms: number, processes: Roles, programPid?: number, requests: Record<string, number>,
 *   serverMs: number, maxInFlight: number}} Sample one operation of one program (lib/lifecycle.mjs)
 * @typedef {{firstSlope: number, lastSlope: number, linear: boolean | null}} Linearity
 */

/** The median of a list of numbers (the mean of the two middle values for an even count). @param {number[]} values */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The sizes of analysed results, ascending. @param {object} sizes */
export const sizesOf = (sizes) =>
  Object.keys(sizes)
    .map(Number)
    .sort((a, b) => a - b);

/**
 * The least-squares slope of y over x, with R² (NaN with fewer than two distinct x values).
 * @param {Array<[number, number]>} points
 */
function leastSquares(points) {
  const pts = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const n = pts.length;
  const mx = pts.reduce((s, [x]) => s + x, 0) / n;
  const my = pts.reduce((s, [, y]) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  if (n < 2 || sxx === 0) return { slope: NaN, r2: NaN };
  return { slope: sxy / sxx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

/**
 * Whether time grows linearly with N: the slope of the last segment (between the two largest N) is
 * at most 1.5 times the slope of the first segment (between the two smallest), plus 1 ms per
 * resource for noise on phases that barely depend on N. Undecided (null) with fewer than three sizes.
 * @param {Array<[number, number]>} points
 */
function isLinear(points) {
  const pts = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)).sort((a, b) => a[0] - b[0]);
  if (pts.length < 3) return { linear: null, firstSlope: NaN, lastSlope: NaN };
  /** @param {number[]} p @param {number[]} q */
  const segment = ([x1, y1], [x2, y2]) => (y2 - y1) / (x2 - x1);
  const firstSlope = segment(pts[0], pts[1]);
  const lastSlope = segment(pts[pts.length - 2], pts[pts.length - 1]);
  return { linear: lastSlope <= 1.5 * Math.max(firstSlope, 0) + 1, firstSlope, lastSlope };
}

/**
 * A phase's requests split into per-process one-offs (logins and token exchanges, `/about`, tiles,
 * and the IaaS projects list that `check` reads once per process) and per-resource calls.
 * @param {Record<string, number>} counts requests by `<METHOD> <route>`
 * @param {number} n resources
 */
function classifyRequests(counts, n) {
  let oneOff = 0;
  let perResourceTotal = 0;
  for (const [route, count] of Object.entries(counts)) {
    if (/login|\/api-tokens\/|\/about$|\/endpoint-tiles|\/iaas\/api\/projects$/.test(route)) oneOff += count;
    else perResourceTotal += count;
  }
  return {
    total: oneOff + perResourceTotal,
    oneOff,
    perResourceTotal,
    perResource: n > 0 ? perResourceTotal / n : 0,
  };
}

/** @param {Sample[]} samples @param {"provider" | "program" | "engine"} role @param {"cpuMs" | "peakRssBytes"} field */
const roleValues = (samples, role, field) => samples.map((s) => s.processes?.[role]?.[field] ?? NaN);

/**
 * The figures of one program's phase from its samples.
 * @param {{samples: Sample[]} | undefined} phase
 * @param {number} n
 */
function engineFigures(phase, n) {
  const samples = phase?.samples ?? [];
  const requests = samples[0]?.requests ?? {};
  return {
    ms: median(samples.map((s) => s.ms)),
    requests,
    requestSummary: classifyRequests(requests, n),
    serverMs: median(samples.map((s) => s.serverMs)),
    maxInFlight: Math.max(0, ...samples.map((s) => s.maxInFlight ?? 0)),
    providerPeakRssBytes:
      Math.max(0, ...roleValues(samples, "provider", "peakRssBytes").map((v) => v || 0)) || null,
    cpuMs: {
      provider: median(roleValues(samples, "provider", "cpuMs")),
      program: median(roleValues(samples, "program", "cpuMs")),
      engine: median(roleValues(samples, "engine", "cpuMs")),
    },
  };
}

/**
 * Per size and phase: the endpoints program, both floors and their ratio.
 * @param {{sizes: Record<string, any>}} raw results.json's `raw`
 */
function analyseSizes(raw) {
  /** @type {Record<number, any>} */
  const sizes = {};
  for (const [key, entry] of Object.entries(raw.sizes)) {
    const n = Number(key);
    /** @type {Record<string, any>} */
    const phases = {};
    for (const { name } of PHASES) {
      const endpoints = engineFigures(entry.endpoints.phases[name], n);
      // The plugin door's program (results from before it was measured have none).
      const plugin = entry.plugin?.phases?.[name] ? engineFigures(entry.plugin.phases[name], n) : null;
      const engineFloor = engineFigures(entry.engineFloor.phases[name], n);
      const api = entry.apiFloor.phases[name];
      const apiFloor = {
        ms: median(api.samplesMs),
        cpuMs: median(api.cpuMs ?? []),
        maxInFlight: api.maxInFlight ?? null,
        requests: api.requests,
        requestSummary: classifyRequests(api.requests, n),
      };
      const floorMs = engineFloor.ms + apiFloor.ms;
      /** @param {{provider: number, program: number, engine: number}} c */
      const cpuOf = (c) => (c.provider || 0) + (c.program || 0) + (c.engine || 0);
      phases[name] = {
        // CPU time is less disturbed than wall time by other work on the machine.
        cpuRatio: cpuOf(endpoints.cpuMs) / (cpuOf(engineFloor.cpuMs) + (apiFloor.cpuMs || 0)),
        endpoints,
        plugin,
        pluginRatio: plugin ? plugin.ms / floorMs : null,
        engineFloor,
        apiFloor,
        floorMs,
        ratio: endpoints.ms / floorMs,
        overheadMs: endpoints.ms - floorMs,
      };
    }
    sizes[n] = {
      phases,
      provider: entry.provider,
      stateBytes: entry.stateBytes ?? null,
      loadAverage: entry.loadAverage,
    };
  }
  return sizes;
}

/**
 * Per phase: ms per resource (least squares over N) of the endpoints program and the floors, and the
 * linearity of the program, of the floors' sum and of the program's overhead over them.
 * @param {Record<number, any>} sizes
 */
function analyseSlopes(sizes) {
  const ns = sizesOf(sizes);
  /** @type {Record<string, any>} */
  const slopes = {};
  for (const { name } of PHASES) {
    /** @param {(p: any) => number} pick @returns {Array<[number, number]>} */
    const series = (pick) => ns.map((n) => [n, pick(sizes[n].phases[name])]);
    const endpoints = series((p) => p.endpoints.ms);
    slopes[name] = {
      endpoints: leastSquares(endpoints),
      engineFloor: leastSquares(series((p) => p.engineFloor.ms)),
      apiFloor: leastSquares(series((p) => p.apiFloor.ms)),
      linearity: isLinear(endpoints),
      floorsLinearity: isLinear(series((p) => p.floorMs)),
      // What pulumi-aria adds over the floors: the provider's own cost.
      overheadLinearity: isLinear(series((p) => p.overheadMs)),
    };
  }
  return slopes;
}

/** @param {boolean | null} met */
const verdict = (met) => (met === null ? "undecided" : met ? "met" : "not met");

/**
 * @typedef {{id: string, title: string, met: boolean | null, status: string, detail: string, aboveLimit?: boolean}} Target
 */

/**
 * The targets of the issue.
 * @param {Record<number, any>} sizes
 * @param {Record<string, any>} slopes
 * @param {any} lookup
 */
function judgeTargets(sizes, slopes, lookup) {
  const ns = sizesOf(sizes);
  /** @type {Target[]} */
  const targets = [];
  /** @param {string} id @param {string} title @param {boolean | null} met @param {string} detail */
  const add = (id, title, met, detail) => targets.push({ id, title, met, status: verdict(met), detail });
  /** @template T @param {string} phase @param {(p: any, n: number) => T} fn */
  const per = (phase, fn) => ns.map((n) => ({ n, ...fn(sizes[n].phases[phase], n) }));

  const preview = per("preview", (p) => ({ perResource: p.endpoints.requestSummary.perResourceTotal }));
  add(
    "preview-requests",
    "Preview with no changes: zero per-endpoint API requests",
    preview.every((x) => x.perResource === 0),
    preview.map((x) => `N=${x.n}: ${x.perResource} per-endpoint requests`).join("; "),
  );

  // Refresh reads each endpoint with a GET, or (past ten reads of a project) from pages of the
  // project's listing: provider/endpoint/reads.ts.
  const refresh = per("refresh", (p, n) => {
    /** @param {RegExp} pattern */
    const count = (pattern) =>
      Object.entries(p.endpoints.requests)
        .filter(([route]) => pattern.test(route))
        .reduce((s, [, c]) => s + c, 0);
    const gets = count(/^GET .*\/endpoints\/\{id\}$/);
    const pages = count(/^GET .*\/endpoints$/);
    const other = p.endpoints.requestSummary.perResourceTotal - gets - pages;
    return { gets, pages, other, ok: gets + pages <= n && other === 0 };
  });
  add(
    "refresh-requests",
    "Refresh: at most one read request per endpoint (a GET, or its share of a page of the project's listing)",
    refresh.every((x) => x.ok),
    refresh
      .map(
        (x) =>
          `N=${x.n}: ${x.gets} GET /endpoints/{id}, ${x.pages} listing pages, ${x.other} other per-endpoint requests`,
      )
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
  /** @param {Linearity} l */
  const seg = (l) => `${l.firstSlope.toFixed(1)} → ${l.lastSlope.toFixed(1)} ms/resource`;
  /** @param {number} n @param {string} name */
  const ratioAt = (n, name) => {
    const p = sizes[n].phases[name];
    return (
      `ratio ${p.ratio.toFixed(2)} at N=${n} (${Math.round(p.endpoints.ms)} ms vs ` +
      `${Math.round(p.engineFloor.ms)} + ${Math.round(p.apiFloor.ms)} ms)`
    );
  };
  for (const { name, label } of PHASES) {
    /** @type {{linearity: Linearity, overheadLinearity: Linearity, floorsLinearity: Linearity}} */
    const { linearity: lin, overheadLinearity: overhead, floorsLinearity: floors } = slopes[name];
    // The frequent phases: within their ratio at every target size that ran, pulumi-aria's overhead per
    // endpoint constant in N. Create and destroy: within theirs at N=500 only, linear in N. Both need
    // three sizes for the growth.
    const frequent = FREQUENT_PHASES.has(name);
    const judged = frequent ? FREQUENT_SIZES.filter((n) => ns.includes(n)) : refN === TARGET_N ? [refN] : [];
    const shown = judged.length > 0 ? judged : [ns[ns.length - 1]];
    const within = (frequent ? judged : shown).every(
      (n) => sizes[n].phases[name].ratio <= (frequent ? FREQUENT_RATIO : TARGET_RATIO),
    );
    const growth = frequent ? overhead : lin;
    const met =
      judged.length === 0
        ? null
        : !within || growth.linear === false
          ? false
          : growth.linear === null
            ? null
            : true;
    let title;
    let detail;
    if (frequent) {
      title =
        `${label}: within ${FREQUENT_RATIO}x of (engine floor + API floor) at N=${FREQUENT_SIZES.join(" and N=")}, ` +
        "overhead per endpoint constant in N" +
        (judged.length === 0 ? ` (not run at those sizes; figures at N=${shown[0]})` : "");
      detail =
        overhead.linear === null
          ? "constancy of the overhead needs three sizes"
          : `pulumi-aria's overhead over the floors ${seg(overhead)} (first → last segment): ` +
            `${overhead.linear ? "constant" : "growing"} per endpoint`;
    } else {
      title =
        `${label}: within ${TARGET_RATIO}x of (engine floor + API floor) at N=${TARGET_N}, linear in N` +
        (refN !== TARGET_N ? ` (N=${TARGET_N} not run; figures at N=${refN})` : "");
      detail =
        lin.linear === null
          ? "linearity needs three sizes"
          : `${lin.linear ? "linear" : "superlinear"}: ${seg(lin)} (first → last segment); engine + API floor ` +
            `${seg(floors)}${floors.linear ? "" : " (superlinear too)"}; ` +
            `pulumi-aria's overhead over the floors ${seg(overhead)} ` +
            `(${overhead.linear ? "linear" : "superlinear"})`;
    }
    add(`time-${name}`, title, met, `${shown.map((n) => ratioAt(n, name)).join("; ")}; ${detail}`);
    targets[targets.length - 1].aboveLimit = !within || growth.linear === false;
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

/** @param {Record<string, number>} counts */
const sum = (counts) => Object.values(counts).reduce((s, c) => s + c, 0);

/**
 * The faults phase against the same phases without faults (lib/faults.mjs): per phase the time with
 * and without, the retries (the requests beyond the fault-free run's, in all and per route).
 * @param {{n: number, faultFree: Record<string, {ms: number, requests: Record<string, number>}>, phases: Record<string, any>}} raw
 * @param {Record<number, any>} sizes
 */
function analyseFaults(raw, sizes) {
  /** @type {Record<string, any>} */
  const phases = {};
  for (const [name, p] of Object.entries(raw.phases)) {
    const without = raw.faultFree[name] ?? sizes[raw.n]?.phases[name]?.endpoints;
    if (p.skipped || !without) {
      phases[name] = { ...p, faultFreeMs: without?.ms ?? NaN };
      continue;
    }
    /** @type {Record<string, number>} */
    const retriesByRoute = {};
    for (const route of new Set([...Object.keys(p.requests), ...Object.keys(without.requests)])) {
      const extra = (p.requests[route] ?? 0) - (without.requests[route] ?? 0);
      if (extra !== 0) retriesByRoute[route] = extra;
    }
    phases[name] = {
      ...p,
      faultFreeMs: without.ms,
      ratio: p.ms / without.ms,
      faultFreeRequests: without.requests,
      requestTotal: sum(p.requests),
      faultFreeRequestTotal: sum(without.requests),
      retries: sum(p.requests) - sum(without.requests),
      retriesByRoute,
    };
  }
  return { n: raw.n, phases };
}

/**
 * Every figure and verdict of a run, from its raw samples (run.mjs; report.mjs when it renders a
 * results file again).
 * @param {{sizes: Record<string, any>, faults?: any}} raw
 * @param {any} lookup
 */
export function analyse(raw, lookup) {
  const sizes = analyseSizes(raw);
  const slopes = analyseSlopes(sizes);
  return {
    sizes,
    slopes,
    targets: judgeTargets(sizes, slopes, lookup),
    faults: raw.faults ? analyseFaults(raw.faults, sizes) : undefined,
  };
}
