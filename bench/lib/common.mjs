// @ts-check
// What the benchmark's processes share: where things are, the endpoint the programs declare as an API
// spec, a bounded pool, the API client, the emulator's operations surface (request log; faults in
// lib/faults.mjs), and the command lines' options, usage errors and parsing of numbers given as options.

import { createRequire } from "node:module";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
export const BENCH_DIR = path.join(REPO_ROOT, "bench");
/** The compiled API client (not a public export of the package, so loaded by path). */
export const CLIENT_MODULE = path.join(REPO_ROOT, "dist", "provider", "client", "index.js");
/** The compiled package (what `require("pulumi-aria")` loads). */
export const PACKAGE_MODULE = path.join(REPO_ROOT, "dist", "provider", "index.js");
export const EMULATOR_MODULE = path.join(REPO_ROOT, "dist", "emulator", "index.js");
/** The emulator's admin, whose refresh token every stack and client of the benchmark uses. */
export const REFRESH_TOKEN = "admin-refresh-token";

/** `dir`, else bench/results/<prefix><timestamp>, made. @param {string | undefined} dir @param {string} [prefix] */
export function resultsDir(dir, prefix = "", at = new Date()) {
  const stamp = `${at.toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
  const out = path.resolve(dir ?? path.join(BENCH_DIR, "results", `${prefix}${stamp}`));
  fs.mkdirSync(out, { recursive: true });
  return out;
}

/** A progress line on stderr, `[<name> hh:mm:ss] msg`. @param {string} name */
export const logger = (name) => (/** @type {string} */ msg) =>
  process.stderr.write(`[${name} ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

/** A client of the API at `url` (a fresh process's: its own token and connections). @param {string} url */
export function apiClient(url) {
  const { createClient, resolveClientConfig } = require(CLIENT_MODULE);
  return createClient(resolveClientConfig({ "vra:url": url, "vra:refreshToken": REFRESH_TOKEN }, {}));
}

/** The endpoint repetition `rep` of "up, one changed" changes: 0, then back (-1: none). @param {number} rep */
export const changedAt = (rep) => (rep % 2 === 0 ? 0 : -1);

/** Endpoint `i` of programs/endpoints as the provider sends it. @param {{i: number, changed?: number, targetUrl: string, namePrefix?: string}} o */
export function endpointSpec({ i, changed = -1, targetUrl, namePrefix = "bench-endpoint" }) {
  return {
    name: `${namePrefix}-${i}`,
    type: "jenkins",
    project: "Default Project",
    description: `Benchmark endpoint ${i}`,
    isRestricted: false,
    properties: {
      url: `${targetUrl}/jenkins/${i}`,
      username: "bench",
      folderPath: i === changed ? "/jobs/changed" : "/jobs",
      password: `bench-password-${i}`,
    },
  };
}

/**
 * `task(item)` for every item, `concurrency` at a time; rejects with the first failure.
 * @template T @param {T[]} items @param {number} concurrency @param {(item: T) => Promise<unknown>} task
 */
export async function runPool(items, concurrency, task) {
  let next = 0;
  /** @type {{error: unknown} | undefined} */
  let failure;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      try {
        await task(items[next++]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw failure.error;
}

/** @typedef {{method: string, path: string, route: string, status: number, durationMs?: number, fault?: string}} LogEntry */
/** @typedef {{total: number, counts: Record<string, number>, entries: LogEntry[]}} RequestLog */

/** The server-generation probe: a client asks it once, to tell Aria Automation 8.x from VCF Automation 9. */
export const GENERATION_PROBE = "GET /automation/config.json";

/** How the emulator's log counts a request to a path it has no route for (8.x has none for the probe). */
const UNMATCHED_GET = "GET (unmatched)";

/**
 * The log's requests by route, the server-generation probe under its own name: 8.x has no such
 * path, so the emulator counts it among the unmatched requests, which are no one-off.
 * @param {RequestLog} log
 */
export function requestCounts(log) {
  const probePath = GENERATION_PROBE.slice("GET ".length);
  const probes = log.entries.filter(
    (entry) => entry.route === UNMATCHED_GET && entry.path === probePath,
  ).length;
  if (probes === 0) return log.counts;
  const { [UNMATCHED_GET]: unmatched = 0, ...counts } = log.counts;
  if (unmatched > probes) counts[UNMATCHED_GET] = unmatched - probes;
  counts[GENERATION_PROBE] = (counts[GENERATION_PROBE] ?? 0) + probes;
  return counts;
}

/** The emulator's operations client (emulator/ops/client.ts). @param {string} url */
export const emulatorOps = (url) =>
  /** @type {typeof import("../../emulator/ops/client.js")} */ (require(EMULATOR_MODULE)).emulatorOps(url);

/**
 * Starts the emulators of a run and stops them, and every process of the run (`killAll`), on Ctrl-C.
 * `start` answers a fresh emulator (with `options`); `stop` closes the current one.
 * @param {() => void} killAll @param {(msg: string) => void} [log]
 */
export async function emulatorSession(killAll, log) {
  const { startEmulator } = await import(EMULATOR_MODULE);
  /** @type {{url: string, close(): Promise<void>} | undefined} */
  let current;
  const stop = async () => {
    await current?.close();
    current = undefined;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      log?.(`${signal}: stopping every process of the run`);
      killAll();
      void stop().finally(() => process.exit(130));
    });
  }
  return {
    /** @param {Record<string, unknown>} [options] @returns {Promise<{url: string}>} */
    start: async (options) => (current = await startEmulator({ port: 0, seedResources: 0, ...options })),
    stop,
  };
}

/** @typedef {NonNullable<import("node:util").ParseArgsConfig["options"]>} Options */

/**
 * One command's options (`--help` prints `usage` and exits) and their parsers, whose errors print it.
 * @template {Options} O
 * @param {string} usage @param {O} options
 */
export function commandLine(usage, options) {
  const { values: args } = parseArgs({ options: { ...options, help: { type: "boolean" } } });
  if (/** @type {{ help?: boolean }} */ (args).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  /** @param {string} message @returns {never} */
  const usageError = (message) => {
    process.stderr.write(`${message}\n${usage}\n`);
    process.exit(2);
  };
  /**
   * An integer of at least 1 (or 0 with `allowZero`).
   * @param {string} name the option, without `--` @param {string} value
   */
  const positiveInt = (name, value, allowZero = false) => {
    const n = Number(value);
    if (Number.isInteger(n) && n >= (allowZero ? 0 : 1)) return n;
    return usageError(
      `--${name} must be a ${allowZero ? "non-negative" : "positive"} integer, got '${value}'`,
    );
  };
  /** A number greater than 0. @param {string} name the option, without `--` @param {string} value */
  const positiveNumber = (name, value) => {
    const n = Number(value);
    return Number.isFinite(n) && n > 0 ? n : usageError(`--${name}: '${value}' is not a positive number`);
  };
  /** A comma-separated list of positive integers. @param {string} name @param {string} value */
  const positiveInts = (name, value) => value.split(",").map((s) => positiveInt(name, s.trim()));
  /**
   * A comma-separated list of `what`s, each one of `known`.
   * @param {string} name
   * @param {string} value
   * @param {string[]} known
   * @param {string} what
   */
  const namesOf = (name, value, known, what) =>
    value
      .split(",")
      .map((v) =>
        known.includes(v.trim()) ? v.trim() : usageError(`--${name}: unknown ${what} '${v.trim()}'`),
      );
  return { args, usageError, positiveInt, positiveInts, positiveNumber, namesOf };
}
