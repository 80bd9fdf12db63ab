// `getEndpoints` over many endpoints, against fetching one page. Runs in its own process, as a
// program process would: seeds `count` endpoints directly through the client (concurrently, not
// measured), then times `getEndpoints()` (every page; cold: with the program client's token
// exchange and `/about`, then warm) and `getEndpoints({top: <page size>})` (one page), counting the
// requests of each from the emulator's log. Credentials come from VRA_URL and VRA_REFRESH_TOKEN,
// as a program's would without stack config.
//
// Usage: node bench/lookup.mjs <job.json>  (job: {url, refreshToken, count, concurrency, repeat,
// resultFile}); writes the result JSON to job.resultFile.

import * as fs from "node:fs";
import { performance } from "node:perf_hooks";
import { endpointSpec } from "./lib/endpoint-spec.mjs";
import { CLIENT_MODULE, PACKAGE_MODULE } from "./lib/paths.mjs";
import { runPool } from "./lib/pool.mjs";
import { fetchRequestLog, resetRequestLog } from "./lib/request-log.mjs";
import { median } from "./lib/stats.mjs";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
process.env.VRA_URL = job.url;
process.env.VRA_REFRESH_TOKEN = job.refreshToken;
const { createClient, resolveClientConfig, DEFAULT_PAGE_SIZE } = await import(CLIENT_MODULE);
const { getEndpoints } = await import(PACKAGE_MODULE);

// Seed.
const seedStart = performance.now();
const seeder = createClient(
  resolveClientConfig({ "vra:url": job.url, "vra:refreshToken": job.refreshToken }, {}),
);
await runPool(
  Array.from({ length: job.count }, (_, i) => i),
  job.concurrency,
  (i) => seeder.createEndpoint(endpointSpec({ i, targetUrl: job.url, namePrefix: "lookup" })),
);
await seeder.close();
const seedMs = performance.now() - seedStart;

/** One timed call with its requests. */
async function measure(call) {
  await resetRequestLog(job.url);
  const start = performance.now();
  const result = await call();
  const ms = performance.now() - start;
  const log = await fetchRequestLog(job.url);
  const listRequests = Object.entries(log.counts)
    .filter(([route]) => /^GET .*\/endpoints$/.test(route))
    .reduce((sum, [, n]) => sum + n, 0);
  return { ms, returned: result.endpoints.length, requests: log.counts, total: log.total, listRequests };
}

const cold = await measure(() => getEndpoints());
const warm = [];
for (let r = 0; r < job.repeat; r++) warm.push(await measure(() => getEndpoints()));
const page = [];
for (let r = 0; r < job.repeat; r++) page.push(await measure(() => getEndpoints({ top: DEFAULT_PAGE_SIZE })));

const summary = (samples) => ({
  ...samples[0],
  samplesMs: samples.map((s) => s.ms),
  ms: median(samples.map((s) => s.ms)),
});
fs.writeFileSync(
  job.resultFile,
  JSON.stringify({
    count: job.count,
    pageSize: DEFAULT_PAGE_SIZE,
    expectedListRequests: Math.ceil(job.count / DEFAULT_PAGE_SIZE),
    seedMs,
    all: { cold, warm: summary(warm) },
    onePage: summary(page),
  }),
);
process.exit(0);
