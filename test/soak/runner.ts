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

/** What soak() takes: `runs` random histories of at most `steps` steps on one stack of `door`, from `seed`. */
export interface SoakOptions {
  door: Door;
  steps: number;
  seed: number;
  runs: number;
  /** Where a failing history is written (shrunk unless `shrink` is false). */
  replayFile: string;
  shrink?: boolean;
  /** A stack of the door to run on (its histories each start afresh); default: one opened and closed here. */
  real?: Real;
}

/** Opens a stack of `door` unless given one, runs `body` on it, and closes what it opened. */
async function onStack<T>(door: Door, given: Real | undefined, body: (real: Real) => Promise<T>): Promise<T> {
  const real = given ?? (await Real.open(door, emptyTally()));
  try {
    return await body(real);
  } finally {
    if (!given) await real.close();
  }
}

/** Random histories (see {@link SoakOptions}); a failure's shrunk history is written to `replayFile`. */
export async function soak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  return onStack(options.door, options.real, async (real) => {
    const tally = real.startTally();
    let count = 0;
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
      const error = result.errorInstance as Error | undefined;
      const violation = String(error?.message ?? error);
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
  });
}

/** Runs the history of a replay file again; its violation, if any, is in the report's tally. */
export async function replay(file: string, given?: Real): Promise<SoakReport> {
  const started = Date.now();
  const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as Replay;
  return onStack(recorded.door, given, async (real) => {
    const tally = real.startTally();
    try {
      await runHistory(
        real,
        recorded.steps.map((step) => new SoakCommand(step)),
      );
    } catch (error) {
      tally.violations.push((error as Error).message);
    }
    const seconds = (Date.now() - started) / 1000;
    return { door: recorded.door, seed: recorded.seed ?? 0, histories: 1, tally, seconds };
  });
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
