#!/usr/bin/env node
// @ts-check
// What one plugin process keeps per resource: the plugin's gRPC service driven in this process as the
// engine drives it (Configure; Check and Create of N endpoints, 8 at a time; Delete of them all),
// the heap after a full GC at 1/5, 1/2 and all of each. The emulator runs in this process too: its
// store is in the figures (its request log is emptied first). Peak RSS (the main run's) also holds garbage not yet
// collected; this says whether anything is retained.
//   npm run build && node --expose-gc bench/plugin-heap.mjs [N]

import { createRequire } from "node:module";
import * as path from "node:path";
import { EMULATOR_MODULE, emulatorOps, REFRESH_TOKEN, REPO_ROOT, runPool } from "./lib/common.mjs";

const require = createRequire(import.meta.url);
const dist = (/** @type {string} */ file) => require(path.join(REPO_ROOT, "dist", "provider", file));
const n = Number(process.argv[2] ?? 1000);
const gc = /** @type {() => void} */ (globalThis.gc);
if (!gc || !(n >= 5)) throw new Error("usage: node --expose-gc bench/plugin-heap.mjs [N >= 5]");
const emulator = await require(EMULATOR_MODULE).startEmulator({ port: 0, seedResources: 0 });
const protocol = dist("runtime/pulumi-internals.js").providerProtocol();
const { messages, struct } = protocol;
const service = dist("plugin/server.js").pluginService({ version: "0.0.0", schema: () => "{}" }, protocol);
/** @param {string} method @param {any} request @returns {Promise<any>} */
const call = (method, request) =>
  new Promise((resolve, reject) =>
    service[method]({ request }, (/** @type {any} */ e, /** @type {any} */ r) =>
      e ? reject(new Error(e.details)) : resolve(r),
    ),
  );
/** @param {string} label */
const heap = async (label) => {
  await emulatorOps(emulator.url).clearRequests();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  console.log(`${label}: heap ${(heapUsed / 1048576).toFixed(1)} MB, rss ${(rss / 1048576).toFixed(1)} MB`);
};
const configure = new messages.ConfigureRequest();
configure.getVariablesMap().set("aria:url", emulator.url);
configure.getVariablesMap().set("aria:refreshToken", REFRESH_TOKEN);
await call("configure", configure);
await heap("configured");
const marks = new Set([Math.floor(n / 5), Math.floor(n / 2), n]);
const urn = (/** @type {number} */ i) => `urn:pulumi:dev::bench::aria:index:Endpoint::e${i}`;
/** @type {Array<{id: string, outs: any} | undefined>} */
const created = [];
let done = 0;
await runPool([...Array(n).keys()], 8, async (i) => {
  const check = new messages.CheckRequest();
  check.setUrn(urn(i));
  check.setOlds(struct.Struct.fromJavaScript({}));
  const properties = { url: `${emulator.url}/jenkins/${i}`, username: "u", folderPath: "/jobs" };
  const inputs = { name: `heap-${i}`, type: "jenkins", project: "Default Project", properties };
  check.setNews(struct.Struct.fromJavaScript({ ...inputs, secretProperties: { password: `p-${i}` } }));
  const create = new messages.CreateRequest();
  create.setUrn(urn(i));
  create.setProperties((await call("check", check)).getInputs());
  const response = await call("create", create);
  created[i] = { id: response.getId(), outs: response.getProperties() };
  if (marks.has(++done)) await heap(`after ${done} creates`);
});
done = 0;
await runPool([...Array(n).keys()], 8, async (i) => {
  const request = new messages.DeleteRequest();
  request.setUrn(urn(i));
  request.setId(created[i]?.id);
  request.setProperties(created[i]?.outs);
  await call("delete", request);
  created[i] = undefined;
  if (marks.has(++done)) await heap(`after ${done} deletes`);
});
await emulator.close();
process.exit(0);
