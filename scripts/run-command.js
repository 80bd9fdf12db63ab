// @ts-check
// One way to run a command for the project's scripts and tests: to its end, without blocking this
// process (an emulator in the same process keeps answering), its output piped and collected.
// The TypeScript tests take its types from this JSDoc (test/tsconfig.json's allowJs).
"use strict";

const { execFileSync, spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { CommandError, MissingToolError } = require("./errors.js");

/**
 * @typedef {object} RunOptions
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {(chunk: string) => void} [onStderr] sees each piece of stderr as it comes
 * @property {string} [need] why the command is needed: a command not found then rejects with a
 *   MissingToolError saying to install it (else with spawn's own error)
 */

/**
 * @typedef {object} RunResult
 * @property {number | null} code the exit code (null when a signal ended it)
 * @property {NodeJS.Signals | null} signal
 * @property {string} stdout
 * @property {string} stderr
 * @property {string} output stdout and stderr, as they came
 */

/**
 * Runs `cmd` with `args` to its end and resolves what it did, whatever its exit code.
 * @param {string} cmd
 * @param {readonly string[]} args
 * @param {RunOptions} [options]
 */
function runCommand(cmd, args, { onStderr, need, ...spawnOptions } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (/** @type {string} */ chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on("data", (/** @type {string} */ chunk) => {
      stderr += chunk;
      output += chunk;
      onStderr?.(chunk);
    });
    child.on("error", (err) =>
      reject(
        need !== undefined && /** @type {NodeJS.ErrnoException} */ (err).code === "ENOENT"
          ? new MissingToolError(cmd, `install it and put it on PATH (${cmd} is needed ${need})`)
          : err,
      ),
    );
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr, output }));
  });
}

/**
 * {@link runCommand}, rejecting with a CommandError (the command line, how it ended, the end of its
 * output) unless the command exits 0.
 * @param {string} cmd
 * @param {readonly string[]} args
 * @param {RunOptions} [options]
 */
async function runChecked(cmd, args, options = {}) {
  const result = await runCommand(cmd, args, options);
  if (result.code !== 0) throw new CommandError([cmd, ...args].join(" "), result);
  return result;
}

/**
 * Runs `cmd` with `args` to its end, blocking, its output collected; returns stdout, or throws a
 * CommandError carrying the output when it fails. For build scripts with nothing else to serve.
 * @param {string} cmd
 * @param {readonly string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 */
function runSync(cmd, args, { cwd, env } = {}) {
  try {
    return execFileSync(cmd, args, {
      cwd,
      env: env ?? process.env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    const e =
      /** @type {{ status: number | null, signal?: NodeJS.Signals | null, stdout?: string, stderr?: string }} */ (
        err
      );
    throw new CommandError([cmd, ...args].join(" "), {
      code: e.status,
      signal: e.signal,
      stdout: e.stdout,
      stderr: e.stderr,
    });
  }
}

/**
 * The first of `names` that is an executable file in one of `dirs` (by default PATH's directories,
 * in order), as `<dir>/<name>`; undefined when there is none.
 * @param {readonly string[]} names
 * @param {readonly string[]} [dirs]
 */
function findExecutable(names, dirs = (process.env.PATH ?? "").split(path.delimiter)) {
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        /* not here */
      }
    }
  }
  return undefined;
}

module.exports = { runCommand, runChecked, runSync, findExecutable };
