// Everything measured for one N: the endpoints program and the engine floor in lockstep
// (lib/lifecycle.mjs), then the API floor (api-floor.mjs, a child process), `cycles` times over.

import * as os from "node:os";
import { runScript } from "./children.mjs";
import { epochCount, epochsSince } from "./concurrency-probe.mjs";
import { runLifecycles } from "./lifecycle.mjs";
import { providerSizes } from "./provider-size.mjs";

function mergeSamples(target, phases) {
  for (const [name, phase] of Object.entries(phases)) {
    target.phases[name] ??= { samples: [] };
    target.phases[name].samples.push(...phase.samples);
  }
}

/** Runs the API floor for N and answers its phases, with the most requests in flight per phase. */
async function apiFloor(n, ctx) {
  const marker = epochCount();
  const api = await runScript("api-floor.mjs", {
    url: ctx.url,
    refreshToken: ctx.refreshToken,
    count: n,
    repeat: ctx.repeat,
    concurrency: ctx.parallel,
    validate: ctx.validate !== false,
    targetUrl: ctx.url,
    namePrefix: "bench-floor",
  });
  // The floor resets the request log once per phase, in this order: one probe epoch each.
  const order = ["create", ...Array(ctx.repeat).fill("preview"), ...Array(ctx.repeat).fill("refresh")];
  order.push("update", "destroy");
  const epochs = epochsSince(marker);
  for (const [name, phase] of Object.entries(api.phases)) {
    phase.maxInFlight = Math.max(0, ...order.map((p, i) => (p === name ? (epochs[i]?.maxInFlight ?? 0) : 0)));
  }
  return api.phases;
}

/**
 * Measures one size. Answers `{endpoints, engineFloor, apiFloor, provider, loadAverage, warnings}`.
 * @param {number} n
 * @param {{url, refreshToken, repeat, cycles, validate, parallel, log}} ctx
 */
export async function measureSize(n, ctx) {
  const entry = {
    endpoints: { phases: {} },
    engineFloor: { phases: {} },
    apiFloor: { phases: {} },
    warnings: [],
  };
  for (let cycle = 0; cycle < ctx.cycles; cycle++) {
    const runs = await runLifecycles(["trivial", "endpoints"], { ...ctx, n, exportAfterCreate: cycle === 0 });
    mergeSamples(entry.engineFloor, runs.trivial.phases);
    mergeSamples(entry.endpoints, runs.endpoints.phases);
    if (cycle === 0) entry.provider = providerSizes(runs.endpoints.deployment);
    entry.warnings.push(...runs.trivial.warnings, ...runs.endpoints.warnings);

    ctx.log(`API floor N=${n}`);
    for (const [name, phase] of Object.entries(await apiFloor(n, ctx))) {
      const into = (entry.apiFloor.phases[name] ??= {
        samplesMs: [],
        cpuMs: [],
        requests: phase.requests,
        maxInFlight: 0,
      });
      into.samplesMs.push(...phase.samplesMs);
      into.cpuMs.push(...phase.cpuMs);
      into.maxInFlight = Math.max(into.maxInFlight, phase.maxInFlight);
    }
  }
  entry.loadAverage = os.loadavg()[0];
  return entry;
}
