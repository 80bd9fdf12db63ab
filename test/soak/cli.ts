import * as path from "node:path";
import { parseArgs } from "node:util";
import { Door } from "./model";
import { formatReport, replay, soak, SoakReport } from "./runner";

/*
 * `npm run soak -- [--steps N] [--door yaml|ts|both] [--seed S] [--runs R] [--no-shrink]` and
 * `npm run soak -- --replay FILE` (scripts/soak.mjs loads this file).
 */

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      steps: { type: "string", default: "10" },
      door: { type: "string", default: "both" },
      seed: { type: "string" },
      runs: { type: "string", default: "1" },
      replay: { type: "string" },
      "no-shrink": { type: "boolean", default: false },
      out: { type: "string", default: "." },
    },
  });
  const reports: SoakReport[] = [];
  if (values.replay) {
    reports.push(await replay(path.resolve(values.replay)));
  } else {
    const doors: Door[] = values.door === "both" ? ["ts", "yaml"] : [values.door as Door];
    if (!doors.every((door) => door === "ts" || door === "yaml")) throw new Error(`--door: yaml, ts or both`);
    const steps = Number(values.steps);
    if (!Number.isInteger(steps) || steps < 1)
      throw new Error(`--steps: a whole number of 1 or more, not '${values.steps}'`);
    const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
    for (const door of doors) {
      const report = await soak({
        door,
        seed,
        steps,
        runs: Number(values.runs),
        shrink: !values["no-shrink"],
        replayFile: path.resolve(values.out, `soak-replay-${door}-${seed}.json`),
      });
      reports.push(report);
      process.stdout.write(`${formatReport(report)}\n`);
    }
  }
  if (values.replay) process.stdout.write(`${formatReport(reports[0])}\n`);
  return reports.some((r) => r.tally.violations.length > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(2);
  },
);
