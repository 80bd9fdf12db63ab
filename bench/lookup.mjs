// @ts-check
// `getEndpoints()` over `count` endpoints (seeded through the client, not timed; cold, then warm)
// against one page, with the requests of each, in a process of its own as a program would run it.
// Usage: node bench/lookup.mjs <job.json> (job: url, count, concurrency, repeat, resultFile)

import * as fs from "node:fs";
import { performance } from "node:perf_hooks";
import { median } from "./lib/analysis.mjs";
import {
  apiClient,
  CLIENT_MODULE,
  emulatorOps,
  endpointSpec,
  PACKAGE_MODULE,
  REFRESH_TOKEN,
  runPool,
} from "./lib/common.mjs";

/** @type {{url: string, count: number, concurrency: number, repeat: number, resultFile: string}} */
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
process.env.VRA_URL = job.url;
process.env.VRA_REFRESH_TOKEN = REFRESH_TOKEN;
const { DEFAULT_PAGE_SIZE } = await import(CLIENT_MODULE);
const { getEndpoints } = await import(PACKAGE_MODULE);

const seedStart = performance.now();
const seeder = apiClient(job.url);
await runPool(
  Array.from({ length: job.count }, (_, i) => i),
  job.concurrency,
  (i) => seeder.createEndpoint(endpointSpec({ i, targetUrl: job.url, namePrefix: "lookup" })),
);
await seeder.close();
const seedMs = performance.now() - seedStart;

/** A call `times` times, with the requests of the first. @param {number} times @param {() => Promise<{endpoints: unknown[]}>} call */
async function measure(times, call) {
  const samplesMs = [];
  let first;
  for (let r = 0; r < times; r++) {
    await emulatorOps(job.url).clearRequests();
    const start = performance.now();
    const result = await call();
    samplesMs.push(performance.now() - start);
    const log = await emulatorOps(job.url).requests();
    const listRequests = Object.entries(log.counts)
      .filter(([route]) => /^GET .*\/endpoints$/.test(route))
      .reduce((sum, [, n]) => sum + n, 0);
    first ??= { total: log.total, listRequests, returned: result.endpoints.length };
  }
  return { ...first, samplesMs, ms: median(samplesMs) };
}

const cold = await measure(1, () => getEndpoints());
const warm = await measure(job.repeat, () => getEndpoints());
const onePage = await measure(job.repeat, () => getEndpoints({ top: DEFAULT_PAGE_SIZE }));
fs.writeFileSync(
  job.resultFile,
  JSON.stringify({
    count: job.count,
    pageSize: DEFAULT_PAGE_SIZE,
    expectedListRequests: Math.ceil(job.count / DEFAULT_PAGE_SIZE),
    seedMs,
    all: { cold, warm },
    onePage,
  }),
);
process.exit(0);
