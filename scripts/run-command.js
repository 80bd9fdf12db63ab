// @ts-check
// One way to run a command for the project's scripts and tests: to its end, without blocking this
// process (an emulator in the same process keeps answering), its output piped and collected.
// The TypeScript tests take its types from this JSDoc (test/tsconfig.json's allowJs).
"use strict";

const { spawn } = require("node:child_process");
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
 * @returns {Promise<RunResult>}
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
 * @returns {Promise<RunResult>}
 */
async function runChecked(cmd, args, options = {}) {
  const result = await runCommand(cmd, args, options);
  if (result.code !== 0) throw new CommandError([cmd, ...args].join(" "), result);
  return result;
}

module.exports = { runCommand, runChecked };
