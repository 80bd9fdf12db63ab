// @ts-check
// The one way the tests, the demo and the benchmarks run Pulumi programs: as users run them, the
// `pulumi` CLI in a copy of the program directory with pulumi-aria installed from its packed tarball
// (packPackage, userInstall, prepareProgram), or the Automation API (scripts/run-op.js, an inline
// program in a process of its own). ProgramStack: one program's stack on a backend of its own.
"use strict";

const { spawn } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { engineEnv, engineRoot } = require("./engine-env.js");
const { activeLeg } = require("./runtimes.js");
const { CommandError, lastLines } = require("./errors.js");
const { runSync } = require("./run-command.js");
const YAML = require("yaml");

const REPO_ROOT = path.resolve(__dirname, "..");
const WORK_ROOT = path.join(REPO_ROOT, ".e2e");
const RUN_OP = path.join(__dirname, "run-op.js");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
/** How long an install of an earlier build is kept after its last use. */
const INSTALL_KEEP_MS = 3 * 60 * 60 * 1000;

/** @typedef {import("node:child_process").ChildProcess} ChildProcess */
/** @typedef {{ tarball: string, shasum: string }} Pack The packed package: the tarball and its sha1. */
/** @typedef {{ value: string, secret: boolean }} ConfigValue A config value of the stack. */
/** @typedef {{ code: number, signal: NodeJS.Signals | null, stdout: string, stderr: string }} ExecResult What one `pulumi` process answered (code -1 when killed). */

/**
 * What one operation answered (the CLI's, or run-op's through the Automation API).
 * @typedef {object} CliResult
 * @property {boolean} ok
 * @property {string} op
 * @property {Record<string, number>} summary resource change counts
 * @property {Record<string, { value: unknown, secret: boolean }>} [outputs]
 * @property {{ version: number, deployment: unknown }} [deployment]
 * @property {string} stdout
 * @property {string} [stderr]
 * @property {string} [error]
 * @property {number} [pid] the run-op process's (Automation API)
 */

/**
 * What scripts/run-op.js is told to do: the stack's fields, and the operation's.
 * @typedef {Pick<ProgramStack, "programDir" | "projectName" | "stackName" | "workDir" | "config"> & {
 *   op: string, options: Record<string, unknown>, backendUrl: string, engineRoot: string,
 *   envVars: Record<string, string>, resultFile: string }} AutomationJob
 */

/**
 * Versions the program installs use: @pulumi/pulumi of the runtime leg this process runs on
 * (scripts/runtimes.js; `sdk` overrides it), TypeScript and @types/node as this repository develops.
 * @param {string} [sdk]
 */
function programVersions(sdk) {
  const installed = (/** @type {string} */ name) =>
    JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`, { paths: [REPO_ROOT] }), "utf8"))
      .version;
  return {
    "@pulumi/pulumi": sdk ?? activeLeg().sdk,
    typescript: installed("typescript"),
    "@types/node": installed("@types/node"),
  };
}

/**
 * Runs `npm <args>` in `cwd` and answers its stdout; throws a CommandError with its output.
 * @param {string[]} args
 * @param {string} cwd
 */
const npmRun = (args, cwd) =>
  runSync(npm, args, { cwd, env: { ...process.env, npm_config_update_notifier: "false" } });

/** @type {Pack | undefined} */
let packed;
/**
 * Packs the repository (as `npm publish` would) into .e2e/pack, once per process; returns the
 * tarball and its sha1.
 */
function packPackage() {
  if (packed && fs.existsSync(packed.tarball)) return packed;
  if (!fs.existsSync(path.join(REPO_ROOT, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is not built: run `node scripts/bootstrap.mjs` first.");
  }
  const dir = path.join(WORK_ROOT, "pack");
  fs.mkdirSync(dir, { recursive: true });
  const [info] = JSON.parse(npmRun(["pack", "--json", "--pack-destination", dir], REPO_ROOT));
  packed = { tarball: path.join(dir, info.filename), shasum: info.shasum };
  return packed;
}

/**
 * A package.json of a program using the packed pulumi-aria.
 * @param {string} name
 * @param {ReturnType<typeof programVersions>} versions
 * @param {Record<string, string>} [extra]
 */
function manifestText(name, versions, extra = {}) {
  const { "@pulumi/pulumi": sdk, ...dev } = versions;
  const pkg = {
    name,
    private: true,
    ...extra,
    dependencies: { "@pulumi/pulumi": sdk, "pulumi-aria": "file:./pulumi-aria.tgz" },
    devDependencies: dev,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * A node_modules holding the packed pulumi-aria, @pulumi/pulumi and TypeScript, installed once per
 * tarball content under .e2e/install-<sha>/ and reused; made in a temporary directory and renamed
 * into place, so a half-made install is never used.
 * @param {Pack} pack
 * @param {string} [sdk] the @pulumi/pulumi release to install: the runtime leg's when not given
 */
function userInstall(pack, sdk) {
  const versions = programVersions(sdk);
  const dir = path.join(WORK_ROOT, `install-${pack.shasum.slice(0, 12)}-sdk${versions["@pulumi/pulumi"]}`);
  if (fs.existsSync(path.join(dir, "node_modules", "pulumi-aria", "package.json"))) {
    const now = new Date();
    fs.utimesSync(dir, now, now); // in use: see the clean-up below
    return dir;
  }
  fs.mkdirSync(WORK_ROOT, { recursive: true });
  // Installs of earlier builds go, but not one used in the last hours: a test run or a benchmark
  // started before this build may still be running programs from it.
  for (const old of fs.readdirSync(WORK_ROOT)) {
    const oldDir = path.join(WORK_ROOT, old);
    if (old.startsWith("install-") && Date.now() - fs.statSync(oldDir).mtimeMs > INSTALL_KEEP_MS)
      fs.rmSync(oldDir, { recursive: true, force: true });
  }
  const tmp = fs.mkdtempSync(path.join(WORK_ROOT, ".install-"));
  fs.copyFileSync(pack.tarball, path.join(tmp, "pulumi-aria.tgz"));
  fs.writeFileSync(path.join(tmp, "package.json"), manifestText("pulumi-aria-programs", versions));
  npmRun(["install", "--no-audit", "--no-fund", "--prefer-offline"], tmp);
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    esModuleInterop: true,
    outDir: "bin",
    target: "es2022",
    module: "commonjs",
    moduleResolution: "node",
    sourceMap: true,
    experimentalDecorators: true,
    forceConsistentCasingInFileNames: true,
  },
  files: ["index.ts"],
};

/**
 * Copies a program directory to `dest` and makes it runnable by `pulumi`:
 * - with a package.json (a standalone project): its `pulumi-aria` dependency is pointed at the
 *   tarball and `npm install` runs there, as a user's install does;
 * - without one: node_modules links to the shared user install (whose .bin holds the `aria` plugin's
 *   launcher, for programs in other languages too), and a Pulumi.yaml (named `projectName`) and, for
 *   a Node.js program, a tsconfig.json are written where missing.
 * Returns the project name from the Pulumi.yaml.
 * @param {{ source: string, dest: string, projectName: string, pack: Pack, sdk?: string }} options
 *   sdk: the @pulumi/pulumi release to install, the runtime leg's (scripts/runtimes.js) when not given
 */
function prepareProgram({ source, dest, projectName, pack, sdk }) {
  const versions = programVersions(sdk);
  fs.mkdirSync(dest, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    if (entry === "node_modules" || entry === "bin" || /^Pulumi\..+\.ya?ml$/.test(entry)) continue;
    fs.cpSync(path.join(source, entry), path.join(dest, entry), { recursive: true });
  }
  const manifest = path.join(dest, "package.json");
  if (fs.existsSync(manifest)) {
    const pkg = JSON.parse(fs.readFileSync(manifest, "utf8"));
    if (!pkg.dependencies?.["pulumi-aria"])
      throw new Error(`${source}/package.json does not depend on pulumi-aria`);
    fs.copyFileSync(pack.tarball, path.join(dest, "pulumi-aria.tgz"));
    pkg.dependencies["pulumi-aria"] = "file:./pulumi-aria.tgz";
    // The leg's SDK release, as a user's lock file pins one release of the project's range.
    if (pkg.dependencies["@pulumi/pulumi"]) pkg.dependencies["@pulumi/pulumi"] = versions["@pulumi/pulumi"];
    fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
    npmRun(["install", "--no-audit", "--no-fund", "--prefer-offline"], dest);
  } else {
    // What `npm install pulumi-aria @pulumi/pulumi` leaves in a user's project, with node_modules
    // shared between the test programs instead of installed again for each.
    fs.writeFileSync(manifest, manifestText(projectName, versions, { main: "index.ts" }));
    fs.symlinkSync(path.join(userInstall(pack, sdk), "node_modules"), path.join(dest, "node_modules"), "dir");
    if (runtimeOf(dest) === "nodejs" && !fs.existsSync(path.join(dest, "tsconfig.json"))) {
      fs.writeFileSync(path.join(dest, "tsconfig.json"), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    }
  }
  const projectFile = path.join(dest, "Pulumi.yaml");
  if (!fs.existsSync(projectFile)) fs.writeFileSync(projectFile, `name: ${projectName}\nruntime: nodejs\n`);
  const name = projectOf(dest)?.name;
  if (!name) throw new Error(`${projectFile} has no name`);
  return name;
}

/** A program directory's Pulumi.yaml, parsed, if it has one. @param {string} dir */
function projectOf(dir) {
  const file = path.join(dir, "Pulumi.yaml");
  return fs.existsSync(file) ? YAML.parse(fs.readFileSync(file, "utf8")) : undefined;
}

/** The runtime a Pulumi.yaml names (`runtime: go`, `runtime: {name: go}`); `nodejs` without one. */
function runtimeOf(/** @type {string} */ dir) {
  const runtime = projectOf(dir)?.runtime;
  return (typeof runtime === "string" ? runtime : runtime?.name) ?? "nodejs";
}

/**
 * Resource change counts of an operation: the last summary event of its event log.
 * @param {string} eventLog
 */
function summaryOf(eventLog) {
  /** @type {Record<string, number>} */
  let summary = {};
  if (!fs.existsSync(eventLog)) return summary;
  for (const line of fs.readFileSync(eventLog, "utf8").split("\n")) {
    if (line.includes('"summaryEvent"')) summary = JSON.parse(line).summaryEvent.resourceChanges ?? {};
  }
  return summary;
}

/** @type {Record<string, string>} The CLI's flag of each boolean option, by the Automation API's name. */
const SWITCHES = {
  diff: "--diff",
  refresh: "--refresh",
  skipPreview: "--skip-preview",
  clearPendingCreates: "--clear-pending-creates",
  expectNoChanges: "--expect-no-changes",
};
/** @type {Record<string, string>} The same for the options with one value or several. */
const VALUED = {
  parallel: "--parallel",
  target: "--target",
  policyPacks: "--policy-pack",
  policyPackConfigs: "--policy-pack-config",
};

/**
 * Command-line flags of an operation's options.
 * @param {string} op
 * @param {Record<string, unknown>} options
 */
function flagsOf(op, options) {
  return Object.entries(options).flatMap(([key, value]) => {
    if (value === undefined || value === false) return [];
    if (SWITCHES[key]) return [SWITCHES[key]];
    if (!VALUED[key]) throw new Error(`pulumi ${op}: option '${key}' is not supported by the program runner`);
    return /** @type {unknown[]} */ ([]).concat(value).flatMap((v) => [VALUED[key], String(v)]);
  });
}

/**
 * Every process's parent and CPU time (utime + stime, ms), and the children of each, from /proc
 * (Linux; empty elsewhere).
 */
function processTree() {
  /** @type {Map<number, { ppid: number, cpuMs: number }>} */
  const stats = new Map();
  /** @type {Map<number, number[]>} */
  const children = new Map();
  const pids = fs.existsSync("/proc") ? fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n)) : [];
  for (const name of pids) {
    let stat = "";
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const st = { ppid: Number(f[1]), cpuMs: (Number(f[11]) + Number(f[12])) * 10 }; // USER_HZ 100
    stats.set(Number(name), st);
    children.set(st.ppid, [...(children.get(st.ppid) ?? []), Number(name)]);
  }
  return { stats, children };
}

/** The pids of every descendant of `root`, children first. @param {number} root */
function descendantsOf(root) {
  const { children } = processTree();
  const out = [...(children.get(root) ?? [])];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

/**
 * SIGKILLs a process, its process group and (with `all`) every descendant, as a machine that dies
 * would: plugins may run in process groups of their own.
 * @param {ChildProcess} child
 */
function killTree(child, all = true) {
  const pid = /** @type {number} */ (child.pid);
  for (const target of [...(all ? descendantsOf(pid) : []), pid, -pid]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

/**
 * How a ProgramStack is opened.
 * @typedef {object} ProgramStackOptions
 * @property {string} program the program's directory
 * @property {"cli" | "automation"} [via] how operations run: the `pulumi` CLI in a copy of the program
 *   directory (default), or the Automation API on the program directory itself
 * @property {string} [projectName] a program's Pulumi.yaml must name this one when given (default: the
 *   Pulumi.yaml's, else `e2e`)
 * @property {string} [stackName] default: a random one
 * @property {string} [sdk] the release of the Pulumi SDK the program installs (default: the runtime leg's)
 * @property {Record<string, string>} [env] over the engine's environment (scripts/engine-env.js): the
 *   backend of PULUMI_BACKEND_URL (S3, say), for one
 * @property {string} [passphrase] of the stack's secrets provider
 * @property {string} [workDir] a program directory ready to run: used as it is
 * @property {string} [tmp] the directory of the `file://` backend (state/), PULUMI_HOME (home/), the
 *   event logs and job files (default: a new temporary one)
 * @property {boolean} [echo] copy the CLI's output to this process's stdout and stderr
 * @property {(text: string) => void} [onOutput] called with every chunk the CLI prints
 */

/** @type {Record<string, string[] | undefined>} */
const OPERATIONS = {
  up: ["up", "--yes"],
  preview: ["preview"],
  refresh: ["refresh", "--yes"],
  destroy: ["destroy", "--yes"],
};

/** A stack of one program on a backend of its own; every operation is a real engine run. */
class ProgramStack {
  /** @param {ProgramStackOptions} o */
  constructor(o) {
    this.via = o.via ?? "cli";
    this.programDir = o.program;
    this.stackName = o.stackName ?? `t${randomBytes(4).toString("hex")}`;
    this.tmp = o.tmp ?? fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-stack-"));
    for (const dir of ["state", "home"]) fs.mkdirSync(path.join(this.tmp, dir), { recursive: true });
    const [stateDir, homeDir] = [path.join(this.tmp, "state"), path.join(this.tmp, "home")];
    const passphrase = o.passphrase ?? "e2e-passphrase";
    /** @type {Record<string, string>} the environment of every engine run (a change reaches the next) */
    this.env = { ...engineEnv({ root: engineRoot(), stateDir, homeDir, passphrase }), ...o.env };
    this.options = o;
    /** @type {Record<string, ConfigValue>} */
    this.config = {};
    /** @type {Map<string, ConfigValue> | undefined} the config last set on the stack by the CLI */
    this.applied = undefined;
    /** @type {Set<ChildProcess>} the processes running now */
    this.children = new Set();
    /** @type {((child: ChildProcess) => void) | undefined} sees each process the stack starts */
    this.onSpawn = undefined;
    this.count = 0;
    this.projectName = o.projectName ?? "e2e";
    if (o.workDir) this.workDir = o.workDir;
    else if (this.via === "automation") {
      // Inside the repository: the program resolves pulumi-aria through its self-link.
      fs.mkdirSync(WORK_ROOT, { recursive: true });
      this.workDir = fs.mkdtempSync(path.join(WORK_ROOT, "work-"));
    } else {
      // Outside the repository, as a user's project is (nothing above it is a package).
      const dest = (this.workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-program-")));
      const name = prepareProgram({
        source: o.program,
        dest,
        projectName: this.projectName,
        pack: packPackage(),
        sdk: o.sdk,
      });
      if (o.projectName && o.projectName !== name)
        throw new Error(`${o.program}/Pulumi.yaml names project '${name}', not '${o.projectName}'`);
      this.projectName = name;
    }
  }

  /** @param {ChildProcess} child */
  track(child) {
    this.children.add(child);
    child.on("close", () => this.children.delete(child));
    this.onSpawn?.(child);
  }

  /**
   * Sets (or, with `undefined`, removes) a config value for the next operations: `ns:key`, or a bare
   * key in the project's namespace.
   * @param {string} key
   * @param {string | number | boolean | { value: string, secret?: boolean } | undefined} value
   */
  setConfig(key, value, secret = false) {
    const full = key.includes(":") ? key : `${this.projectName}:${key}`;
    if (value === undefined) delete this.config[full];
    else if (typeof value === "object") this.config[full] = { value: value.value, secret: !!value.secret };
    else this.config[full] = { value: String(value), secret };
  }

  /**
   * Runs `pulumi <args>` in the program directory with the stack's environment; never throws for a
   * non-zero exit.
   * @param {string[]} args
   * @param {{ input?: string, env?: Record<string, string> }} [options]
   */
  exec(args, { input, env } = {}) {
    const { echo, onOutput } = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn("pulumi", args, {
        cwd: this.workDir,
        env: { ...process.env, ...this.env, ...env },
        stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        detached: true,
      });
      this.track(child);
      const out = { stdout: "", stderr: "" };
      for (const stream of /** @type {const} */ (["stdout", "stderr"])) {
        /** @type {import("node:stream").Readable} */ (child[stream]).on("data", (d) => {
          out[stream] += d;
          if (echo) process[stream].write(d);
          onOutput?.(String(d));
        });
      }
      if (input !== undefined) /** @type {import("node:stream").Writable} */ (child.stdin).end(input);
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code: code ?? -1, signal, ...out }));
    });
  }

  /**
   * Runs `pulumi <args>` as exec() does; throws a CommandError (code, stdout, stderr) for a non-zero exit.
   * @param {string[]} args
   */
  async must(args) {
    const r = await this.exec(args);
    if (r.code !== 0) throw new CommandError(`pulumi ${args.join(" ")}`, r);
    return r;
  }

  /** With the CLI: creates the stack on first use, then brings its config up to date. */
  async sync() {
    if (this.via !== "cli") return;
    const s = ["--stack", this.stackName];
    if (!this.applied) {
      await this.must(["stack", "select", "--create", ...s, "--non-interactive"]);
      this.applied = new Map();
    }
    const stale = [...this.applied.keys()].filter((k) => !(k in this.config));
    if (stale.length > 0) await this.must(["config", "rm-all", ...s, ...stale]);
    const changed = Object.entries(this.config).filter(([k, v]) => {
      const had = this.applied?.get(k);
      return !had || had.value !== v.value || had.secret !== v.secret;
    });
    if (changed.length > 0) {
      const pairs = changed.flatMap(([k, v]) => [v.secret ? "--secret" : "--plaintext", `${k}=${v.value}`]);
      await this.must(["config", "set-all", ...s, ...pairs]);
    }
    this.applied = new Map(Object.entries(this.config).map(([k, v]) => [k, { ...v }]));
  }

  /**
   * Runs any other `pulumi` command in the program directory on this stack's backend, its config set
   * (e.g. `["cancel", "--yes"]`); add `--stack` yourself where the command needs it.
   * @param {string[]} args
   */
  async pulumi(args) {
    await this.sync();
    return this.exec(args);
  }

  /**
   * Runs one operation (`up`, `preview` (with its diff), `refresh`, `destroy`, `export`, `outputs`)
   * in fresh processes, as a user types it or through the Automation API; never throws for an engine
   * failure (see `ok`).
   * @param {string} op
   * @param {Record<string, unknown>} [options] the Automation API's option names
   * @param {object} [extras]
   * @param {Record<string, string>} [extras.env] added to the environment of the operation's processes
   * @param {Record<string, string>} [extras.runnerEnv] automation: added to the run-op process's only
   * @param {string[]} [extras.preload] automation: `node -r` preloads of the run-op process
   */
  async run(op, options = {}, { env = {}, runnerEnv = {}, preload = [] } = {}) {
    if (op === "preview") options = { diff: true, ...options };
    if (this.via === "cli") return this.runCli(op, options, env);
    const id = ++this.count;
    const resultFile = path.join(this.tmp, `result-${id}.json`);
    const jobFile = path.join(this.tmp, `job-${id}.json`);
    const { programDir, projectName, stackName, workDir, config } = this;
    const envVars = { ...this.env, ...env };
    /** @type {AutomationJob} */
    const job = {
      op,
      options,
      programDir,
      projectName,
      stackName,
      workDir,
      config,
      envVars,
      resultFile,
      backendUrl: this.env.PULUMI_BACKEND_URL,
      engineRoot: engineRoot(),
    };
    fs.writeFileSync(jobFile, JSON.stringify(job));
    const child = spawn(process.execPath, [...preload, RUN_OP, jobFile], {
      cwd: workDir,
      env: { ...process.env, ...this.env, ...runnerEnv },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    this.track(child);
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-100_000);
      if (process.env.E2E_VERBOSE) process.stderr.write(d);
    });
    /** @type {{ code: number | null, signal: NodeJS.Signals | null }} */
    const exit = await new Promise((resolve) =>
      child.on("close", (code, signal) => resolve({ code, signal })),
    );
    if (!fs.existsSync(resultFile)) {
      const err = new CommandError(`node ${RUN_OP} (pulumi ${op})`, { ...exit, stderr });
      err.message = `pulumi ${op} did not produce a result (exit ${exit.code}):\n${stderr.slice(-4000)}`;
      throw err;
    }
    /** @type {CliResult} */
    const result = JSON.parse(fs.readFileSync(resultFile, "utf8"));
    result.stderr = [result.stderr, stderr].filter(Boolean).join("\n");
    return { ...result, summary: result.summary ?? {}, pid: child.pid };
  }

  /**
   * One operation with the `pulumi` CLI, as a user types it.
   * @param {string} op
   * @param {Record<string, unknown>} options
   * @param {Record<string, string>} env
   */
  async runCli(op, options, env) {
    await this.sync();
    const s = ["--stack", this.stackName];
    if (op === "export" || op === "outputs") {
      const r = await this.exec(
        op === "export" ? ["stack", "export", ...s] : ["stack", "output", "--json", ...s],
        { env },
      );
      /** @type {CliResult} */
      const result = { ok: r.code === 0, op, summary: {}, stdout: r.stdout, stderr: r.stderr };
      if (r.code !== 0) result.error = lastLines(r.stderr || r.stdout);
      else if (op === "export") result.deployment = JSON.parse(r.stdout);
      else result.outputs = await this.outputs();
      return result;
    }
    const args = OPERATIONS[op];
    if (!args) throw new Error(`unknown operation ${op}`);
    const eventLog = path.join(this.tmp, `events-${++this.count}-${op}.jsonl`);
    // --event-log (the engine's events, as the Automation API reads them) is one of the CLI's debug
    // flags, which PULUMI_DEBUG_COMMANDS makes available; it changes nothing else.
    const flags = [
      "--non-interactive",
      "--color",
      "never",
      ...s,
      "--event-log",
      eventLog,
      ...flagsOf(op, options),
    ];
    const r = await this.exec([...args, ...flags], { env: { ...env, PULUMI_DEBUG_COMMANDS: "true" } });
    /** @type {CliResult} */
    const result = { ok: r.code === 0, op, summary: summaryOf(eventLog), stdout: r.stdout, stderr: r.stderr };
    if (r.code !== 0)
      result.error = `pulumi ${op} exited with ${r.code}${r.signal ? ` (${r.signal})` : ""}: ${lastLines(r.stderr || r.stdout)}`;
    else if (op === "up") result.outputs = await this.outputs();
    return result;
  }

  /**
   * Stack outputs as {name: {value, secret}}: values from --show-secrets, secrecy from the masked listing.
   */
  async outputs() {
    const list = async (/** @type {string[]} */ more) =>
      JSON.parse(
        (await this.must(["stack", "output", "--json", ...more, "--stack", this.stackName])).stdout || "{}",
      );
    const [shown, masked] = [await list(["--show-secrets"]), await list([])];
    return Object.fromEntries(
      Object.entries(shown).map(([k, value]) => [k, { value, secret: masked[k] === "[secret]" }]),
    );
  }

  /** The exported stack (the state as `pulumi stack export` prints it). */
  async exportStack() {
    return (await this.run("export")).deployment;
  }

  /** Kills every process of the operations running now, as a machine that dies would. */
  killAll() {
    for (const child of this.children) killTree(child);
  }

  /** Stops every process the stack started and removes its directories. */
  dispose() {
    for (const child of this.children) killTree(child, false);
    fs.rmSync(this.tmp, { recursive: true, force: true });
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}

module.exports = {
  packPackage,
  userInstall,
  prepareProgram,
  ProgramStack,
  processTree,
  killTree,
};
