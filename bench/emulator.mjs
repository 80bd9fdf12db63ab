// @ts-check
// The emulator's speed at 10,000 endpoints, each figure with its target (emulator/README.md,
// "Performance"): speed targets live here, where a slow machine makes a verdict, not a red test tier.
//   node bench/emulator.mjs [--count 10000] [--json]   (after `npm run build`)

import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { median } from "./lib/analysis.mjs";
import { EMULATOR_MODULE, REFRESH_TOKEN, runPool } from "./lib/common.mjs";

const PROJECTS = ["Default Project", "Platform", "Payments"];

/** @param {{count?: number}} [options] */
export async function measureEmulator({ count = 10_000 } = {}) {
  const { startEmulator } = await import(EMULATOR_MODULE);
  /** @type {Record<string, number>} */
  const figures = {};
  const started = performance.now();
  const emulator = await startEmulator({ port: 0 });
  figures["start (300 seeded resources), ms"] = performance.now() - started;
  try {
    const token = await login(emulator.url);
    /** @param {string} path */
    const get = async (path) => {
      const reply = await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (reply.status !== 200) throw new Error(`GET ${path}: HTTP ${reply.status} ${await reply.text()}`);
      return /** @type {any} */ (await reply.json());
    };
    /** The median of 25 GETs. @param {string} path */
    const timed = async (path) => {
      const times = [];
      for (let i = 0; i < 25; i += 1) {
        const t = performance.now();
        await get(path);
        times.push(performance.now() - t);
      }
      return median(times);
    };
    const name = (/** @type {number} */ n) => `ep-${String(n).padStart(5, "0")}`;
    const filter = (/** @type {string} */ f) =>
      `/pipeline/api/endpoints?${new URLSearchParams({ $filter: f })}`;
    const indexed = (/** @type {number} */ n) =>
      filter(`name eq '${name(n)}' and project eq '${PROJECTS[n % 3]}'`);
    const scan = filter("startswith(name,'ep-0999') and type eq 'jenkins'");

    const smallIndexed = await timed(indexed(7));
    const t = performance.now();
    await runPool(
      Array.from({ length: count }, (_, n) => n),
      16,
      async (n) => {
        const reply = await fetch(`${emulator.url}/pipeline/api/endpoints`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            name: name(n),
            type: n % 2 === 0 ? "jenkins" : "jira",
            project: PROJECTS[n % 3],
            properties:
              n % 2 === 0
                ? { url: "https://ci.test", password: "p" }
                : { url: "https://jira.test", username: "u" },
          }),
        });
        if (reply.status !== 200) throw new Error(`create ${n}: HTTP ${reply.status} ${await reply.text()}`);
        await reply.arrayBuffer();
      },
    );
    figures[`create ${count} endpoints (16 concurrent), ms`] = performance.now() - t;
    figures["median GET by name+project filter at ~0 endpoints, ms"] = smallIndexed;
    figures[`median GET by name+project filter at ${count}, ms`] = await timed(indexed(count - 124));
    figures[`median GET startswith() filter (full scan) at ${count}, ms`] = await timed(scan);
    figures[`median GET default list (top 25, name desc) at ${count}, ms`] =
      await timed("/pipeline/api/endpoints");
    figures[`median GET $skip=${count - 10} at ${count}, ms`] = await timed(
      `/pipeline/api/endpoints?$skip=${count - 10}`,
    );

    // The answers must be right before their speed means anything.
    const found = await get(indexed(count - 124));
    const jira = await get(`${filter("type eq 'jira'")}&$top=1`);
    if (found.totalCount !== 1 || jira.totalCount !== count / 2) {
      throw new Error(
        `wrong answers at ${count}: by name ${found.totalCount} (want 1), jira ${jira.totalCount}`,
      );
    }

    const at = (/** @type {string} */ what) => figures[`${what} at ${count}, ms`];
    const verdicts = [
      { target: "starts in under 1 s", ok: figures["start (300 seeded resources), ms"] < 1000 },
      {
        target: `an index lookup at ${count} within max(20 ms, 5 × its time when empty)`,
        ok: at("median GET by name+project filter") < Math.max(20, smallIndexed * 5),
      },
      {
        target: `a full-scan filter at ${count} under 150 ms`,
        ok: at("median GET startswith() filter (full scan)") < 150,
      },
      {
        target: `the default list at ${count} under 150 ms`,
        ok: at("median GET default list (top 25, name desc)") < 150,
      },
    ];
    return { figures, verdicts };
  } finally {
    await emulator.close();
  }
}

/** An access token of the emulator's admin. @param {string} url */
async function login(url) {
  const reply = await fetch(`${url}/iaas/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refreshToken: REFRESH_TOKEN }),
  });
  if (reply.status !== 200) throw new Error(`POST /iaas/api/login: HTTP ${reply.status}`);
  return /** @type {string} */ (/** @type {any} */ (await reply.json()).token);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { count: { type: "string", default: "10000" }, json: { type: "boolean" } },
  });
  const result = await measureEmulator({ count: Number(values.count) });
  if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    for (const [what, ms] of Object.entries(result.figures))
      process.stdout.write(`${ms.toFixed(1).padStart(9)}  ${what}\n`);
    for (const v of result.verdicts) process.stdout.write(`${v.ok ? "met   " : "MISSED"}  ${v.target}\n`);
  }
  process.exitCode = result.verdicts.every((v) => v.ok) ? 0 : 1;
}
