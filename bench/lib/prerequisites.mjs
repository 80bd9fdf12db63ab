// What an engine run needs from the working tree: the compiled package and the self-link
// `node_modules/pulumi-aria` through which the provider process loads it. Both are made by
// scripts/bootstrap.mjs; an `npm install` elsewhere in the tree removes the link, a rebuild
// replaces dist/ for a moment, so the benchmark checks them before each size and restores them.

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { EMULATOR_MODULE, REPO_ROOT } from "./paths.mjs";

const NEEDED = [
  EMULATOR_MODULE,
  path.join(REPO_ROOT, "dist", "provider", "index.js"),
  path.join(REPO_ROOT, "dist", "provider", "dynamic", "impl.js"),
  path.join(REPO_ROOT, "node_modules", "pulumi-aria", "package.json"),
];

/** The prerequisites that are missing (empty when all are there). */
export function missingPrerequisites() {
  return NEEDED.filter((file) => !fs.existsSync(file)).map((file) => path.relative(REPO_ROOT, file));
}

/** Runs scripts/bootstrap.mjs when something is missing; throws if it is still missing after. */
export function restorePrerequisites(log) {
  const missing = missingPrerequisites();
  if (missing.length === 0) return;
  log(`missing ${missing.join(", ")}: running scripts/bootstrap.mjs`);
  execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts", "bootstrap.mjs")], {
    cwd: REPO_ROOT,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  const still = missingPrerequisites();
  if (still.length > 0) throw new Error(`still missing after bootstrap: ${still.join(", ")}`);
}
