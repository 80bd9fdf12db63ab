// @ts-check
// Preloaded into the provider process by bench/realistic.mjs --connections: sets the client's
// connection cap (MAX_CONNECTIONS of provider/client/transport.ts) to BENCH_MAX_CONNECTIONS. The
// transport reads `exports.MAX_CONNECTIONS` when it opens its pool (at the first request), after this.
"use strict";

const Module = require("node:module");

const cap = Number(process.env.BENCH_MAX_CONNECTIONS);
if (!Number.isInteger(cap) || cap < 1) {
  throw new Error(
    `BENCH_MAX_CONNECTIONS must be a positive integer, got '${process.env.BENCH_MAX_CONNECTIONS}'`,
  );
}
// @ts-expect-error Module._load is internal
const load = Module._load;
// @ts-expect-error Module._load is internal
Module._load = function loadWithCap(request, ...rest) {
  const exported = load.call(this, request, ...rest);
  if (/(^|\/)transport(\.js)?$/.test(request) && typeof exported?.MAX_CONNECTIONS === "number") {
    exported.MAX_CONNECTIONS = cap;
  }
  return exported;
};
