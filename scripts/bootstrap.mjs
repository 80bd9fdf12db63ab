#!/usr/bin/env node
// @ts-check
// Everything a fresh clone needs before `npm test`, `npm run demo` or `npm run bench`: dependencies,
// the self-link that lets programs import the package by name, the compiled package, and (with
// --engine) the Pulumi engine, and (with --system-tools) the Debian packages the release tests run
// (qemu and the arm64 C library, llvm-strip, osslsigncode). Each step is skipped when already done,
// so it is cheap to repeat.
// A failed step is printed classified (scripts/errors.js): which command failed, with what code.

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
/** @type {typeof import("./errors.js")} */
const { CommandError, describeFailure } = require("./errors.js");
/** @type {typeof import("./content-hash.js")} */
const { contentHash } = require("./content-hash.js");
/** @type {typeof import("./run-command.js")} */
const { findExecutable } = require("./run-command.js");
/** @type {typeof import("./plugin-targets.js")} */
const { STRIPPERS } = require("./plugin-targets.js");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: flags } = parseArgs({
  options: { engine: { type: "boolean" }, "system-tools": { type: "boolean" } },
});
const say = (/** @type {string} */ msg) => process.stderr.write(`[bootstrap] ${msg}\n`);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 18)) {
  say(`Node ${process.versions.node} is too old: pulumi-aria needs Node >= 20.18.1 (undici 7).`);
  process.exit(1);
}

/**
 * Runs one step's command with the terminal as its output; a non-zero exit is a CommandError (the
 * command's output is already on the terminal), a command that cannot start fails as it is.
 * @param {string} file
 * @param {string[]} args
 * @param {string} command the command as printed
 */
function runStep(file, args, command) {
  try {
    execFileSync(file, args, { cwd: root, stdio: "inherit" });
  } catch (err) {
    const e =
      /** @type {NodeJS.ErrnoException & { status?: number | null, signal?: NodeJS.Signals | null }} */ (err);
    if (typeof e.code === "string") throw err; // not started (ENOENT, ...): its own message says why
    throw new CommandError(command, { code: e.status ?? null, signal: e.signal ?? null });
  }
}

try {
  // 1. Dependencies: `npm ci` (exactly the lock file, as users' CI installs) when node_modules is
  // missing or was installed from another lock file. What it was installed from is a hash of the
  // lock file kept in node_modules/.aria-lock-hash; an install from before that file existed counts as
  // current while it is newer than the lock file. A node_modules that is a link (a git worktree
  // sharing another checkout's) is never reinstalled through the link: that would empty the other
  // checkout's. package.json pins unrs-resolver (jest's resolver) through `overrides` to a release
  // whose bindings for every platform are published, so that the lock file lists them all and
  // `npm ci` accepts it on any machine.
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
    runStep(npm, ["ci", "--no-audit", "--no-fund"], "npm ci --no-audit --no-fund");
    fs.writeFileSync(hashFile, `${lockHash}\n`);
  } else if (installedFrom === undefined) {
    fs.writeFileSync(hashFile, `${lockHash}\n`);
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
  runStep(
    process.execPath,
    [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
    "tsc -p tsconfig.json",
  );
  runStep(
    process.execPath,
    [path.join(root, "scripts", "policy-pack-files.mjs")],
    "node scripts/policy-pack-files.mjs",
  );

  // 4. The Pulumi engine, built once and cached outside the work tree.
  if (flags.engine) {
    runStep(
      process.execPath,
      [path.join(root, "scripts", "ensure-engine.mjs")],
      "node scripts/ensure-engine.mjs",
    );
  }

  // 5. The system packages the e2e tier's release tests use: the linux-arm64 plugin runs under qemu
  // with Debian's arm64 C library (test/e2e/release-archives.test.ts), the plugin build strips with
  // llvm-strip and unsigns the Windows executable with osslsigncode (scripts/build-plugin.mjs).
  // Installed with apt-get as root; otherwise one line says what to install, and those tests say it
  // again when they fail.
  if (flags["system-tools"]) ensureSystemTools();
} catch (err) {
  say(describeFailure(err));
  process.exit(1);
}

/** Each Debian package the release tests need, and a file that is there once it is installed. */
function systemPackages() {
  const onPath = (/** @type {string[]} */ ...names) => findExecutable(names) !== undefined;
  return [
    { pkg: "qemu-user-static", present: onPath("qemu-aarch64-static") },
    { pkg: "libc6-arm64-cross", present: fs.existsSync("/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1") },
    { pkg: "libstdc++6-arm64-cross", present: fs.existsSync("/usr/aarch64-linux-gnu/lib/libstdc++.so.6") },
    { pkg: "llvm", present: onPath(...STRIPPERS) },
    { pkg: "osslsigncode", present: onPath("osslsigncode") },
  ];
}

function ensureSystemTools() {
  const missing = systemPackages()
    .filter((p) => !p.present)
    .map((p) => p.pkg);
  if (missing.length === 0) return;
  const command = `apt-get install ${missing.join(" ")}`;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    say(
      `the release tests need ${missing.join(", ")}, which are not installed and cannot be installed here ` +
        `(${hasApt ? "not running as root" : "no apt-get"}): run \`sudo ${command}\` (Debian or Ubuntu), ` +
        "or those tests fail saying what is missing",
    );
    return;
  }
  say(`installing ${missing.join(", ")} (Debian packages the release tests use) with apt-get`);
  runStep("apt-get", ["update", "-qq"], "apt-get update -qq");
  runStep("apt-get", ["install", "-y", "-qq", ...missing], `${command} -y -qq`);
  const still = systemPackages().filter((p) => !p.present);
  if (still.length > 0) {
    throw new Error(`${command} ran, but ${still.map((p) => p.pkg).join(", ")} still cannot be found`);
  }
}
