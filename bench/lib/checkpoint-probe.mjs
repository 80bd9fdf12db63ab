// With --profile: the engine floor's create and destroy once more with PULUMI_SKIP_CHECKPOINTS=true.
// The engine writes the whole state after every step (on a `file://` backend, the whole file), so
// those phases cost O(N²) in the engine whatever the provider does; the difference between the two
// runs is what the checkpoints cost. The engine is Go, so this stands in for its profile.

import * as path from "node:path";
import { BenchStack } from "./engine-stack.mjs";
import { BENCH_DIR } from "./paths.mjs";

/** Answers `{n, create: {ms, engineCpuMs}, destroy: {ms, engineCpuMs}}` without checkpoints. */
export async function probeCheckpoints(n, ctx) {
  const stack = new BenchStack({
    programDir: path.join(BENCH_DIR, "programs", "trivial"),
    projectName: "bench",
    config: {},
    env: { PULUMI_SKIP_CHECKPOINTS: "true" },
    via: ctx.via,
    parallel: ctx.parallelFlag,
  });
  stack.setConfig("count", n);
  stack.setConfig("targetUrl", ctx.url);
  stack.setConfig("changed", -1);
  const out = { n };
  let created = false;
  try {
    for (const [phase, op] of [
      ["create", "up"],
      ["destroy", "destroy"],
    ]) {
      const res = await stack.run(op);
      created = phase === "create";
      out[phase] = { ms: res.ms, engineCpuMs: res.processes.engine?.cpuMs ?? null };
      ctx.log(`trivial N=${n} ${phase} without checkpoints: ${Math.round(res.ms)} ms`);
    }
  } finally {
    if (created) await stack.run("destroy").catch(() => {});
    stack.dispose();
  }
  return out;
}
