// @ts-check
// Preloaded (`node -r`) into scripts/run-op.js: times the Automation API's operation itself (one `pulumi`
// run), not run-op's workspace setup, and writes `[{op, ms}]` to BENCH_TIMING_FILE on exit.
"use strict";

const fs = require("node:fs");
const { performance } = require("node:perf_hooks");
const { Stack } = require("@pulumi/pulumi/automation");

const timings = [];
for (const op of ["up", "preview", "refresh", "destroy"]) {
  const original = Stack.prototype[op];
  Stack.prototype[op] = async function timed(...args) {
    const start = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      timings.push({ op, ms: performance.now() - start });
    }
  };
}

process.on("exit", () => {
  if (process.env.BENCH_TIMING_FILE) fs.writeFileSync(process.env.BENCH_TIMING_FILE, JSON.stringify(timings));
});
