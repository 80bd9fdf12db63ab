#!/usr/bin/env node
// @ts-check
// `npm run baselines`: writes this release's upgrade baselines (package.json's version) under
// test/fixtures/baselines/<version>/, each example program's stack export and emulator data after
// `up`, through test/e2e/upgrade-baselines.test.ts with PULUMI_ARIA_WRITE_BASELINE set (what they are
// and how a test restores them: test/e2e/upgrade-baselines.ts). The release script runs it.

import * as fs from "node:fs";
import * as path from "node:path";
import { describeFailure } from "./errors.js";
import { runSync } from "./run-command.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

try {
  runSync(
    process.execPath,
    ["scripts/test.mjs", "e2e", "--", "--runTestsByPath", "test/e2e/upgrade-baselines.test.ts"],
    { cwd: root, inherit: true, env: { ...process.env, PULUMI_ARIA_WRITE_BASELINE: version } },
  );
  runSync("npx", ["prettier", "--write", path.join("test", "fixtures", "baselines", version)], {
    cwd: root,
    inherit: true,
  });
  process.stderr.write(`[baselines] wrote test/fixtures/baselines/${version}\n`);
} catch (error) {
  process.stderr.write(`[baselines] ${describeFailure(error)}\n`);
  process.exit(1);
}
