// With --profile: one extra lifecycle of each program at one size, every node process of every
// operation CPU-profiled (lib/cpu-profiler.cjs), summarised per phase and process. Extra runs: they
// never count in the timings.

import * as path from "node:path";
import { summariseProfileDir } from "./cpu-profile.mjs";
import { runLifecycles } from "./lifecycle.mjs";
import { PHASES } from "./phases.mjs";

const PROGRAMS = ["trivial", "endpoints"];

/** Answers `{n, phases: {<phase>: {endpoints: [summary], trivial: [summary]}}}`; profiles stay in `outDir/profiles`. */
export async function profileLifecycle(n, outDir, ctx) {
  const dirFor = (program, phase) => path.join(outDir, "profiles", `${program}-${phase}`);
  const runs = await runLifecycles(PROGRAMS, { ...ctx, n, repeat: 1, profileDirFor: dirFor });
  const profiles = { n, phases: {} };
  for (const { name } of PHASES) {
    profiles.phases[name] = {};
    for (const program of PROGRAMS) {
      const first = runs[program].phases[name].samples[0];
      profiles.phases[name][program] = summariseProfileDir(dirFor(program, name), {
        providerPids: first.processes.provider?.pids ?? [],
        programPid: first.programPid,
      });
    }
  }
  return profiles;
}
