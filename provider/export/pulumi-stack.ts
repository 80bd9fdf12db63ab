/**
 * `aria-export --stack`: the user's own `pulumi` (the first on PATH, with the user's backend and
 * secrets settings from the environment) makes or chooses the stack in the generated project and
 * sets each secret in its config. A value only ever goes to `pulumi config set --secret KEY` on its
 * standard input, never on a command line (which every user of the machine can read); whatever
 * `pulumi` prints is scrubbed of the values before it is shown.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { redactValues } from "../client/redact";
import type { SecretValue } from "./stack-secrets";

/** What one `pulumi` process did. */
export interface PulumiResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `pulumi` with these arguments in the project directory, with `input` on its standard input. */
export type RunPulumi = (args: readonly string[], input?: string) => Promise<PulumiResult>;

/** A failure of `--stack`, with what happened and what to run; `pulumi`'s output already scrubbed. */
export class StackConfigError extends Error {
  override name = "StackConfigError";
}

/** The executable a command name resolves to on PATH (undefined when there is none). */
export function findOnPath(
  command: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const extensions = platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    for (const extension of extensions) {
      const candidate = path.join(dir, command + extension);
      try {
        if (fs.statSync(candidate).isFile()) {
          fs.accessSync(candidate, fs.constants.X_OK);
          return candidate;
        }
      } catch {
        // Not here.
      }
    }
  }
  return undefined;
}

/** Runs the `pulumi` executable `pulumi` in `cwd`; a value goes on stdin, never on the command line. */
export function pulumiRunner(pulumi: string, cwd: string, env: NodeJS.ProcessEnv = process.env): RunPulumi {
  return (args, input) =>
    new Promise((resolve, reject) => {
      const child = spawn(pulumi, [...args], {
        cwd,
        env,
        stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout!.on("data", (d) => (stdout += d));
      child.stderr!.on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code, signal) =>
        resolve({
          code: code ?? (signal ? 128 : -1),
          stdout,
          stderr: signal ? `${stderr}(${signal})` : stderr,
        }),
      );
      // A process that exits before reading its input must not crash this one (EPIPE).
      child.stdin?.on("error", () => undefined);
      child.stdin?.end(input);
    });
}

/**
 * The text of a value as `pulumi config set` must read it from stdin: it drops one trailing
 * newline of what it reads (cmdutil.RemoveTrailingNewline), so one is added and the value arrives
 * exactly as it is, trailing newlines (of a PEM key, say) included.
 */
export function stdinOf(value: string): string {
  return `${value}\n`;
}

/** The last lines of what `pulumi` printed, scrubbed of the secrets, for a message. */
export function scrubbedTail(result: PulumiResult, secrets: readonly string[], lines = 12): string {
  const text = (result.stderr.trim() || result.stdout.trim() || "(no output)")
    .split("\n")
    .slice(-lines)
    .join("\n");
  // Values shorter than redactValues' minimum are not replaced; pulumi never prints a value anyway.
  return redactValues(text, secrets);
}

/** What {@link setStackSecrets} did, to report and to undo. */
export interface StackSecretsResult {
  /** Whether this run created the stack (else it existed and was chosen). */
  readonly created: boolean;
  /** The keys set, in order. */
  readonly keys: readonly string[];
  /** Removes the stack if this run created it (config set in the project directory goes with it). */
  undo(): Promise<void>;
}

/**
 * Makes stack `stack` in the project directory (or chooses it, when it exists) and sets each value
 * as a secret in its config. On a failure the stack is removed again if this run made it, and a
 * {@link StackConfigError} says what failed and what to run.
 */
export async function setStackSecrets(options: {
  readonly run: RunPulumi;
  readonly stack: string;
  readonly values: readonly SecretValue[];
}): Promise<StackSecretsResult> {
  const { run, stack, values } = options;
  const secrets = values.map((v) => v.value);
  const noInput = "--non-interactive";
  const init = await run(["stack", "init", stack, "--no-select", noInput]);
  let created = init.code === 0;
  if (!created) {
    // An existing stack is chosen; any other failure of init is the one to report.
    const exists = await run(["stack", "--show-name", "--stack", stack, noInput]);
    if (exists.code !== 0) {
      throw new StackConfigError(
        `\`pulumi stack init ${stack}\` failed (exit ${init.code}):\n${scrubbedTail(init, secrets)}\n` +
          "Nothing was written. Fix what pulumi says (log in with `pulumi login`; for a passphrase-protected " +
          "backend set PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE) and run aria-export again, or " +
          "run it without --stack and set the secrets by hand as the project's README shows.",
      );
    }
  }
  const undo = async (): Promise<void> => {
    if (!created) return;
    const removed = await run(["stack", "rm", stack, "--yes", "--force", noInput]);
    if (removed.code !== 0) {
      throw new StackConfigError(
        `removing stack ${stack} again failed (exit ${removed.code}):\n${scrubbedTail(removed, secrets)}\n` +
          `Remove it yourself: pulumi stack rm ${stack} --force`,
      );
    }
    created = false;
  };
  const keys: string[] = [];
  for (const { key, value } of values) {
    const set = await run(["config", "set", "--secret", "--stack", stack, noInput, key], stdinOf(value));
    if (set.code !== 0) {
      const reason = `\`pulumi config set --secret ${key}\` failed (exit ${set.code}):\n${scrubbedTail(set, secrets)}`;
      let cleanup: string;
      try {
        const wasCreated = created;
        await undo();
        cleanup = wasCreated
          ? `Stack ${stack}, which this run created, was removed again`
          : `Stack ${stack} existed before and is left as it was (its config is in the project directory, which is removed)`;
      } catch (e) {
        cleanup = (e as Error).message;
      }
      throw new StackConfigError(
        `${reason}\n${cleanup}; nothing was written. Fix what pulumi says and run aria-export again, or run it ` +
          "without --stack and set the secrets by hand as the project's README shows.",
      );
    }
    keys.push(key);
  }
  return { created, keys, undo };
}
