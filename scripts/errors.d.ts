// The declarations of errors.js, for the TypeScript tests (keep in step with its JSDoc).

/** The base of every classified failure: `kind` names the class in what a script prints. */
export class ScriptError extends Error {
  constructor(message: string, kind: string);
  kind: string;
}

/** Something the machine lacks and no step here can provide (no Go to build the engine, no Node for a leg). */
export class MissingToolError extends ScriptError {
  /**
   * @param tool what is missing ("Pulumi engine", "Node 24", ...)
   * @param remedy what the user does about it
   */
  constructor(tool: string, remedy: string);
  tool: string;
  remedy: string;
}

/** A build (the engine from its Go modules, a Node binary from npm) that ran and failed. */
export class BuildError extends ScriptError {
  /**
   * @param what what was being built
   * @param output the end of the build's output
   */
  constructor(what: string, output: string);
  what: string;
  output: string;
}

/** A command (a `pulumi` operation, `npm`, `go`) that exited non-zero: its exit code and output. */
export class CommandError extends ScriptError {
  /** @param command the command line, as typed */
  constructor(
    command: string,
    result: { code: number | null; signal?: NodeJS.Signals | null; stdout?: string; stderr?: string },
  );
  command: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The line a script prints for a failure: `kind: message` for a classified one, the message otherwise. */
export function describeFailure(err: unknown): string;

/** The last `n` lines (30 when not given) of a command's output. */
export function lastLines(text: string, n?: number): string;
