// The declarations of run-command.js, for the TypeScript tests (keep in step with its JSDoc).

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Sees each piece of stderr as it comes. */
  onStderr?: (chunk: string) => void;
  /** Why the command is needed: a command not found then rejects with a MissingToolError. */
  need?: string;
}

export interface RunResult {
  /** The exit code (null when a signal ended it). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr, as they came. */
  output: string;
}

/** Runs `cmd` with `args` to its end and resolves what it did, whatever its exit code. */
export function runCommand(cmd: string, args: readonly string[], options?: RunOptions): Promise<RunResult>;

/** {@link runCommand}, rejecting with a CommandError unless the command exits 0. */
export function runChecked(cmd: string, args: readonly string[], options?: RunOptions): Promise<RunResult>;
