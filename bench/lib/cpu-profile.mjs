// @ts-check
// Summarises V8 CPU profiles (`node --cpu-prof`): self time per function and per package, so the
// report can say where a phase's CPU time goes in the provider and program processes.

import * as fs from "node:fs";
import * as path from "node:path";

/** The package (or runtime part) a script URL belongs to. @param {string} url @param {string} functionName */
function categoryOf(url, functionName) {
  if (!url) {
    if (/^\((garbage collector|idle|program|root)\)$/.test(functionName)) return functionName;
    return "(native/builtin)";
  }
  if (url.startsWith("node:internal/modules/")) return "module loading";
  if (url.startsWith("node:")) return "node core";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url.replace(/\\/g, "/"));
  if (m) {
    if (m[1] === "pulumi-aria") return "pulumi-aria";
    if (m[1] === "@pulumi/pulumi") {
      const sub = /@pulumi\/pulumi\/([^/]+)/.exec(url)?.[1] ?? "";
      return `@pulumi/pulumi/${sub.replace(/\.js$/, "")}`;
    }
    return m[1];
  }
  if (/\/dist\/provider\//.test(url)) return "pulumi-aria";
  if (/\/bench\/programs\//.test(url)) return "benchmark program";
  return "other";
}

/**
 * @typedef {{functionName: string, url: string, lineNumber: number}} CallFrame
 * @typedef {{nodes: Array<{id: number, callFrame: CallFrame, children?: number[]}>, samples: number[], timeDeltas: number[]}} Profile
 */

/** A function's name and place, the same in any profile of the same code. @param {CallFrame} callFrame */
function frameOf(callFrame) {
  const name = callFrame.functionName || "(anonymous)";
  const where = callFrame.url ? `${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}` : "";
  return { name, where, key: `${name} ${where}`, category: categoryOf(callFrame.url, name) };
}

/**
 * Self time (ms) per function and per category, and inclusive time per category and per function (the
 * samples with it on their stack, once per stack: pulumi-aria's includes the zod and undici it calls).
 */
export function summariseProfile(/** @type {Profile} */ profile, { top = 15, topInclusive = 80 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const functions = new Map();
  const categories = new Map();
  const inclusiveFunctions = new Map();
  const inclusiveCategories = new Map();
  const onPath = { key: new Map(), category: new Map() };
  /** @param {Map<string, number>} map @param {string} k */
  const add = (map, k, by = 1) => map.set(k, (map.get(k) ?? 0) + by);
  // Depth-first from the root: a node's inclusive time counts for its function and its category
  // unless an ancestor already counted it (recursion).
  /** @param {number} id @returns {number} */
  const walk = (id) => {
    const node = /** @type {Profile["nodes"][number]} */ (byId.get(id));
    const frame = frameOf(node.callFrame);
    const own = selfMs.get(id) ?? 0;
    if (own > 0) {
      const f = functions.get(frame.key) ?? {
        function: frame.name,
        where: frame.where,
        category: frame.category,
        selfMs: 0,
      };
      f.selfMs += own;
      functions.set(frame.key, f);
      add(categories, frame.category, own);
    }
    const countsKey = !onPath.key.get(frame.key);
    const countsCategory = !onPath.category.get(frame.category);
    add(onPath.key, frame.key);
    add(onPath.category, frame.category);
    let inclusive = own;
    for (const child of node.children ?? []) inclusive += walk(child);
    add(onPath.key, frame.key, -1);
    add(onPath.category, frame.category, -1);
    if (countsKey) {
      const f = inclusiveFunctions.get(frame.key) ?? { ms: 0, category: frame.category };
      f.ms += inclusive;
      inclusiveFunctions.set(frame.key, f);
    }
    if (countsCategory) add(inclusiveCategories, frame.category, inclusive);
    return inclusive;
  };
  const totalMs = walk(profile.nodes[0].id);
  /** @param {Map<string, number>} map */
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs,
    busyMs: totalMs - (categories.get("(idle)") ?? 0),
    topFunctions: [...functions.values()]
      .filter((f) => f.function !== "(idle)")
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top),
    categories: Object.fromEntries(sorted(categories)),
    inclusiveCategories: Object.fromEntries(sorted(inclusiveCategories).filter(([c]) => !/^\(/.test(c))),
    inclusiveFunctions: Object.fromEntries(
      [...inclusiveFunctions]
        .filter(([k]) => !/^\((root|idle|program)\)/.test(k))
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, topInclusive),
    ),
  };
}

/** Categories whose frames are plumbing (the call path to everything), not a cause. */
const PLUMBING = new Set([
  "node core",
  "module loading",
  "(native/builtin)",
  "ts-node",
  "benchmark program",
  "other",
]);

/**
 * The library functions, in both summaries, whose inclusive time grew most from `floor` to `subject`,
 * largest growth first: typically one call chain, read from the outermost down.
 */
export function inclusiveDelta(/** @type {any} */ subject, /** @type {any} */ floor, top = 8) {
  const a = subject?.inclusiveFunctions ?? {};
  const b = floor?.inclusiveFunctions ?? {};
  return Object.keys(a)
    .filter((k) => b[k] !== undefined && !PLUMBING.has(a[k].category))
    .map((k) => ({ function: k, subjectMs: a[k].ms, floorMs: b[k].ms, deltaMs: a[k].ms - b[k].ms }))
    .sort((x, y) => y.deltaMs - x.deltaMs)
    .slice(0, top);
}

/** @param {string} url */
function shortUrl(url) {
  const clean = url.replace(/^file:\/\//, "");
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) return clean.slice(nm + "node_modules/".length);
  const repo = clean.indexOf("/dist/");
  return repo >= 0 ? clean.slice(repo + 1) : path.basename(clean);
}

/**
 * Every profile in `dir`, labelled by the process that wrote it: `provider`, `program` or `helper` (e.g.
 * the shim's `node -e` that locates the provider script).
 * @param {string} dir @param {{providerPids?: number[], programPid?: number}} [o]
 */
export function summariseProfileDir(dir, { providerPids = [], programPid } = {}) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((file) => {
      const pid = Number(/^CPU\.[^.]+\.[^.]+\.(\d+)\./.exec(file)?.[1]);
      const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
      return {
        file,
        pid,
        process: providerPids.includes(pid) ? "provider" : pid === programPid ? "program" : "helper",
        ...summariseProfile(profile),
      };
    })
    .filter((p) => p.busyMs > 0)
    .sort((a, b) => b.busyMs - a.busyMs);
}
