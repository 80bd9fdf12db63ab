// @ts-check
// Preloaded (`node -r`) into scripts/run-op.js by the benchmark: times the engine operation itself
// (the Automation API's `stack.up/preview/refresh/destroy`, i.e. one `pulumi` CLI run), leaving out
// the workspace and config setup that run-op does before it. Writes `{op, ms}` to the file named by
// BENCH_TIMING_FILE when the process exits.
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
