// @ts-check
// The API floor: the calls each phase cannot avoid, made directly through the client with the
// engine's concurrency (its default `--parallel`), against the same emulator. Runs in its own
// process (as the provider does), so the emulator in the benchmark process does not share its
// event loop. Each phase uses a fresh client, as each engine run starts a fresh provider process,
// so the per-process one-offs (token exchange, `/about`) are in every phase; its calls are below.
// Usage: node bench/api-floor.mjs <job.json>; writes `{phases: {<phase>: {samplesMs, cpuMs, requests}}}`.

import * as fs from "node:fs";
import { performance } from "node:perf_hooks";
import {
  apiClient,
  changedAt,
  CLIENT_MODULE,
  emulatorOps,
  endpointSpec,
  requestCounts,
  runPool,
} from "./lib/common.mjs";

await import(CLIENT_MODULE); // loaded now, not in the first phase's time
/** @type {{url: string, count: number, repeat: number, concurrency: number, validate: boolean, resultFile: string}} */
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const indexes = Array.from({ length: job.count }, (_, i) => i);
/** @param {number} i @param {number} [changed] */
const spec = (i, changed = -1) => endpointSpec({ i, changed, targetUrl: job.url, namePrefix: "bench-floor" });
/** @type {string[]} */
const ids = new Array(job.count);
/** @type {Record<string, {samplesMs: number[], cpuMs: number[], requests: Record<string, number>}>} */
const out = {};

/**
 * One repetition of a phase, timed from a fresh client to its close.
 * @param {string} name
 * @param {(client: any) => Promise<unknown>} body
 */
async function phase(name, body) {
  await emulatorOps(job.url).clearRequests();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const client = apiClient(job.url);
  try {
    await body(client);
  } finally {
    await client.close();
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const counts = requestCounts(await emulatorOps(job.url).requests());
  const into = (out[name] ??= { samplesMs: [], cpuMs: [], requests: counts });
  into.samplesMs.push(ms);
  into.cpuMs.push((cpu.user + cpu.system) / 1000);
}

await phase("create", async (client) => {
  await client.getEndpointTiles();
  await runPool(indexes, job.concurrency, async (i) => {
    if (job.validate) await client.validateEndpoint(spec(i));
    ids[i] = (await client.createEndpoint(spec(i))).id;
  });
});
for (let r = 0; r < job.repeat; r++) await phase("preview", async () => {});
for (let r = 0; r < job.repeat; r++) {
  await phase("refresh", (client) => runPool(indexes, job.concurrency, (i) => client.getEndpoint(ids[i])));
}
for (let r = 0; r < job.repeat; r++) {
  const changed = changedAt(r);
  await phase("update", async (client) => {
    await client.getEndpointTiles();
    if (job.validate) await client.validateEndpoint(spec(0, changed));
    await client.updateEndpoint(ids[0], spec(0, changed));
  });
}
await phase("destroy", (client) => runPool(indexes, job.concurrency, (i) => client.deleteEndpoint(ids[i])));

fs.writeFileSync(job.resultFile, JSON.stringify({ phases: out }));
