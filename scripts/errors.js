// @ts-check
// The failures of the project's scripts, classified as Pulumi's Automation API classifies its own:
// what the machine lacks, what failed to build, which command failed with what it printed.
// `describeFailure` turns any of them into the one message a script prints.
"use strict";

/** The base of every classified failure: `kind` names the class in what a script prints. */
class ScriptError extends Error {
  /** @param {string} message @param {string} kind */
  constructor(message, kind) {
    super(message);
    this.name = new.target.name;
    this.kind = kind;
  }
}

/** Something the machine lacks and no step here can provide (no Go to build the engine, no Node for a leg). */
class MissingToolError extends ScriptError {
  /** @param {string} tool what is missing ("Node 24") @param {string} remedy what the user does about it */
  constructor(tool, remedy) {
    super(`${tool} is missing: ${remedy}`, "missing");
  }
}

/** A build (the engine from its Go modules, a Node binary from npm) that ran and failed. */
class BuildError extends ScriptError {
  /** @param {string} what what was being built @param {string} output the end of the build's output */
  constructor(what, output) {
    super(`building ${what} failed:\n${output}`, "build failed");
  }
}

/** A command (a `pulumi` operation, `npm`, `go`) that exited non-zero: its exit code and output. */
class CommandError extends ScriptError {
  /** @param {string} command @param {{ code: number | null, signal?: NodeJS.Signals | null, stdout?: string, stderr?: string }} result */
  constructor(command, result) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with ${result.code}`;
    const output = lastLines(result.stderr || result.stdout || "");
    super(`${command} ${how}${output ? `:\n${output}` : ""}`, "operation failed");
    this.command = command;
    this.code = result.code;
    this.signal = result.signal ?? null;
    this.stdout = result.stdout ?? "";
    this.stderr = result.stderr ?? "";
  }
}

/** The last `n` lines of a command's output. @param {string} text @param {number} [n] */
function lastLines(text, n = 30) {
  return String(text).trim().split("\n").slice(-n).join("\n");
}

/** The line a script prints for a failure: `kind: message` for a classified one. @param {unknown} err */
function describeFailure(err) {
  if (err instanceof ScriptError) return `${err.kind}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

module.exports = { ScriptError, MissingToolError, BuildError, CommandError, describeFailure, lastLines };
