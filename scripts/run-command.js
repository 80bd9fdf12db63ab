// @ts-check
// One way to run a command for the project's scripts and tests: to its end, without blocking this
// process (an emulator in the same process keeps answering), its output piped and collected.
"use strict";

const { spawn, spawnSync } = require("node:child_process");
const { once } = require("node:events");
const fs = require("node:fs");
const path = require("node:path");
const { CommandError, MissingToolError } = require("./errors.js");

/**
 * `need`: why the command is needed, so that a command not found rejects with a MissingToolError.
 * @typedef {{ cwd?: string, env?: NodeJS.ProcessEnv, onStderr?: (chunk: string) => void, need?: string }} RunOptions
 */

/**
 * Runs `cmd` to its end and resolves what it did (`output`: stdout and stderr as they came), whatever
 * its exit code.
 * @param {string} cmd
 * @param {readonly string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string, output: string }>}
 */
async function runCommand(cmd, args, { onStderr, need, ...spawnOptions } = {}) {
  const child = spawn(cmd, args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
  const out = { stdout: "", stderr: "", output: "" };
  for (const stream of /** @type {const} */ (["stdout", "stderr"])) {
    child[stream].setEncoding("utf8");
    child[stream].on("data", (/** @type {string} */ chunk) => {
      out[stream] += chunk;
      out.output += chunk;
      if (stream === "stderr") onStderr?.(chunk);
    });
  }
  try {
    const [code, signal] = await once(child, "close");
    return { code, signal, ...out };
  } catch (err) {
    if (need === undefined || /** @type {NodeJS.ErrnoException} */ (err).code !== "ENOENT") throw err;
    throw new MissingToolError(cmd, `install it and put it on PATH (${cmd} is needed ${need})`);
  }
}

/** {@link runCommand}, rejecting with a CommandError unless the command exits 0. @param {string} cmd @param {readonly string[]} args @param {RunOptions} [options] */
async function runChecked(cmd, args, options = {}) {
  const result = await runCommand(cmd, args, options);
  if (result.code !== 0) throw new CommandError([cmd, ...args].join(" "), result);
  return result;
}

/**
 * Runs `cmd` to its end, blocking (for build scripts with nothing else to serve): its stdout (with
 * `inherit`, the terminal has its output instead), or a CommandError carrying the output; a command
 * that does not start throws its own error (ENOENT, ...), which says why.
 * @param {string} cmd
 * @param {readonly string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, inherit?: boolean }} [options]
 */
function runSync(cmd, args, { cwd, env, inherit = false } = {}) {
  const r = spawnSync(cmd, args, {
    cwd,
    env: env ?? process.env,
    encoding: "utf8",
    stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  const { status, signal, stdout, stderr } = r;
  if (status !== 0)
    throw new CommandError([cmd, ...args].join(" "), { code: status, signal, stdout, stderr });
  return stdout;
}

/** The first of `names` that is an executable in one of `dirs` (PATH's), as `<dir>/<name>`. @param {readonly string[]} names @param {readonly string[]} [dirs] */
function findExecutable(names, dirs = (process.env.PATH ?? "").split(path.delimiter)) {
  return names
    .flatMap((name) => dirs.map((dir) => path.join(dir, name)))
    .find((candidate) => {
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return true;
      } catch {
        return false; // not here
      }
    });
}

module.exports = { runCommand, runChecked, runSync, findExecutable };
