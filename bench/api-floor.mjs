// The API floor: the calls each phase cannot avoid, made directly through the client with the
// engine's concurrency (its default `--parallel`), against the same emulator. Runs in its own
// process (as the provider does), so the emulator in the benchmark process does not share its
// event loop. Each phase uses a fresh client, as each engine run starts a fresh provider process,
// so the per-process one-offs (token exchange, `/about`) are in every phase.
//
//   create   GET /endpoint-tiles, then per endpoint [POST /endpoint-validation] + POST /endpoints
//   preview  nothing (an unchanged endpoint needs no request)
//   refresh  GET /endpoints/{id} per endpoint
//   update   GET /endpoint-tiles, [POST /endpoint-validation] + PUT /endpoints/{id} of one endpoint
//   destroy  DELETE /endpoints/{id} per endpoint
//
// Usage: node bench/api-floor.mjs <job.json>  (job: see lib/measure-size.mjs); writes
// `{phases: {<phase>: {samplesMs, cpuMs, requests, total}}}` to job.resultFile.

import * as fs from "node:fs";
import { performance } from "node:perf_hooks";
import { CLIENT_MODULE } from "./lib/paths.mjs";
import { endpointSpec } from "./lib/endpoint-spec.mjs";
import { fetchRequestLog, resetRequestLog } from "./lib/request-log.mjs";
import { runPool } from "./lib/pool.mjs";

const { createClient, resolveClientConfig } = await import(CLIENT_MODULE);

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const newClient = () =>
  createClient(resolveClientConfig({ "vra:url": job.url, "vra:refreshToken": job.refreshToken }, {}));
const indexes = Array.from({ length: job.count }, (_, i) => i);
const spec = (i, changed = -1) =>
  endpointSpec({ i, changed, targetUrl: job.targetUrl, namePrefix: job.namePrefix });

/** Times one phase: a fresh client, the calls, the client closed; with the request counts. */
async function phase(body) {
  await resetRequestLog(job.url);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const client = newClient();
  try {
    await body(client);
  } finally {
    await client.close();
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const log = await fetchRequestLog(job.url);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, requests: log.counts, total: log.total };
}

const ids = new Array(job.count);
const out = {};
const record = (name, r) => {
  out[name] ??= { samplesMs: [], cpuMs: [], requests: r.requests, total: r.total };
  out[name].samplesMs.push(r.ms);
  out[name].cpuMs.push(r.cpuMs);
};

record(
  "create",
  await phase(async (client) => {
    await client.getEndpointTiles();
    await runPool(indexes, job.concurrency, async (i) => {
      if (job.validate) await client.validateEndpoint(spec(i));
      ids[i] = (await client.createEndpoint(spec(i))).id;
    });
  }),
);
for (let r = 0; r < job.repeat; r++) record("preview", await phase(async () => {}));
for (let r = 0; r < job.repeat; r++) {
  record(
    "refresh",
    await phase((client) => runPool(indexes, job.concurrency, (i) => client.getEndpoint(ids[i]))),
  );
}
record(
  "update",
  await phase(async (client) => {
    await client.getEndpointTiles();
    if (job.validate) await client.validateEndpoint(spec(0, 0));
    await client.updateEndpoint(ids[0], spec(0, 0));
  }),
);
record(
  "destroy",
  await phase((client) => runPool(indexes, job.concurrency, (i) => client.deleteEndpoint(ids[i]))),
);

fs.writeFileSync(job.resultFile, JSON.stringify({ phases: out }));
