import * as os from "node:os";
import * as path from "node:path";
import { Door } from "../soak/model";
import { emptyTally, Real } from "../soak/real";
import { formatReport, replay, soak, SoakReport } from "../soak/runner";

/*
 * The soak in `npm test` (test/soak, docs/guides/faults.md "Random histories"): per door, one stack
 * runs the replays of the bugs the soak found (test/fixtures/soak) and a fixed handful of seeds with
 * few steps, against the real `pulumi` CLI and the emulator, with the invariants after every step.
 * The long soak is `npm run soak`.
 */

jest.setTimeout(600_000);

const FIXTURES = path.join(__dirname, "..", "fixtures", "soak");
/**
 * A seed whose history of STEPS steps runs them all (add, restrict, add): on an empty model, many
 * drawn first steps cannot run and are skipped.
 */
const SEEDS = [1];
const STEPS = 3;

/** Passes when the run met no violation; else fails with its report. */
function expectClean(report: SoakReport): void {
  if (report.tally.violations.length > 0) throw new Error(formatReport(report));
}

describe.each<[Door, string]>([
  ["ts", "killed-up-ts.json"],
  ["yaml", "killed-up-yaml.json"],
])("the soak, door %s", (door, fixture) => {
  let real: Real;

  beforeAll(async () => {
    real = await Real.open(door, emptyTally());
  });

  afterAll(async () => {
    await real?.close();
  });

  it(`replays ${fixture}: an up killed leaves no provider process behind`, async () => {
    const report = await replay(path.join(FIXTURES, fixture), real);
    expectClean(report);
    // The kill landed (or the replay proves nothing).
    expect(report.tally.kills).toBe(1);
  });

  it.each(SEEDS)(`runs seed %i for ${STEPS} steps without a violation`, async (seed) => {
    const report = await soak({
      door,
      seed,
      steps: STEPS,
      runs: 1,
      shrink: false,
      replayFile: path.join(os.tmpdir(), `soak-replay-${door}-${seed}.json`),
      real,
    });
    expectClean(report);
    expect(report.histories).toBe(1);
    const ran = Object.values(report.tally.steps).reduce((sum, n) => sum + n, 0);
    expect(ran).toBeGreaterThanOrEqual(2);
  });
});
