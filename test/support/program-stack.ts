/*
 * A program's stack for the e2e and fault tiers: the real Pulumi engine against the emulator on an
 * ephemeral loopback port, with a temporary `file://` backend.
 *
 * By default every operation is what a user types in a program directory: `pulumi up`, `pulumi
 * preview`, ... run by the CLI, the program compiled and run by the Node language host, in a copy of
 * the program directory whose node_modules holds the packed pulumi-aria and @pulumi/pulumi from
 * `npm install` (scripts/program-runner.js, which the demo and the benchmarks run too). A standalone
 * project (one with its own package.json, as the examples) is installed with `npm install` in its copy.
 *
 * `via: "automation"` runs the same program through the Automation API instead (scripts/run-op.js,
 * an inline program in a plain Node process), for the tests of that path.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  EmulatorOpsClient,
  EmulatorOptions,
  emulatorOps,
  RunningEmulator,
  startEmulator,
} from "../../emulator";
import { engineRoot as engineRootOf } from "../../scripts/engine-env";
import {
  ProgramStack,
  type ProgramStackOptions,
  userInstall,
  packPackage,
} from "../../scripts/program-runner";
import { runCommand } from "../../scripts/run-command";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS, type UserName } from "./emulator";

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
  /**
   * The namespace of the credentials' config keys: `vra` (the dynamic door's, the default) or `aria`
   * (the plugin's), as `<namespace>:url` and a secret `<namespace>:refreshToken`.
   */
  namespace?: "vra" | "aria";
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
  /** Stack name (default: a fresh random one). */
  stackName?: string;
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
  /**
   * The steps that change something, `<op> <urn>` sorted (`create`, `update`, `delete`, `replace`,
   * `create-replacement`, ...), from the engine's events; the CLI's runs only.
   */
  steps?: string[];
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

/**
 * A program's stack (scripts/program-runner.js) for the e2e and fault tiers: the real Pulumi engine
 * against an emulator, with the tests' own reads of both.
 */
export class E2EStack extends ProgramStack {
  /** Node directories put first on PATH by useRuntime(). */
  private readonly nodeDirs = new Set<string>();
  /** The clients {@link client} made, closed by {@link dispose}. */
  private readonly clients: AriaClient[] = [];

  constructor(
    readonly emulator: RunningEmulator,
    private readonly ownsEmulator: boolean,
    options: ProgramStackOptions,
  ) {
    super({ echo: !!process.env.E2E_VERBOSE, ...options });
  }

  /**
   * Moves this CLI stack's program to another runtime, as a user's upgrade does: its node_modules to
   * an install with @pulumi/pulumi `sdk`, and `nodeBin` first on PATH for the language host, the
   * program and the dynamic-provider process. The backend and the stack stay as they are.
   */
  useRuntime(sdk: string, nodeBin: string): void {
    if (this.via !== "cli") throw new Error("useRuntime() needs a stack opened with via: 'cli'");
    const modules = path.join(this.workDir, "node_modules");
    if (!fs.lstatSync(modules).isSymbolicLink())
      throw new Error(`${this.programDir} is a standalone project: useRuntime() serves test programs`);
    fs.rmSync(modules);
    fs.symlinkSync(path.join(userInstall(packPackage(), sdk), "node_modules"), modules, "dir");
    const manifest = path.join(this.workDir, "package.json");
    const pkg = JSON.parse(fs.readFileSync(manifest, "utf8"));
    pkg.dependencies["@pulumi/pulumi"] = sdk;
    fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
    const rest = (this.env.PATH ?? "").split(path.delimiter).filter((dir) => !this.nodeDirs.has(dir));
    this.nodeDirs.add(path.dirname(nodeBin));
    this.env.PATH = [path.dirname(nodeBin), ...rest].join(path.delimiter);
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
    if (this.via !== "cli") throw new Error("command() needs a stack opened with via: 'cli'");
    await this.sync();
    const { code, stdout, stderr } = await runCommand(command, args, {
      cwd: this.workDir,
      env: { ...process.env, ...this.env, ...extraEnv },
    });
    return { code: code ?? -1, stdout, stderr };
  }

  /** The typed client of the emulator's operations surface (`/__emulator/*`). */
  get ops(): EmulatorOpsClient {
    return emulatorOps(this.emulator.url);
  }

  /** The emulator's base URL. */
  get url(): string {
    return this.emulator.url;
  }

  /**
   * A client of the stack's emulator as a default user, for changes made "out of band" and for reads
   * of the server; `config` adds client settings (`vra:organization`, say). {@link dispose} closes it.
   */
  client(user: UserName = "admin", config: Record<string, string> = {}): AriaClient {
    const client = createClient(
      resolveClientConfig({ "vra:url": this.url, "vra:refreshToken": USERS[user], ...config }, {}),
    );
    this.clients.push(client);
    return client;
  }

  up(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("up", options);
  }
  preview(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("preview", options);
  }
  refresh(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("refresh", options);
  }
  destroy(options: Record<string, unknown> = {}): Promise<OpResult> {
    return this.run("destroy", options);
  }
  /** The directory of the stack's `file://` backend. */
  backendDir(): string {
    return path.join(this.tmp, "state");
  }

  /** The raw state file(s) of the backend, concatenated: for asserting that no secret is stored. */
  rawState(): string {
    const files = fs.readdirSync(this.backendDir(), { recursive: true, withFileTypes: true });
    return files
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
      .join("\n");
  }

  /** The emulator's request log since the last reset. */
  async requests(): Promise<RequestLog> {
    return this.ops.requests();
  }
  /** Clears the emulator's request log. */
  async resetRequests(): Promise<void> {
    await this.ops.clearRequests();
  }

  /** Stops every process the harness started, its emulator, and removes every temporary directory. */
  override async dispose(): Promise<void> {
    for (const client of this.clients.splice(0)) await client.close();
    super.dispose();
    if (this.ownsEmulator) await this.emulator.close();
  }
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
  const built = ["dist/provider/dynamic/impl.js", "node_modules/pulumi-aria"];
  if (!built.every((file) => fs.existsSync(path.join(REPO_ROOT, file)))) {
    throw new Error(
      "The package is not built or not self-linked: run `node scripts/bootstrap.mjs` (npm run test:e2e does).",
    );
  }
  const program = path.resolve(REPO_ROOT, options.program);
  const emulator = options.emulator ?? (await startEmulator({ port: 0, ...options.emulatorOptions }));
  const transpileOnly = !(options.typeCheck ?? !isTestProgram(program));
  const stack = new E2EStack(emulator, !options.emulator, {
    program,
    via: options.via,
    projectName: options.projectName,
    stackName: options.stackName,
    sdk: options.sdk,
    env: { ...(transpileOnly ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {}), ...options.env },
  });
  if (options.pathFirst?.length) stack.env.PATH = [...options.pathFirst, stack.env.PATH].join(path.delimiter);
  if (!options.noCredentials) {
    const namespace = options.namespace ?? "vra";
    stack.setConfig(`${namespace}:url`, emulator.url);
    stack.setConfig(`${namespace}:refreshToken`, { value: USERS[options.user ?? "admin"], secret: true });
  }
  for (const [k, v] of Object.entries(options.config ?? {})) stack.setConfig(k, v);
  return stack;
}
