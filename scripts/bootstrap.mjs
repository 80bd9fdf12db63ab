#!/usr/bin/env node
// Everything a fresh clone needs before `npm test`, `npm run demo` or `npm run bench`: dependencies,
// the self-link that lets programs import the package by name, the compiled package, and (with
// --engine) the Pulumi engine. Each step is skipped when already done, so it is cheap to repeat.

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: flags } = parseArgs({ options: { engine: { type: "boolean" } } });
const say = (msg) => process.stderr.write(`[bootstrap] ${msg}\n`);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 18)) {
  say(`Node ${process.versions.node} is too old: pulumi-aria needs Node >= 20.18.1 (undici 7).`);
  process.exit(1);
}

// 1. Dependencies: `npm ci` (exactly the lock file, as users' CI installs) when node_modules is
// missing or older than the lock file. package.json pins unrs-resolver (jest's resolver) through
// `overrides` to a release whose bindings for every platform are published, so that the lock file
// lists them all and `npm ci` accepts it on any machine.
const lock = path.join(root, "package-lock.json");
const marker = path.join(root, "node_modules", ".package-lock.json");
if (
  !fs.existsSync(marker) ||
  (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs)
) {
  say("installing dependencies (npm ci)");
  execFileSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
}

// 2. node_modules/pulumi-aria -> the repository, so that example and test programs, and the
// dynamic-provider process that runs from their directory, resolve `pulumi-aria` exactly as in a
// user's project.
const self = path.join(root, "node_modules", "pulumi-aria");
let linked = false;
try {
  linked = fs.realpathSync(self) === fs.realpathSync(root);
} catch {
  /* missing */
}
if (!linked) {
  fs.rmSync(self, { recursive: true, force: true });
  fs.symlinkSync("..", self, "dir");
}

// 3. Compile the package (provider and emulator) to dist/, and complete the policy pack directory.
say("compiling TypeScript (tsc)");
execFileSync(
  process.execPath,
  [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
  { cwd: root, stdio: "inherit" },
);
execFileSync(process.execPath, [path.join(root, "scripts", "policy-pack-files.mjs")], {
  cwd: root,
  stdio: "inherit",
});

// 4. The Pulumi engine, built once and cached outside the work tree.
if (flags.engine) {
  execFileSync(process.execPath, [path.join(root, "scripts", "ensure-engine.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
}
