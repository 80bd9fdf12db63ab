/*
 * Upgrades that change nothing: each example program's baseline of the newest release that has one
 * (upgrade-baselines.ts: its stack export and the emulator's data after `up`) is restored, the stack
 * imported into a fresh backend and the emulator started on the data, and the current build previews
 * and refreshes it with `--expect-no-changes`: a change that would update or replace what a release
 * made fails here, as the CHANGELOG's "what counts as breaking" says.
 *
 * With PULUMI_ARIA_WRITE_BASELINE=<release> (`npm run baselines`, scripts/baselines.mjs) it writes that
 * release's baselines instead.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { changes, expectOk } from "../support/program-stack";
import { JENKINS_PASSWORD } from "./language-examples";
import {
  BASELINE_PROGRAMS,
  baselineDir,
  decrypt,
  newestBaselineRelease,
  restoreBaseline,
  SECRETS,
  stackKey,
  writeBaseline,
} from "./upgrade-baselines";

jest.setTimeout(10 * 60 * 1000);

const writing = process.env.PULUMI_ARIA_WRITE_BASELINE;

/** Every `ciphertext` of a secret in a stack export. */
function ciphertexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(ciphertexts);
  if (value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  if (typeof record.ciphertext === "string") return [record.ciphertext];
  return Object.values(record).flatMap(ciphertexts);
}

if (writing) {
  describe(`writing the baselines of ${writing}`, () => {
    it.each(BASELINE_PROGRAMS)("%s", async (program) => {
      await writeBaseline(writing, program);
      expect(fs.existsSync(path.join(baselineDir(writing, program), "stack.json"))).toBe(true);
    });
  });
} else {
  const release = newestBaselineRelease();

  describe(`upgrading from ${release}`, () => {
    it.each(BASELINE_PROGRAMS)("%s's baseline holds no secret in clear", (program) => {
      const dir = baselineDir(release, program);
      const stack = JSON.parse(fs.readFileSync(path.join(dir, "stack.json"), "utf8"));
      for (const name of ["stack.json", "emulator.json", "baseline.json"]) {
        const text = fs.readFileSync(path.join(dir, name), "utf8");
        for (const secret of SECRETS) expect(text).not.toContain(secret);
      }
      // Encrypted as the stack's secrets provider does: its own secrets decrypt with the same key.
      const key = stackKey(stack);
      const found = ciphertexts(stack.deployment.resources).map((c) => decrypt(key, c));
      expect(found.join("\n")).toContain(JENKINS_PASSWORD);
    });

    it.each(BASELINE_PROGRAMS)("%s previews and refreshes with no change", async (program) => {
      const restored = await restoreBaseline(release, program);
      try {
        expect(changes(expectOk(await restored.stack.preview({ expectNoChanges: true })))).toEqual({});
        expect(changes(expectOk(await restored.stack.refresh({ expectNoChanges: true })))).toEqual({});
      } finally {
        await restored.close();
      }
    });
  });
}
