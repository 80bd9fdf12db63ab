import * as fs from "node:fs";
import fc from "fast-check";
import { histories, SoakCommand, Step } from "./commands";
import { Door, emptyModel } from "./model";
import { emptyTally, Real, Tally } from "./real";

/*
 * The soak (test/soak, docs/guides/faults.md "Random histories"): random histories of program edits,
 * changes made on the server by hand, faults and killed runs, each run by fast-check's model-based
 * testing against the real `pulumi` CLI and the emulator, with the invariants after every command.
 * A failing history is shrunk and written as a replay file, which `replay` runs again.
 */

/** A replay file: the door, fast-check's seed and path of the failing run, and its steps. */
export interface Replay {
  door: Door;
  seed?: number;
  path?: string;
  steps: Step[];
  /** What failed, when it was written. */
  violation?: string;
}

export interface SoakReport {
  door: Door;
  seed: number;
  histories: number;
  tally: Tally;
  seconds: number;
  /** Where the shrunk failing history was written. */
  replayFile?: string;
}

/** Runs one history (a list of commands) on a fresh stack of `real`. */
async function runHistory(
  real: Real,
  commands: Iterable<fc.AsyncCommand<ReturnType<typeof emptyModel>, Real>>,
) {
  await real.reset();
  await fc.asyncModelRun(() => ({ model: emptyModel(), real }), commands);
}

/**
 * `runs` random histories of at most `steps` steps on one stack of `door`, from `seed`; on a
 * failure, the shrunk history is written to `replayFile` (unless `shrink` is false, the first one).
 */
export async function soak(options: {
  door: Door;
  steps: number;
  seed: number;
  runs: number;
  replayFile: string;
  shrink?: boolean;
}): Promise<SoakReport> {
  const started = Date.now();
  const tally = emptyTally();
  const real = await Real.open(options.door, tally);
  let count = 0;
  try {
    const property = fc.asyncProperty(histories(options.steps), async (commands) => {
      count++;
      await runHistory(real, commands);
    });
    const result = await fc.check(property, {
      seed: options.seed,
      numRuns: options.runs,
      endOnFailure: options.shrink === false,
    });
    const report: SoakReport = {
      door: options.door,
      seed: options.seed,
      histories: count,
      tally,
      seconds: (Date.now() - started) / 1000,
    };
    if (result.failed && result.counterexample) {
      const steps = [...result.counterexample[0]].map((command) => (command as SoakCommand).step);
      const violation = String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance);
      const replay: Replay = {
        door: options.door,
        seed: result.seed,
        path: result.counterexamplePath ?? undefined,
        steps,
        violation,
      };
      fs.writeFileSync(options.replayFile, `${JSON.stringify(replay, null, 2)}\n`);
      tally.violations.push(violation);
      report.replayFile = options.replayFile;
    }
    return report;
  } finally {
    await real.close();
  }
}

/** Runs the history of a replay file again; its violation, if any, is in the report's tally. */
export async function replay(file: string): Promise<SoakReport> {
  const started = Date.now();
  const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as Replay;
  const tally = emptyTally();
  const real = await Real.open(recorded.door, tally);
  try {
    await runHistory(
      real,
      recorded.steps.map((step) => new SoakCommand(step)),
    );
  } catch (error) {
    tally.violations.push((error as Error).message);
  } finally {
    await real.close();
  }
  return {
    door: recorded.door,
    seed: recorded.seed ?? 0,
    histories: 1,
    tally,
    seconds: (Date.now() - started) / 1000,
  };
}

/** The report as text: steps by kind, faults met, kills, violations, time. */
export function formatReport(report: SoakReport): string {
  const { tally } = report;
  const steps = Object.entries(tally.steps).sort(([a], [b]) => a.localeCompare(b));
  const total = steps.reduce((sum, [, n]) => sum + n, 0);
  const lines = [
    `door ${report.door}, seed ${report.seed}: ${report.histories} histories, ${total} steps in ${report.seconds.toFixed(1)} s`,
    `  steps: ${steps.map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`,
    `  faults met: ${
      Object.entries(tally.faults)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ") || "none"
    }; kills landed: ${tally.kills}; extra runs: ${tally.extraRuns}; language hosts left: ${tally.languageHostsLeft}`,
    `  violations: ${tally.violations.length}`,
    ...tally.violations.map((v) => `    - ${v.split("\n").join("\n      ")}`),
  ];
  if (report.replayFile) lines.push(`  replay: npm run soak -- --replay ${report.replayFile}`);
  return lines.join("\n");
}
