/**
 * The user's own `pulumi`, as the command-line tools run it: the first on PATH, in a project
 * directory, with the user's backend and secrets settings from the environment. A value only ever
 * goes on its standard input, never on a command line (which every user of the machine can read).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { redactValues } from "../client/redact";

/** What one `pulumi` process did. */
export interface PulumiResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `pulumi` with these arguments in the project directory, with `input` on its standard input. */
export type RunPulumi = (args: readonly string[], input?: string) => Promise<PulumiResult>;

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

/** The last lines of what `pulumi` printed (its stderr, else its stdout), scrubbed of `secrets`, for a message. */
export function scrubbedTail(result: PulumiResult, secrets: readonly string[], lines = 12): string {
  const text = (result.stderr.trim() || result.stdout.trim() || "(no output)")
    .split("\n")
    .slice(-lines)
    .join("\n");
  // Values shorter than redactValues' minimum are not replaced; pulumi never prints a value anyway.
  return redactValues(text, secrets);
}
