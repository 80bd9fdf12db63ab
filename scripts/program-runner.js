// @ts-check
// The one way the tests, the demo and the benchmarks run Pulumi programs: as users run them, the
// `pulumi` CLI in a copy of the program directory with pulumi-aria installed from its packed tarball,
// or the Automation API (scripts/run-op.js, an inline program in a process of its own).
"use strict";

const { spawn } = require("node:child_process");
const { once } = require("node:events");
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
/** How long an install of an earlier build is kept after its last use. */
const INSTALL_KEEP_MS = 3 * 60 * 60 * 1000;

/** @typedef {import("node:child_process").ChildProcess} ChildProcess */
/** @typedef {{ tarball: string, shasum: string }} Pack The packed package: the tarball and its sha1. */
/** @typedef {{ value: string, secret: boolean }} ConfigValue */

/**
 * What one operation answered (the CLI's, or run-op's through the Automation API).
 * @typedef {{ ok: boolean, op: string, summary: Record<string, number>, steps?: string[], stdout: string,
 *   stderr?: string, error?: string, outputs?: Record<string, { value: unknown, secret: boolean }>,
 *   deployment?: { version: number, deployment: unknown } }} CliResult
 */

/**
 * What scripts/run-op.js is told to do: the stack's fields, and the operation's.
 * @typedef {Pick<ProgramStack, "programDir" | "projectName" | "stackName" | "workDir" | "config"> & {
 *   op: string, options: Record<string, unknown>, backendUrl: string, engineRoot: string,
 *   envVars: Record<string, string>, resultFile: string }} AutomationJob
 */

/**
 * What program installs use: the runtime leg's @pulumi/pulumi (or `sdk`), this repository's TypeScript.
 * @param {string} [sdk]
 */
function programVersions(sdk) {
  const installed = (/** @type {string} */ name) => require(`${name}/package.json`).version;
  return {
    "@pulumi/pulumi": sdk ?? activeLeg().sdk,
    typescript: installed("typescript"),
    "@types/node": installed("@types/node"),
  };
}

const npmRun = (/** @type {string[]} */ args, /** @type {string} */ cwd) =>
  runSync("npm", args, { cwd, env: { ...process.env, npm_config_update_notifier: "false" } });
const npmInstall = (/** @type {string} */ cwd) =>
  npmRun(["install", "--no-audit", "--no-fund", "--prefer-offline"], cwd);
const writeJson = (/** @type {string} */ file, /** @type {unknown} */ value) =>
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** @type {Pack | undefined} */
let packed;
/**
 * Packs the repository (as `npm publish` would) into .e2e/pack, once per process. Jest runs beside
 * each other pack at once (scripts/test.mjs's lanes): each packs into a folder of its own and renames
 * its tarball into place under its checksum, so that no process reads a tarball another is writing.
 */
function packPackage() {
  if (packed && fs.existsSync(packed.tarball)) return packed;
  if (!fs.existsSync(path.join(REPO_ROOT, "dist", "provider", "index.js")))
    throw new Error("dist/ is not built: run `node scripts/bootstrap.mjs` first.");
  const dir = path.join(WORK_ROOT, "pack");
  fs.mkdirSync(dir, { recursive: true });
  const own = fs.mkdtempSync(path.join(WORK_ROOT, ".pack-"));
  try {
    const [info] = JSON.parse(npmRun(["pack", "--json", "--pack-destination", own], REPO_ROOT));
    const tarball = path.join(dir, `${info.shasum.slice(0, 12)}-${info.filename}`);
    fs.renameSync(path.join(own, info.filename), tarball);
    packed = { tarball, shasum: info.shasum };
  } finally {
    fs.rmSync(own, { recursive: true, force: true });
  }
  return packed;
}

/**
 * A program's package.json, using the packed pulumi-aria.
 * @param {string} name
 * @param {ReturnType<typeof programVersions>} versions
 * @param {Record<string, string>} [extra]
 */
function manifest(name, versions, extra = {}) {
  const { "@pulumi/pulumi": sdk, ...dev } = versions;
  const dependencies = { "@pulumi/pulumi": sdk, "pulumi-aria": "file:./pulumi-aria.tgz" };
  return { name, private: true, ...extra, dependencies, devDependencies: dev };
}

/**
 * A node_modules holding the packed pulumi-aria, @pulumi/pulumi (the leg's, or `sdk`) and TypeScript,
 * installed once per tarball under .e2e/install-<sha>/, renamed into place.
 * @param {Pack} pack
 * @param {string} [sdk]
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
  writeJson(path.join(tmp, "package.json"), manifest("pulumi-aria-programs", versions));
  npmInstall(tmp);
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

// A Node program's tsconfig.json where it has none: the quickstart's, as a user's project has one.
const TSCONFIG = path.join(REPO_ROOT, "examples", "quickstart", "tsconfig.json");

/**
 * Copies a program directory to `dest`, runnable by `pulumi`; answers its project name. A standalone
 * project (with a package.json) gets its `pulumi-aria` pointed at the tarball and `npm install`, as a
 * user's does; another links node_modules to the shared user install and gets a Pulumi.yaml and (Node)
 * a tsconfig.json where missing.
 * @param {{ source: string, dest: string, projectName: string, pack: Pack, sdk?: string }} options
 */
function prepareProgram({ source, dest, projectName, pack, sdk }) {
  const versions = programVersions(sdk);
  const skipped = /^(node_modules|bin|Pulumi\..+\.ya?ml)$/; // top-level entries not copied
  fs.cpSync(source, dest, { recursive: true, filter: (src) => !skipped.test(path.relative(source, src)) });
  const manifestFile = path.join(dest, "package.json");
  if (fs.existsSync(manifestFile)) {
    const pkg = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
    if (!pkg.dependencies?.["pulumi-aria"])
      throw new Error(`${source}/package.json does not depend on pulumi-aria`);
    fs.copyFileSync(pack.tarball, path.join(dest, "pulumi-aria.tgz"));
    pkg.dependencies["pulumi-aria"] = "file:./pulumi-aria.tgz";
    // The leg's SDK release, as a user's lock file pins one release of the project's range.
    if (pkg.dependencies["@pulumi/pulumi"]) pkg.dependencies["@pulumi/pulumi"] = versions["@pulumi/pulumi"];
    writeJson(manifestFile, pkg);
    npmInstall(dest);
  } else {
    writeJson(manifestFile, manifest(projectName, versions, { main: "index.ts" }));
    fs.symlinkSync(path.join(userInstall(pack, sdk), "node_modules"), path.join(dest, "node_modules"), "dir");
    if (runtimeOf(dest) === "nodejs" && !fs.existsSync(path.join(dest, "tsconfig.json")))
      fs.copyFileSync(TSCONFIG, path.join(dest, "tsconfig.json"));
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

/** The lines of an operation's event log (none if the engine wrote none). @param {string} eventLog */
function eventLines(eventLog) {
  return fs.existsSync(eventLog) ? fs.readFileSync(eventLog, "utf8").split("\n") : [];
}

/** An operation's resource change counts: its event log's last summary event. @param {string[]} lines */
function summaryOf(lines) {
  const last = lines.filter((line) => line.includes('"summaryEvent"')).pop();
  return last ? (JSON.parse(last).summaryEvent.resourceChanges ?? {}) : {};
}

/** The steps of the engine's events that change something, op then URN, sorted. @param {string[]} lines */
function stepsOf(lines) {
  return lines
    .filter((line) => line.includes('"resourcePreEvent"'))
    .map((line) => JSON.parse(line).resourcePreEvent.metadata)
    .filter((step) => !["same", "read", "refresh"].includes(step.op))
    .map((step) => `${step.op} ${step.urn}`)
    .sort();
}

// The Automation API's options the CLI runner takes: each is its flag in camel case (a list's plural).
const SWITCHES = ["diff", "refresh", "skipPreview", "clearPendingCreates", "expectNoChanges"];
const VALUED = ["parallel", "target", "policyPacks", "policyPackConfigs"];
const flagOf = (/** @type {string} */ key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Command-line flags of an operation's options. @param {string} op @param {Record<string, unknown>} options */
function flagsOf(op, options) {
  return Object.entries(options).flatMap(([key, value]) => {
    if (value === undefined || value === false) return [];
    if (SWITCHES.includes(key)) return [flagOf(key)];
    if (!VALUED.includes(key))
      throw new Error(`pulumi ${op}: option '${key}' is not supported by the program runner`);
    return /** @type {unknown[]} */ ([])
      .concat(value)
      .flatMap((v) => [flagOf(key.replace(/s$/, "")), String(v)]);
  });
}

/** Every process's parent and CPU time (utime + stime, ms), and the children of each, from /proc (Linux). */
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

/**
 * SIGKILLs a process, its group and (`all`) every descendant, as a dying machine would: plugins may run
 * in process groups of their own. @param {ChildProcess} child
 */
function killTree(child, all = true) {
  const pid = /** @type {number} */ (child.pid);
  const { children } = processTree();
  const descendants = all ? [...(children.get(pid) ?? [])] : [];
  for (let i = 0; i < descendants.length; i++) descendants.push(...(children.get(descendants[i]) ?? []));
  for (const target of [...descendants, pid, -pid]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

/**
 * How a ProgramStack is opened. `via`: the `pulumi` CLI in a copy of the program directory (default),
 * or the Automation API on the directory itself; `projectName`: what the program's Pulumi.yaml must
 * name; `sdk`: the @pulumi/pulumi release it installs (default the leg's); `env`: over the engine's
 * environment (scripts/engine-env.js); `workDir`: a program directory ready to run, used as it is;
 * `tmp`: the directory of the `file://` backend (state/), PULUMI_HOME (home/), the event logs and job
 * files; `echo`: copy the CLI's output to this process's; `onOutput`: sees every chunk it prints.
 * @typedef {{ program: string, via?: "cli" | "automation", projectName?: string, stackName?: string,
 *   sdk?: string, env?: Record<string, string>, passphrase?: string, workDir?: string, tmp?: string,
 *   echo?: boolean, onOutput?: (text: string) => void }} ProgramStackOptions
 */

/** A stack of one program on a backend of its own; every operation is a real engine run. */
class ProgramStack {
  /** @param {ProgramStackOptions} o */
  constructor(o) {
    this.via = o.via ?? "cli";
    this.programDir = o.program;
    this.stackName = o.stackName ?? `t${randomBytes(4).toString("hex")}`;
    this.tmp = o.tmp ?? fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-stack-"));
    const [stateDir, homeDir] = [path.join(this.tmp, "state"), path.join(this.tmp, "home")];
    for (const dir of [stateDir, homeDir]) fs.mkdirSync(dir, { recursive: true });
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
      const { projectName } = this;
      const name = prepareProgram({ source: o.program, dest, projectName, pack: packPackage(), sdk: o.sdk });
      if (o.projectName && o.projectName !== name)
        throw new Error(`${o.program}/Pulumi.yaml names project '${name}', not '${o.projectName}'`);
      this.projectName = name;
    }
  }

  /**
   * Starts a process of the stack in its program directory, in a group of its own (see killTree).
   * @param {string} cmd
   * @param {string[]} args
   * @param {Record<string, string>} env
   * @param {import("node:child_process").StdioOptions} stdio
   */
  start(cmd, args, env, stdio) {
    const child = spawn(cmd, args, {
      cwd: this.workDir,
      env: { ...process.env, ...this.env, ...env },
      stdio,
      detached: true,
    });
    this.children.add(child);
    child.on("close", () => this.children.delete(child));
    this.onSpawn?.(child);
    return child;
  }

  /**
   * Sets (`undefined`: removes) a config value for the next operations; a bare key is the project's.
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
   * `pulumi <args>` in the program directory with the stack's environment; never throws for a non-zero
   * exit (code -1 when killed).
   * @param {string[]} args
   * @param {{ env?: Record<string, string> }} [options]
   */
  async exec(args, { env } = {}) {
    const { echo, onOutput } = this.options;
    const child = this.start("pulumi", args, env ?? {}, ["ignore", "pipe", "pipe"]);
    const out = { stdout: "", stderr: "" };
    for (const stream of /** @type {const} */ (["stdout", "stderr"])) {
      /** @type {import("node:stream").Readable} */ (child[stream]).on("data", (d) => {
        out[stream] += d;
        if (echo) process[stream].write(d);
        onOutput?.(String(d));
      });
    }
    const [code, signal] = await once(child, "close");
    return { code: code ?? -1, signal, ...out };
  }

  /** exec(), throwing a CommandError (code, stdout, stderr) for a non-zero exit. @param {string[]} args */
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

  /** Any other `pulumi` command on this stack's backend, its config set (add `--stack` where needed). @param {string[]} args */
  async pulumi(args) {
    await this.sync();
    return this.exec(args);
  }

  /**
   * Runs one operation (`up`, `preview` (with its diff), `refresh`, `destroy`, `export`, `outputs`)
   * in fresh processes; never throws for an engine failure (see `ok`). `extras.env` is added to the
   * environment of the operation's processes.
   * @param {string} op
   * @param {Record<string, unknown>} [options] the Automation API's option names
   * @param {{ env?: Record<string, string> }} [extras]
   */
  async run(op, options = {}, { env = {} } = {}) {
    if (op === "preview") options = { diff: true, ...options };
    if (this.via === "cli") return this.runCli(op, options, env);
    const id = ++this.count;
    const resultFile = path.join(this.tmp, `result-${id}.json`);
    const jobFile = path.join(this.tmp, `job-${id}.json`);
    const { programDir, projectName, stackName, workDir, config } = this;
    /** @type {AutomationJob} */
    const job = {
      ...{ op, options, programDir, projectName, stackName, workDir, config, resultFile },
      envVars: { ...this.env, ...env },
      backendUrl: this.env.PULUMI_BACKEND_URL,
      engineRoot: engineRoot(),
    };
    fs.writeFileSync(jobFile, JSON.stringify(job));
    const child = this.start(process.execPath, [RUN_OP, jobFile], {}, ["ignore", "ignore", "pipe"]);
    let stderr = "";
    /** @type {import("node:stream").Readable} */ (child.stderr).on("data", (d) => {
      stderr = (stderr + d).slice(-100_000);
      if (process.env.E2E_VERBOSE) process.stderr.write(d);
    });
    const [code, signal] = await once(child, "close");
    if (!fs.existsSync(resultFile)) {
      const err = new CommandError(`node ${RUN_OP} (pulumi ${op})`, { code, signal, stderr });
      err.message = `pulumi ${op} did not produce a result (exit ${code}):\n${stderr.slice(-4000)}`;
      throw err;
    }
    /** @type {CliResult} */
    const result = JSON.parse(fs.readFileSync(resultFile, "utf8"));
    result.stderr = [result.stderr, stderr].filter(Boolean).join("\n");
    return { ...result, summary: result.summary ?? {} };
  }

  /** One operation with the `pulumi` CLI. @param {string} op @param {Record<string, unknown>} options @param {Record<string, string>} env */
  async runCli(op, options, env) {
    await this.sync();
    const s = ["--stack", this.stackName];
    if (op === "export" || op === "outputs") {
      const args = op === "export" ? ["stack", "export", ...s] : ["stack", "output", "--json", ...s];
      const r = await this.exec(args, { env });
      /** @type {CliResult} */
      const result = { ok: r.code === 0, op, summary: {}, stdout: r.stdout, stderr: r.stderr };
      if (r.code !== 0) result.error = lastLines(r.stderr || r.stdout);
      else if (op === "export") result.deployment = JSON.parse(r.stdout);
      else result.outputs = await this.outputs();
      return result;
    }
    if (!["up", "preview", "refresh", "destroy"].includes(op)) throw new Error(`unknown operation ${op}`);
    const eventLog = path.join(this.tmp, `events-${++this.count}-${op}.jsonl`);
    // --event-log (the engine's events, as the Automation API reads them) is one of the CLI's debug
    // flags, which PULUMI_DEBUG_COMMANDS makes available; it changes nothing else.
    const args = [op, ...(op === "preview" ? [] : ["--yes"]), "--non-interactive", "--color", "never"];
    const flags = [...s, "--event-log", eventLog, ...flagsOf(op, options)];
    const r = await this.exec([...args, ...flags], { env: { ...env, PULUMI_DEBUG_COMMANDS: "true" } });
    const events = eventLines(eventLog);
    /** @type {CliResult} */
    const result = {
      ok: r.code === 0,
      op,
      summary: summaryOf(events),
      steps: stepsOf(events),
      stdout: r.stdout,
      stderr: r.stderr,
    };
    if (r.code !== 0)
      result.error = `pulumi ${op} exited with ${r.code}${r.signal ? ` (${r.signal})` : ""}: ${lastLines(r.stderr || r.stdout)}`;
    else if (op === "up") result.outputs = await this.outputs();
    return result;
  }

  /** Stack outputs as {name: {value, secret}}: values from --show-secrets, secrecy from the masked listing. */
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

module.exports = { packPackage, userInstall, prepareProgram, ProgramStack, processTree, killTree };
