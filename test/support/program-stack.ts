/*
 * A program's stack for the e2e and fault tiers: the real Pulumi engine against the emulator on an
 * ephemeral loopback port, with a temporary `file://` backend.
 *
 * By default every operation is what a user types in a program directory: `pulumi up`, `pulumi
 * preview`, ... run by the CLI, the program compiled and run by the Node language host, in a copy of
 * the program directory under `<repo>/.e2e/` whose node_modules holds the packed pulumi-aria and
 * @pulumi/pulumi from `npm install` (./program-runner.ts). A standalone project (one with its
 * own package.json, as the examples) is installed with `npm install` in its copy.
 *
 * `via: "automation"` runs the same program through the Automation API instead (scripts/run-op.js,
 * an inline program in a plain Node process), for the tests of that path.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  EmulatorOpsClient,
  EmulatorOptions,
  emulatorOps,
  RunningEmulator,
  startEmulator,
} from "../../emulator";
import { engineEnv, engineRoot as engineRootOf } from "../../scripts/engine-env";
import { runCommand } from "../../scripts/run-command";
import { USERS, type UserName } from "./emulator";
import { Pack, packPackage, prepareProgram, PulumiCli, runAutomationOp, userInstall } from "./program-runner";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");

/** A program of the repository's own tests (type-checked by `npm run lint`). */
function isTestProgram(dir: string): boolean {
  const relative = path.relative(path.join(REPO_ROOT, "test"), dir);
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** A config value for the stack: a plain string, or `{value, secret: true}`. */
export type ConfigInput = string | { value: string; secret?: boolean };

export interface OpenStackOptions {
  /** Directory holding the program's `index.ts` (or `index.js`); absolute or relative to the repo. */
  program: string;
  /** Stack config; bare keys are put in the project's namespace, `ns:key` keys are kept. */
  config?: Record<string, ConfigInput>;
  /** Whose credentials the stack uses (`vra:url` and a secret `vra:refreshToken` are set). Default admin. */
  user?: UserName;
  /** Skip setting `vra:url`/`vra:refreshToken` (for tests of other credential sources). */
  noCredentials?: boolean;
  /** Use this emulator instead of starting one. */
  emulator?: RunningEmulator;
  /** Options for the emulator the harness starts. */
  emulatorOptions?: EmulatorOptions;
  /** Extra environment for the engine, program and provider processes. */
  env?: Record<string, string>;
  /**
   * Directories put first on the PATH of every engine run (before the engine's own): e.g. a Python
   * virtualenv's bin, which the Python language host takes its `python` from.
   */
  pathFirst?: string[];
  /** Project name (default: the program's Pulumi.yaml, else `e2e`). */
  projectName?: string;
  /** How operations run: the `pulumi` CLI in the program directory (default), or the Automation API. */
  via?: "cli" | "automation";
  /** The @pulumi/pulumi release the program installs (default: the runtime leg's, scripts/runtimes.js). */
  sdk?: string;
  /**
   * Whether the Node.js language host type-checks a TypeScript program at every operation, as it
   * does for users by default. Default: yes for programs outside the repository's test/ (the
   * examples, aria-export's output), no for the test programs under test/, which `npm run lint`
   * type-checks (test/tsconfig.lint.json) and whose subject is the provider, not the compiler
   * (PULUMI_NODEJS_TRANSPILE_ONLY=true; it saves seconds of CPU per operation). The users' path
   * with type checking runs in examples.test.ts, readme-install.test.ts and runtime-leg.test.ts,
   * on every runtime leg.
   */
  typeCheck?: boolean;
}

/** What one operation answered. */
export interface OpResult {
  ok: boolean;
  op: string;
  /** Resource change counts: `{create: 2}`, `{same: 3}`, ... */
  summary: Record<string, number>;
  outputs?: Record<string, { value: unknown; secret: boolean }>;
  deployment?: { version: number; deployment: unknown };
  /** Everything the engine printed. */
  stdout: string;
  stderr?: string;
  /** The Automation API's error message when `ok` is false. */
  error?: string;
}

/** The emulator's request log (see emulator/README.md). */
export interface RequestLog {
  total: number;
  counts: Record<string, number>;
  entries: Array<{ method: string; path: string; route: string; status: number }>;
}

/** The engine root (`<root>/bin/pulumi`), found or built by scripts/ensure-engine.mjs. */
export const engineRoot = (): string => engineRootOf();

let packed: Pack | undefined;
/** The repository packed as `npm publish` would, once per test file. */
function pack(): Pack {
  packed ??= packPackage();
  return packed;
}

function assertBuilt(): void {
  const impl = path.join(REPO_ROOT, "dist", "provider", "dynamic", "impl.js");
  const link = path.join(REPO_ROOT, "node_modules", "pulumi-aria");
  if (!fs.existsSync(impl) || !fs.existsSync(link)) {
    throw new Error(
      "The package is not built or not self-linked: run `node scripts/bootstrap.mjs` (npm run test:e2e does).",
    );
  }
}

/** A stack of one program on a fresh backend; every operation is a real engine run. */
export class E2EStack {
  private readonly children = new Set<ChildProcess>();
  private config: Record<string, { value: string; secret: boolean }> = {};
  private opCount = 0;
  private readonly cli?: PulumiCli;

  constructor(
    readonly emulator: RunningEmulator,
    private readonly ownsEmulator: boolean,
    readonly programDir: string,
    readonly projectName: string,
    readonly stackName: string,
    private readonly tmp: string,
    readonly workDir: string,
    private readonly env: Record<string, string>,
    via: "cli" | "automation",
  ) {
    if (via === "cli") {
      this.cli = new PulumiCli({
        cwd: workDir,
        stackName,
        env,
        logDir: tmp,
        echo: !!process.env.E2E_VERBOSE,
        onSpawn: (child) => {
          this.children.add(child);
          child.on("close", () => this.children.delete(child));
        },
      });
    }
  }

  /**
   * Moves this CLI stack's program to another runtime, as a user's upgrade does: its node_modules to
   * an install with @pulumi/pulumi `sdk`, and `nodeBin` first on PATH for the language host, the
   * program and the dynamic-provider process. The backend and the stack stay as they are.
   */
  useRuntime(sdk: string, nodeBin: string): void {
    if (!this.cli) throw new Error("useRuntime() needs a stack opened with via: 'cli'");
    const modules = path.join(this.workDir, "node_modules");
    if (!fs.lstatSync(modules).isSymbolicLink())
      throw new Error(`${this.programDir} is a standalone project: useRuntime() serves test programs`);
    fs.rmSync(modules);
    fs.symlinkSync(path.join(userInstall(pack(), sdk), "node_modules"), modules, "dir");
    const manifest = path.join(this.workDir, "package.json");
    const pkg = JSON.parse(fs.readFileSync(manifest, "utf8"));
    pkg.dependencies["@pulumi/pulumi"] = sdk;
    fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
    const rest = (this.env.PATH ?? "").split(path.delimiter).filter((dir) => !this.nodeDirs.has(dir));
    this.nodeDirs.add(path.dirname(nodeBin));
    this.env.PATH = [path.dirname(nodeBin), ...rest].join(path.delimiter);
  }

  /** Node directories put first on PATH by useRuntime(). */
  private readonly nodeDirs = new Set<string>();

  /**
   * Runs any other `pulumi` command in the program directory on this stack's backend (e.g.
   * `["cancel", "--yes"]`); add `--stack` yourself where the command needs it.
   */
  async pulumi(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    if (!this.cli) throw new Error("pulumi() needs a stack opened with via: 'cli'");
    await this.cli.sync(this.config);
    return this.cli.exec(args);
  }

  /**
   * Runs another command (a bin the package installs, say) in the program directory, with this CLI
   * stack's config set and the environment of its engine runs (its backend, passphrase and the
   * engine's `pulumi` first on PATH), as a user runs one beside `pulumi`; `extraEnv` adds to it.
   */
  async command(
    command: string,
    args: string[],
    extraEnv: Record<string, string> = {},
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    if (!this.cli) throw new Error("command() needs a stack opened with via: 'cli'");
    await this.cli.sync(this.config);
    const { code, stdout, stderr } = await runCommand(command, args, {
      cwd: this.workDir,
      env: { ...process.env, ...this.env, ...extraEnv },
    });
    return { code: code ?? -1, stdout, stderr };
  }

  /** The emulator's base URL. */
  /** The typed client of the emulator's operations surface (`/__emulator/*`). */
  get ops(): EmulatorOpsClient {
    return emulatorOps(this.emulator.url);
  }

  get url(): string {
    return this.emulator.url;
  }

  /** Sets (or, with `undefined`, removes) a stack config value for the next operations. */
  setConfig(key: string, value: ConfigInput | undefined): void {
    const full = key.includes(":") ? key : `${this.projectName}:${key}`;
    if (value === undefined) delete this.config[full];
    else
      this.config[full] =
        typeof value === "string" ? { value, secret: false } : { value: value.value, secret: !!value.secret };
  }

  up(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("up", options);
  }
  preview(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("preview", { diff: true, ...options });
  }
  refresh(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("refresh", options);
  }
  destroy(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("destroy", options);
  }
  /** The exported stack (the state as `pulumi stack export` prints it). */
  async exportStack(): Promise<unknown> {
    return (await this.run("export", {})).deployment;
  }
  /** The directory of the stack's `file://` backend. */
  backendDir(): string {
    return path.join(this.tmp, "state");
  }

  /** The raw state file(s) of the backend, concatenated: for asserting that no secret is stored. */
  rawState(): string {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else out.push(fs.readFileSync(p, "utf8"));
      }
    };
    walk(this.backendDir());
    return out.join("\n");
  }

  /** The emulator's request log since the last reset. */
  async requests(): Promise<RequestLog> {
    return this.ops.requests();
  }
  /** Clears the emulator's request log. */
  async resetRequests(): Promise<void> {
    await this.ops.clearRequests();
  }

  /** Runs one operation in a fresh process; never throws for an engine failure (see `ok`). */
  async run(op: string, options: Record<string, unknown>): Promise<OpResult> {
    if (this.cli) return this.cli.run(op, options, this.config);
    const { result } = await runAutomationOp({
      job: {
        op,
        options,
        programDir: this.programDir,
        projectName: this.projectName,
        stackName: this.stackName,
        workDir: this.workDir,
        backendUrl: `file://${path.join(this.tmp, "state")}`,
        engineRoot: engineRoot(),
        config: this.config,
        envVars: this.env,
      },
      tmpDir: this.tmp,
      id: ++this.opCount,
      cwd: this.workDir,
      env: this.env,
      onSpawn: (child) => {
        this.children.add(child);
        child.on("close", () => this.children.delete(child));
      },
      onStderr: (text) => {
        if (process.env.E2E_VERBOSE) process.stderr.write(text);
      },
    });
    return result;
  }

  /**
   * Kills every process of the operations running now, as a machine that dies would (SIGKILL to each
   * process group and to every descendant): for the tests of interrupted runs.
   */
  killAll(): void {
    for (const child of this.children) {
      for (const pid of [...descendantsOf(child.pid!), child.pid!]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          /* already gone */
        }
      }
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
  }

  /** Stops every process the harness started and removes every temporary directory. */
  async dispose(): Promise<void> {
    for (const child of this.children) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    if (this.ownsEmulator) await this.emulator.close();
    fs.rmSync(this.tmp, { recursive: true, force: true });
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}

/** Every descendant of a process, from /proc (Linux). */
function descendantsOf(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const child of parents.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/**
 * What test/e2e/programs/runtime-leg wrote to its ARIA_RUNTIME_REPORT file: the Node and
 * @pulumi/pulumi versions of each run of the program, in order.
 */
export function programRuntimes(report: string): Array<{ node: string; sdk: string }> {
  return fs
    .readFileSync(report, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { node: string; sdk: string });
}

/** Asserts an operation succeeded, with the engine's output in the failure message. */
export function expectOk(result: OpResult): OpResult {
  if (!result.ok) {
    throw new Error(
      `pulumi ${result.op} failed: ${result.error}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr ?? ""}`,
    );
  }
  return result;
}

/** Change counts other than `same`: empty when an operation found nothing to do. */
export function changes(result: OpResult): Record<string, number> {
  return Object.fromEntries(Object.entries(result.summary).filter(([k, n]) => k !== "same" && n > 0));
}

/** Opens a stack on a fresh backend (and, unless given one, a fresh emulator). */
export async function openStack(options: OpenStackOptions): Promise<E2EStack> {
  assertBuilt();
  const programDir = path.resolve(REPO_ROOT, options.program);
  const emulator = options.emulator ?? (await startEmulator({ port: 0, ...options.emulatorOptions }));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-e2e-"));
  fs.mkdirSync(path.join(tmp, "state"));
  fs.mkdirSync(path.join(tmp, "home"));
  const via = options.via ?? "cli";
  // A CLI program's copy lives outside the repository, as a user's project does (nothing above it
  // is a package); an Automation API program resolves pulumi-aria through the repository's self-link.
  const e2eRoot = via === "cli" ? os.tmpdir() : path.join(REPO_ROOT, ".e2e");
  fs.mkdirSync(e2eRoot, { recursive: true });
  const workDir = fs.mkdtempSync(path.join(e2eRoot, via === "cli" ? "pulumi-aria-program-" : "work-"));
  let projectName = options.projectName ?? "e2e";
  if (via === "cli") {
    projectName = prepareProgram({
      source: programDir,
      dest: workDir,
      projectName,
      pack: pack(),
      sdk: options.sdk,
    });
    if (options.projectName && options.projectName !== projectName) {
      throw new Error(
        `${options.program}/Pulumi.yaml names project '${projectName}', not '${options.projectName}'`,
      );
    }
  }
  const env: Record<string, string> = {
    ...engineEnv({
      root: engineRoot(),
      stateDir: path.join(tmp, "state"),
      homeDir: path.join(tmp, "home"),
      passphrase: "e2e-passphrase",
    }),
    ...((options.typeCheck ?? !isTestProgram(programDir)) ? {} : { PULUMI_NODEJS_TRANSPILE_ONLY: "true" }),
    ...options.env,
  };
  if (options.pathFirst?.length) env.PATH = [...options.pathFirst, env.PATH].join(path.delimiter);
  const stack = new E2EStack(
    emulator,
    !options.emulator,
    programDir,
    projectName,
    `t${randomBytes(4).toString("hex")}`,
    tmp,
    workDir,
    env,
    via,
  );
  if (!options.noCredentials) {
    stack.setConfig("vra:url", emulator.url);
    stack.setConfig("vra:refreshToken", { value: USERS[options.user ?? "admin"], secret: true });
  }
  for (const [k, v] of Object.entries(options.config ?? {})) stack.setConfig(k, v);
  return stack;
}
