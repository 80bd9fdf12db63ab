// @ts-check
// Turns raw samples into the report's figures: per size and phase the medians, requests, memory and
// the ratio to the floors; per phase the slopes over N; and the verdict on each target.

export const PHASES = [
  { name: "create", op: "up", label: "create (up)" },
  { name: "preview", op: "preview", label: "preview, no change" },
  { name: "refresh", op: "refresh", label: "refresh" },
  { name: "update", op: "up", label: "up, one changed" },
  { name: "destroy", op: "destroy", label: "destroy" },
];
/**
 * The phases a large stack runs most (every pull request previews, GitOps refreshes, most updates
 * change one endpoint). They run `--repeat` times (the median counts: a single run of a few seconds
 * varies by more than the margins judged), `up, one changed` changing the same endpoint back and forth.
 */
export const REPEATABLE = new Set(["preview", "refresh", "update"]);
/** The doors, by their program's key in the figures. */
export const DOORS = [
  ["endpoints", "dynamic"],
  ["plugin", "plugin"],
];
/** The phases whose peak memory is judged (the largest requests and state). */
export const MEMORY_PHASES = ["create", "refresh", "destroy"];
/** The process roles (lib/engine-stack.mjs). */
const ROLES = ["provider", "program", "engine"];

// The targets (bench/README.md, "Targets").
const TARGET_N = 500;
export const TARGET_RATIO = 1.2;
const FREQUENT_RATIO = 1.15;
const FREQUENT_SIZES = [500, 1000];
const PROVIDER_LIMIT_BYTES = 2048;
const STARTUP_LIMIT_MS = 250;
const SMALL_PREVIEW_RATIO = 1.2;
const MEMORY_RATIO = 1.5;
const MEMORY_N = 1000;

/**
 * @typedef {{ms: number, processes: import("./engine-stack.mjs").Roles, programPid?: number, requests: Record<string, number>,
 *   serverMs: number, maxInFlight: number, throttled: number, changes: Record<string, number>}} Sample
 *   one operation of one program (lib/lifecycle.mjs): `throttled` the 429s it met
 * @typedef {{firstSlope: number, lastSlope: number, linear: boolean | null}} Linearity
 */

/** @param {number[]} values */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** @param {object} sizes */
export const sizesOf = (sizes) =>
  Object.keys(sizes)
    .map(Number)
    .sort((a, b) => a - b);

/** The least-squares slope of y over x, with R² (NaN with fewer than two distinct x). @param {Array<[number, number]>} points */
function leastSquares(points) {
  const pts = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const mean = (/** @type {number} */ i) => pts.reduce((s, p) => s + p[i], 0) / pts.length;
  const [mx, my] = [mean(0), mean(1)];
  let [sxx, sxy, syy] = [0, 0, 0];
  for (const [x, y] of pts)
    [sxx, sxy, syy] = [sxx + (x - mx) ** 2, sxy + (x - mx) * (y - my), syy + (y - my) ** 2];
  if (pts.length < 2 || sxx === 0) return { slope: NaN, r2: NaN };
  return { slope: sxy / sxx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

/**
 * Whether y grows linearly with N: the last segment's slope at most 1.5 times the first's, plus 1 unit
 * per resource for noise on phases that barely depend on N. Undecided (null) with fewer than 3 sizes.
 * @param {Array<[number, number]>} points @returns {Linearity}
 */
function isLinear(points) {
  const pts = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)).sort((a, b) => a[0] - b[0]);
  if (pts.length < 3) return { linear: null, firstSlope: NaN, lastSlope: NaN };
  const segment = (/** @type {number} */ i) => (pts[i + 1][1] - pts[i][1]) / (pts[i + 1][0] - pts[i][0]);
  const [firstSlope, lastSlope] = [segment(0), segment(pts.length - 2)];
  return { linear: lastSlope <= 1.5 * Math.max(firstSlope, 0) + 1, firstSlope, lastSlope };
}

/**
 * Requests a provider process makes once: token exchanges, the server-generation probe
 * (`/automation/config.json`, named so by ./common.mjs `requestCounts`), `/about`, tiles, the IaaS
 * projects list.
 */
export const ONE_OFF_ROUTES =
  /login|\/api-tokens\/|\/automation\/config\.json$|\/about$|\/endpoint-tiles|\/iaas\/api\/projects$/;

/**
 * A phase's requests split into per-process one-offs (token exchanges, the server-generation probe,
 * `/about`, tiles, and the IaaS projects list `check` reads once per process) and per-resource calls.
 * @param {Record<string, number>} counts requests by `<METHOD> <route>`
 * @param {number} n resources
 */
function classifyRequests(counts, n) {
  let [oneOff, perResourceTotal] = [0, 0];
  for (const [route, count] of Object.entries(counts)) {
    if (ONE_OFF_ROUTES.test(route)) oneOff += count;
    else perResourceTotal += count;
  }
  return {
    total: oneOff + perResourceTotal,
    oneOff,
    perResourceTotal,
    perResource: n > 0 ? perResourceTotal / n : 0,
  };
}

/**
 * Medians of time and CPU per role, the most of peak memory per role.
 * @param {{samples: Sample[]} | undefined} phase
 * @param {number} n
 */
function engineFigures(phase, n) {
  const samples = phase?.samples ?? [];
  const requests = samples[0]?.requests ?? {};
  /** @param {string} role @param {"cpuMs" | "peakRssBytes"} field */
  const values = (role, field) => samples.map((s) => s.processes?.[role]?.[field] ?? NaN);
  const peak = (/** @type {"provider" | "program"} */ role) =>
    Math.max(0, ...values(role, "peakRssBytes").map((v) => v || 0)) || null;
  return {
    ms: median(samples.map((s) => s.ms)),
    requests,
    requestSummary: classifyRequests(requests, n),
    serverMs: median(samples.map((s) => s.serverMs)),
    maxInFlight: Math.max(0, ...samples.map((s) => s.maxInFlight)),
    providerPeakRssBytes: peak("provider"),
    programPeakRssBytes: peak("program"),
    cpuMs: Object.fromEntries(ROLES.map((role) => [role, median(values(role, "cpuMs"))])),
  };
}

/** @param {Record<string, number>} c */
const cpuSum = (c) => ROLES.reduce((sum, role) => sum + (c[role] || 0), 0);

/** Per size and phase: each program, both floors and their ratio. @param {{sizes: Record<string, any>}} raw */
function analyseSizes(raw) {
  /** @type {Record<number, any>} */
  const sizes = {};
  for (const [key, entry] of Object.entries(raw.sizes)) {
    const n = Number(key);
    /** @type {Record<string, any>} */
    const phases = {};
    for (const { name } of PHASES) {
      const endpoints = engineFigures(entry.endpoints.phases[name], n);
      const plugin = engineFigures(entry.plugin.phases[name], n);
      const engineFloor = engineFigures(entry.engineFloor.phases[name], n);
      const api = entry.apiFloor.phases[name];
      const apiFloor = {
        ms: median(api.samplesMs),
        cpuMs: median(api.cpuMs),
        maxInFlight: api.maxInFlight,
        requests: api.requests,
      };
      const floorMs = engineFloor.ms + apiFloor.ms;
      phases[name] = {
        // CPU time is less disturbed than wall time by other work on the machine.
        cpuRatio: cpuSum(endpoints.cpuMs) / (cpuSum(engineFloor.cpuMs) + (apiFloor.cpuMs || 0)),
        endpoints,
        plugin,
        pluginRatio: plugin.ms / floorMs,
        engineFloor,
        apiFloor,
        floorMs,
        ratio: endpoints.ms / floorMs,
        overheadMs: endpoints.ms - floorMs,
      };
    }
    const { provider, stateBytes, loadAverage } = entry;
    sizes[n] = { phases, provider, stateBytes, loadAverage };
  }
  return sizes;
}

/**
 * Per phase: ms per resource of the endpoints program and the floors, the linearity of the program, of
 * the floors' sum and of its overhead over them; per door, the provider's peak KB per resource.
 * @param {Record<number, any>} sizes
 */
function analyseSlopes(sizes) {
  /** @type {Record<string, any>} */
  const slopes = {};
  for (const { name } of PHASES) {
    /** @param {(p: any) => number} pick @returns {Array<[number, number]>} */
    const series = (pick) => sizesOf(sizes).map((n) => [n, pick(sizes[n].phases[name])]);
    const endpoints = series((p) => p.endpoints.ms);
    slopes[name] = {
      endpoints: leastSquares(endpoints),
      engineFloor: leastSquares(series((p) => p.engineFloor.ms)),
      apiFloor: leastSquares(series((p) => p.apiFloor.ms)),
      linearity: isLinear(endpoints),
      floorsLinearity: isLinear(series((p) => p.floorMs)),
      overheadLinearity: isLinear(series((p) => p.overheadMs)),
      memoryKbPerResource: Object.fromEntries(
        [...DOORS, ["engineFloor"]].map(([key]) => [
          key,
          isLinear(series((p) => (p[key]?.providerPeakRssBytes ?? NaN) / 1024)),
        ]),
      ),
    };
  }
  return slopes;
}

/** The pull-request preview (lib/lifecycle.mjs measureSmallPreview): each door against the engine floor. @param {any} raw */
function analyseSmallPreview(raw) {
  const floor = engineFigures(raw.trivial.phases.preview, 3);
  /** @param {string} program */
  const door = (program) => {
    const d = engineFigures(raw[program].phases.preview, 3);
    return { ...d, ratio: d.ms / floor.ms, runs: raw[program].phases.preview.samples.length };
  };
  return { engineFloor: floor, endpoints: door("endpoints"), plugin: door("endpoints-plugin") };
}

/** @typedef {{id: string, title: string, met: boolean | null, status: string, detail: string, aboveLimit?: boolean}} Target */

/**
 * The verdicts.
 * @param {Record<number, any>} sizes
 * @param {Record<string, any>} slopes
 * @param {any} lookup
 * @param {any} extra `startup`, `smallPreview` (absent when not run)
 */
function judgeTargets(sizes, slopes, lookup, { startup, smallPreview }) {
  const ns = sizesOf(sizes);
  /** @type {Target[]} */
  const targets = [];
  /** @param {string} id @param {string} title @param {boolean | null} met @param {string} detail */
  const add = (id, title, met, detail) =>
    targets.push({ id, title, met, status: met === null ? "undecided" : met ? "met" : "not met", detail });
  /**
   * `fn` of the phase at each size, met at all.
   * @param {string} phase
   * @param {(p: any, n: number) => [boolean, string]} fn
   * @returns {[boolean, string]}
   */
  const perSize = (phase, fn) => {
    const all = ns.map((n) => [n, ...fn(sizes[n].phases[phase], n)]);
    return [all.every(([, ok]) => ok), all.map(([n, , text]) => `N=${n}: ${text}`).join("; ")];
  };

  add(
    "preview-requests",
    "Preview with no changes: zero per-endpoint API requests",
    ...perSize("preview", (p) => {
      const count = p.endpoints.requestSummary.perResourceTotal;
      return [count === 0, `${count} per-endpoint requests`];
    }),
  );
  add(
    "refresh-requests",
    "Refresh: at most one read request per endpoint (a GET, or its share of a page of the project's listing)",
    ...perSize("refresh", (p, n) => {
      /** @param {RegExp} pattern */
      const count = (pattern) =>
        Object.entries(p.endpoints.requests).reduce((s, [route, c]) => s + (pattern.test(route) ? c : 0), 0);
      const [gets, pages] = [count(/^GET .*\/endpoints\/\{id\}$/), count(/^GET .*\/endpoints$/)];
      const other = p.endpoints.requestSummary.perResourceTotal - gets - pages;
      const text = `${gets} GET /endpoints/{id}, ${pages} listing pages, ${other} other per-endpoint requests`;
      return [gets + pages <= n && other === 0, text];
    }),
  );
  add(
    "create-requests",
    "Create: at most 2 API requests per endpoint beyond per-process one-offs",
    ...perSize("create", (p, n) => {
      const s = p.endpoints.requestSummary;
      return [
        s.perResourceTotal <= 2 * n,
        `${s.perResource.toFixed(2)} per endpoint (+${s.oneOff} one-offs)`,
      ];
    }),
  );

  const refN = ns.includes(TARGET_N) ? TARGET_N : ns[ns.length - 1];
  /** @param {Linearity} l */
  const seg = (l) => `${l.firstSlope.toFixed(1)} → ${l.lastSlope.toFixed(1)} ms/resource`;
  for (const { name, label } of PHASES) {
    /** @type {{linearity: Linearity, overheadLinearity: Linearity, floorsLinearity: Linearity}} */
    const { linearity: lin, overheadLinearity: overhead, floorsLinearity: floors } = slopes[name];
    const frequent = REPEATABLE.has(name);
    const judged = frequent ? FREQUENT_SIZES.filter((n) => ns.includes(n)) : refN === TARGET_N ? [refN] : [];
    const shown = judged.length > 0 ? judged : [ns[ns.length - 1]];
    const limit = frequent ? FREQUENT_RATIO : TARGET_RATIO;
    const within = shown.every((n) => sizes[n].phases[name].ratio <= limit);
    const growth = frequent ? overhead : lin;
    const met = judged.length === 0 ? null : !within || growth.linear === false ? false : growth.linear;
    const sizesText = frequent ? FREQUENT_SIZES.join(" and N=") : TARGET_N;
    const notRun = judged.length === 0 ? ` (not run at N=${sizesText}; figures at N=${shown[0]})` : "";
    const overheadText = `pulumi-aria's overhead over the floors ${seg(overhead)}`;
    const detail = frequent
      ? overhead.linear === null
        ? "constancy of the overhead needs three sizes"
        : `${overheadText} (first → last segment): ${overhead.linear ? "constant" : "growing"} per endpoint`
      : lin.linear === null
        ? "linearity needs three sizes"
        : `${lin.linear ? "linear" : "superlinear"}: ${seg(lin)} (first → last segment); engine + API floor ` +
          `${seg(floors)}${floors.linear ? "" : " (superlinear too)"}; ${overheadText} ` +
          `(${overhead.linear ? "linear" : "superlinear"})`;
    const ratios = shown.map((n) => {
      const p = sizes[n].phases[name];
      const [e, f, a] = [p.endpoints.ms, p.engineFloor.ms, p.apiFloor.ms].map(Math.round);
      return `ratio ${p.ratio.toFixed(2)} at N=${n} (${e} ms vs ${f} + ${a} ms)`;
    });
    const what = frequent ? "overhead per endpoint constant in N" : "linear in N";
    add(
      `time-${name}`,
      `${label}: within ${limit}x of (engine floor + API floor) at N=${sizesText}, ${what}${notRun}`,
      met,
      `${ratios.join("; ")}; ${detail}`,
    );
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

  const count = lookup?.count ?? 10000;
  const title = `getEndpoints over ${count} endpoints in ceil(${count} / page size) requests`;
  if (!lookup) add("lookup-requests", title, null, "not run");
  else {
    const { warm, cold } = lookup.all;
    add(
      "lookup-requests",
      title,
      warm.listRequests === lookup.expectedListRequests && warm.returned === lookup.count,
      `${warm.listRequests} list requests (expected ${lookup.expectedListRequests} at page size ${lookup.pageSize}), ` +
        `${warm.total} in all warm, ${cold.total} cold (token, /about); ${warm.returned} endpoints returned`,
    );
  }

  const starts = Object.entries(startup ?? {});
  add(
    "startup",
    `Start-up of the release executables that run here, launch to printed port: at most ${STARTUP_LIMIT_MS} ms (median)`,
    starts.length ? starts.every(([, s]) => s.ms <= STARTUP_LIMIT_MS) : null,
    starts
      .map(([t, s]) => `${t} (${s.runtime}): ${Math.round(s.ms)} ms, median of ${s.samplesMs.length}`)
      .join("; ") || "not run",
  );
  const sp = smallPreview;
  add(
    "small-preview",
    `Preview of a 3-endpoint program (validation on): each door within ${SMALL_PREVIEW_RATIO}x of the engine floor (median)`,
    sp ? DOORS.every(([key]) => sp[key].ratio <= SMALL_PREVIEW_RATIO) : null,
    sp
      ? [
          ...DOORS.map(
            ([key, door]) => `${door} door ${Math.round(sp[key].ms)} ms (${sp[key].ratio.toFixed(2)}x)`,
          ),
          `engine floor ${Math.round(sp.engineFloor.ms)} ms, median of ${sp.endpoints.runs}`,
        ].join("; ")
      : "not run",
  );

  const memN = ns.includes(MEMORY_N) ? MEMORY_N : ns[ns.length - 1];
  const memory = DOORS.flatMap(([key, door]) =>
    MEMORY_PHASES.map((phase) => {
      const p = sizes[memN].phases[phase];
      const ratio = (p[key]?.providerPeakRssBytes ?? NaN) / p.engineFloor.providerPeakRssBytes;
      const g = slopes[phase].memoryKbPerResource[key];
      const growth =
        g.linear === null ? "" : ` (${g.firstSlope.toFixed(1)} → ${g.lastSlope.toFixed(1)} KB/resource)`;
      return {
        ok: ratio <= MEMORY_RATIO && g.linear !== false,
        text: `${door} ${phase} ${ratio.toFixed(2)}x${growth}`,
      };
    }),
  );
  add(
    "memory",
    `Peak memory of each door's provider at most ${MEMORY_RATIO}x the engine floor's provider at N=${MEMORY_N}, growth per resource flat` +
      (memN !== MEMORY_N ? ` (N=${MEMORY_N} not run; figures at N=${memN})` : ""),
    memN === MEMORY_N ? memory.every((m) => m.ok) : null,
    `provider peak against the floor's at N=${memN} (growth first → last segment): ${memory.map((m) => m.text).join(", ")}`,
  );
  return { referenceN: refN, targets };
}

/** @param {Record<string, number>} counts */
const sum = (counts) => Object.values(counts).reduce((s, c) => s + c, 0);

/**
 * The faults phase against the same phases without faults: the retries are the requests beyond theirs.
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
    const [total, faultFreeTotal] = [sum(p.requests), sum(without.requests)];
    phases[name] = {
      ...p,
      faultFreeMs: without.ms,
      ratio: p.ms / without.ms,
      requestTotal: total,
      faultFreeRequestTotal: faultFreeTotal,
      retries: total - faultFreeTotal,
      retriesByRoute,
    };
  }
  return { n: raw.n, phases };
}

/**
 * Every figure and verdict of a run, from its raw samples.
 * @param {{sizes: Record<string, any>, faults?: any, startup?: any, smallPreview?: any}} raw
 * @param {any} lookup
 */
export function analyse(raw, lookup) {
  const sizes = analyseSizes(raw);
  const slopes = analyseSlopes(sizes);
  const smallPreview = raw.smallPreview ? analyseSmallPreview(raw.smallPreview) : undefined;
  return {
    sizes,
    slopes,
    startup: raw.startup,
    smallPreview,
    targets: judgeTargets(sizes, slopes, lookup, { startup: raw.startup, smallPreview }),
    faults: raw.faults ? analyseFaults(raw.faults, sizes) : undefined,
  };
}
