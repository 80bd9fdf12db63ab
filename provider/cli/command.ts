/**
 * What the package's command-line tools (`aria-export`, `aria-reconcile`) share: a failure with an
 * exit code, usage errors, the stack-name check, progress lines on stderr, and the entry point that
 * prints a failure as `<tool>: <message>` and sets the exit code.
 */

/** A failure the user can act on: printed as `<tool>: <message>` without a stack, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = 1,
  ) {
    super(message);
  }
}

/** The exit code of a usage error, in every tool. */
export const USAGE_EXIT = 2;

/** Reads the command line with `parse`: whatever it throws is a usage error (its message, the usage, exit 2). */
export function parseCommandLine<T>(usage: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n\n${usage}`, USAGE_EXIT);
  }
}

/** What Pulumi accepts as a stack name: `stack`, `org/stack` or `org/project/stack`. */
const STACK_NAME = /^(?:[A-Za-z0-9_.-]+\/){0,2}[A-Za-z0-9_.-]+$/;

/** `name`, when Pulumi accepts it as a stack name; an error naming `--stack` otherwise. */
export function checkStackName(name: string): string {
  if (!STACK_NAME.test(name) || name.startsWith("-")) {
    throw new Error(`--stack ${JSON.stringify(name)} is not a stack name (letters, digits, _ . - and /)`);
  }
  return name;
}

/**
 * Progress of `tool` on stderr: on a terminal one line rewritten in place (`done()` ends it);
 * elsewhere a line each with `lines`, or nothing (stderr stays clean in CI logs).
 */
export function progressLine(tool: string, elsewhere: "lines" | "nothing") {
  const tty = (): boolean => !!process.stderr.isTTY;
  return {
    show(text: string): void {
      if (tty()) process.stderr.write(`\r${tool}: ${text}\x1b[K`);
      else if (elsewhere === "lines") process.stderr.write(`${tool}: ${text}\n`);
    },
    /** Leaves the line shown (`keep`) or clears it. */
    done(keep: boolean): void {
      if (tty()) process.stderr.write(keep ? "\n" : "\r\x1b[K");
    },
  };
}

/**
 * Runs a tool's `main` on this process's arguments: the exit code it answers (none: 0); a failure is
 * printed as `<tool>: <message>`, with the exit code of a {@link CliError}, else `failureCode`.
 */
export function runCli(
  tool: string,
  main: (argv: string[]) => Promise<number | void>,
  failureCode = 1,
): void {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${tool}: ${(e as Error).message}\n`);
      process.exitCode = e instanceof CliError ? e.exitCode : failureCode;
    },
  );
}
