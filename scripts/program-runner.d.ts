import type { ChildProcess } from "node:child_process";

/** The packed package: the tarball and its sha1. */
export interface Pack {
  tarball: string;
  shasum: string;
}
/** Packs the repository (dist/ must be built) into .e2e/pack. */
export function packPackage(): Pack;
/** A directory whose node_modules holds the packed pulumi-aria, @pulumi/pulumi and TypeScript. */
export function userInstall(pack: Pack, sdk?: string): string;
/** Copies a program directory to `dest` and installs it as a user would; returns its project name. */
export function prepareProgram(options: {
  source: string;
  dest: string;
  projectName: string;
  pack: Pack;
  /** The @pulumi/pulumi release to install: the runtime leg's (scripts/runtimes.js) when not given. */
  sdk?: string;
}): string;
/** Resource change counts from an engine event log. */
export function summaryOf(eventLog: string): Record<string, number>;

/** A config value of the stack. */
export interface ConfigValue {
  value: string;
  secret: boolean;
}

/** What one CLI operation answered. */
export interface CliResult {
  ok: boolean;
  op: string;
  summary: Record<string, number>;
  outputs?: Record<string, { value: unknown; secret: boolean }>;
  deployment?: { version: number; deployment: unknown };
  stdout: string;
  stderr?: string;
  error?: string;
}

/** One stack of one program directory, driven through the `pulumi` CLI. */
export class PulumiCli {
  constructor(options: {
    cwd: string;
    stackName: string;
    env: Record<string, string>;
    logDir: string;
    onSpawn?: (child: ChildProcess) => void;
    /** Copy the CLI's output to this process's stdout and stderr. */
    echo?: boolean;
    /** Called with every chunk the CLI prints. */
    onOutput?: (text: string) => void;
  });
  /** Runs `pulumi <args>` in the program directory; never rejects for a non-zero exit. */
  exec(
    args: string[],
    options?: { input?: string; extraEnv?: Record<string, string> },
  ): Promise<{ code: number; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** Runs `pulumi <args>` as exec() does; rejects with a CommandError (scripts/errors.js) for a non-zero exit. */
  must(
    args: string[],
  ): Promise<{ code: number; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** Creates the stack on first use and brings its config to `wanted`. */
  sync(wanted: Record<string, ConfigValue>): Promise<void>;
  /** Runs one operation: up, preview, refresh, destroy, export or outputs. */
  run(
    op: string,
    options?: Record<string, unknown>,
    config?: Record<string, ConfigValue>,
  ): Promise<CliResult>;
  /** The stack's outputs. */
  outputs(): Promise<Record<string, { value: unknown; secret: boolean }>>;
}

/** What scripts/run-op.js is told to do (the result file is added by {@link runAutomationOp}). */
export interface AutomationJob {
  op: string;
  options: Record<string, unknown>;
  programDir: string;
  projectName: string;
  stackName: string;
  workDir: string;
  backendUrl: string;
  engineRoot: string;
  config: Record<string, ConfigValue>;
  envVars: Record<string, string>;
}

/** Runs one operation through the Automation API in a fresh, detached Node process (scripts/run-op.js). */
export function runAutomationOp(options: {
  job: AutomationJob;
  /** Where the job and result files go. */
  tmpDir: string;
  /** Distinguishes this operation's files from the stack's others. */
  id: number;
  cwd: string;
  env: Record<string, string>;
  /** `node -r` preloads. */
  preload?: string[];
  onSpawn?: (child: ChildProcess) => void;
  onStderr?: (text: string) => void;
}): Promise<{ result: CliResult; pid: number | undefined }>;

export const WORK_ROOT: string;
export const REPO_ROOT: string;
