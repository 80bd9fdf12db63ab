#!/usr/bin/env node
// @ts-check
// Everything a fresh clone needs before `npm test`, `npm run demo` or `npm run bench`: dependencies,
// the self-link that lets programs import the package by name, the compiled package, with --engine
// the Pulumi engine, and with --system-tools the Debian packages the release tests run. Each step is
// skipped when already done, so it is cheap to repeat.

import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { describeFailure } from "./errors.js";
import { contentHash } from "./content-hash.js";
import { findExecutable, runSync } from "./run-command.js";
import { STRIPPERS } from "./plugin-targets.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: flags } = parseArgs({
  options: { engine: { type: "boolean" }, "system-tools": { type: "boolean" } },
});
const say = (/** @type {string} */ msg) => process.stderr.write(`[bootstrap] ${msg}\n`);

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 18)) {
  // The repository's tools (npm ci, this script, the test runner) still run on Node 20.18.1 or later;
  // the programs and tests run on the runtime legs' Node 22 and 24 (scripts/runtimes.js).
  say(`Node ${process.versions.node} is too old: pulumi-aria's tools need Node >= 20.18.1 (undici 7).`);
  process.exit(1);
}

// A step's command: its output the terminal's, a CommandError for a non-zero exit.
const step = { cwd: root, inherit: true };

try {
  // 1. `npm ci` when node_modules is missing or was installed from another lock file (its hash is kept
  // in node_modules/.aria-lock-hash; an install older than that file counts while newer than the
  // lock). A linked node_modules (a worktree sharing another checkout's) is never reinstalled
  // through the link: that would empty the other checkout's.
  const lock = path.join(root, "package-lock.json");
  const modules = path.join(root, "node_modules");
  const marker = path.join(modules, ".package-lock.json");
  const hashFile = path.join(modules, ".aria-lock-hash");
  const lockHash = fs.existsSync(lock) ? contentHash([fs.readFileSync(lock, "utf8")]) : "";
  const installedFrom = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, "utf8").trim() : undefined;
  const current = !fs.existsSync(marker)
    ? false
    : installedFrom !== undefined
      ? installedFrom === lockHash
      : !fs.existsSync(lock) || fs.statSync(lock).mtimeMs <= fs.statSync(marker).mtimeMs;
  const shared = fs.existsSync(modules) && fs.lstatSync(modules).isSymbolicLink();
  if (!current && shared) {
    say(
      `node_modules is a link (to ${fs.realpathSync(modules)}) installed from another lock file; ` +
        "not reinstalling through it: run npm ci where it points, or give this checkout its own",
    );
  } else if (!current) {
    say("installing dependencies (npm ci)");
    runSync("npm", ["ci", "--no-audit", "--no-fund"], step);
    fs.writeFileSync(hashFile, `${lockHash}\n`);
  } else if (installedFrom === undefined) {
    fs.writeFileSync(hashFile, `${lockHash}\n`);
  }

  // 2. node_modules/pulumi-aria -> the repository, so that programs resolve `pulumi-aria` as in a user's project.
  const self = path.join(root, "node_modules", "pulumi-aria");
  if (!fs.existsSync(self) || fs.realpathSync(self) !== fs.realpathSync(root)) {
    fs.rmSync(self, { recursive: true, force: true });
    fs.symlinkSync("..", self, "dir");
  }

  // 3. The package (provider and emulator) in dist/, the policy pack directory completed.
  say("compiling TypeScript (tsc)");
  const node = (/** @type {string} */ file, /** @type {string[]} */ ...args) =>
    runSync(process.execPath, [path.join(root, file), ...args], step);
  node("node_modules/typescript/bin/tsc", "-p", "tsconfig.json");
  node("scripts/policy-pack-files.mjs");
  // 4. The Pulumi engine, built once and cached outside the work tree.
  if (flags.engine) node("scripts/ensure-engine.mjs");
  // 5. What the release tests use: qemu and Debian's arm64 C library for the linux-arm64 plugin,
  // llvm-strip and osslsigncode for the plugin build. Installed with apt-get as root, else one line
  // says what to install.
  if (flags["system-tools"]) ensureSystemTools();
} catch (err) {
  say(describeFailure(err));
  process.exit(1);
}

/** The Debian packages the release tests need that are not there. */
function missingPackages() {
  const onPath = (/** @type {string[]} */ ...names) => findExecutable(names) !== undefined;
  return [
    { pkg: "qemu-user-static", present: onPath("qemu-aarch64-static") },
    { pkg: "libc6-arm64-cross", present: fs.existsSync("/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1") },
    { pkg: "libstdc++6-arm64-cross", present: fs.existsSync("/usr/aarch64-linux-gnu/lib/libstdc++.so.6") },
    { pkg: "llvm", present: onPath(...STRIPPERS) },
    { pkg: "osslsigncode", present: onPath("osslsigncode") },
  ].flatMap((p) => (p.present ? [] : [p.pkg]));
}

function ensureSystemTools() {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const command = `apt-get install ${missing.join(" ")}`;
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (process.getuid?.() !== 0 || !hasApt) {
    say(
      `the release tests need ${missing.join(", ")}, which are not installed and cannot be installed here ` +
        `(${hasApt ? "not running as root" : "no apt-get"}): run \`sudo ${command}\` (Debian or Ubuntu), ` +
        "or those tests fail saying what is missing",
    );
    return;
  }
  say(`installing ${missing.join(", ")} (Debian packages the release tests use) with apt-get`);
  runSync("apt-get", ["update", "-qq"], step);
  runSync("apt-get", ["install", "-y", "-qq", ...missing], step);
  const still = missingPackages();
  if (still.length > 0) throw new Error(`${command} ran, but ${still.join(", ")} still cannot be found`);
}
