// @ts-check
// Runs Pulumi programs the way users run them: the `pulumi` CLI in a program directory (the Node
// language host compiles the TypeScript), with pulumi-aria installed from its packed tarball and
// @pulumi/pulumi from the npm registry. Shared by the e2e harness, the demo and the benchmarks.
//
// - packPackage(): `npm pack` of this repository (dist/ must be built), cached by content.
// - userInstall(pack): one `npm install` of that tarball with @pulumi/pulumi and TypeScript, reused
//   by every program that has no package.json of its own (the test programs).
// - prepareProgram(): copies a program directory; a project with its own package.json (the examples)
//   is installed with `npm install` as a user would, its pulumi-aria pointed at the tarball.
// - PulumiCli: one stack of one program directory; every operation is a `pulumi` process.
// - runAutomationOp(): one operation through the Automation API instead (scripts/run-op.js), in a
//   process of its own.
"use strict";

const { execFileSync, spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { activeLeg } = require("./runtimes.js");
const { CommandError, lastLines } = require("./errors.js");

const REPO_ROOT = path.resolve(__dirname, "..");
const WORK_ROOT = path.join(REPO_ROOT, ".e2e");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
/** How long an install of an earlier build is kept after its last use. */
const INSTALL_KEEP_MS = 3 * 60 * 60 * 1000;

/**
 * The packed package: the tarball and its sha1.
 * @typedef {object} Pack
 * @property {string} tarball
 * @property {string} shasum
 */

/**
 * A config value of the stack.
 * @typedef {object} ConfigValue
 * @property {string} value
 * @property {boolean} secret
 */

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
 */

/**
 * What one `pulumi` process answered: its exit code (-1 when killed), signal and output.
 * @typedef {object} ExecResult
 * @property {number} code
 * @property {NodeJS.Signals | null} signal
 * @property {string} stdout
 * @property {string} stderr
 */

/**
 * How a PulumiCli runs its processes.
 * @typedef {object} PulumiCliOptions
 * @property {string} cwd the program directory
 * @property {string} stackName
 * @property {Record<string, string>} env added to this process's environment
 * @property {string} logDir where the engine's event logs go
 * @property {(child: import("node:child_process").ChildProcess) => void} [onSpawn]
 * @property {boolean} [echo] copy the CLI's output to this process's stdout and stderr
 * @property {(text: string) => void} [onOutput] called with every chunk the CLI prints
 */

/**
 * What scripts/run-op.js is told to do (the result file is added by runAutomationOp).
 * @typedef {object} AutomationJob
 * @property {string} op
 * @property {Record<string, unknown>} options
 * @property {string} programDir
 * @property {string} projectName
 * @property {string} stackName
 * @property {string} workDir
 * @property {string} backendUrl
 * @property {string} engineRoot
 * @property {Record<string, ConfigValue>} config
 * @property {Record<string, string>} envVars
 */

/**
 * The error execFileSync throws: the process's exit status, signal and output (strings with an
 * `encoding`); an errno `code` when the process could not be started.
 * @typedef {NodeJS.ErrnoException & { status?: number | null, signal?: NodeJS.Signals | null, stdout?: string, stderr?: string }} ExecSyncError
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
 * @returns {string}
 */
function npmRun(args, cwd) {
  try {
    return execFileSync(npm, args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
  } catch (err) {
    const e = /** @type {ExecSyncError} */ (err);
    if (typeof e.code === "string") throw err; // npm did not start (ENOENT, ...): its own message says why
    throw new CommandError(`npm ${args.join(" ")} in ${cwd}`, {
      code: e.status ?? null,
      signal: e.signal ?? null,
      stdout: e.stdout ?? "",
      stderr: e.stderr ?? "",
    });
  }
}

/**
 * Packs the repository (as `npm publish` would) into .e2e/pack; returns the tarball and its sha1.
 * @returns {Pack}
 */
function packPackage() {
  if (!fs.existsSync(path.join(REPO_ROOT, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is not built: run `node scripts/bootstrap.mjs` first.");
  }
  const dir = path.join(WORK_ROOT, "pack");
  fs.mkdirSync(dir, { recursive: true });
  const [info] = JSON.parse(npmRun(["pack", "--json", "--pack-destination", dir], REPO_ROOT));
  return { tarball: path.join(dir, info.filename), shasum: info.shasum };
}

/**
 * A node_modules holding the packed pulumi-aria, @pulumi/pulumi and TypeScript, installed once per
 * tarball content under .e2e/install-<sha>/ and reused; made in a temporary directory and renamed
 * into place, so a half-made install is never used.
 * @param {Pack} pack
 * @param {string} [sdk] the @pulumi/pulumi release to install: the runtime leg's when not given
 * @returns {string}
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
    if (!old.startsWith("install-")) continue;
    const oldDir = path.join(WORK_ROOT, old);
    if (Date.now() - fs.statSync(oldDir).mtimeMs < INSTALL_KEEP_MS) continue;
    fs.rmSync(oldDir, { recursive: true, force: true });
  }
  const tmp = fs.mkdtempSync(path.join(WORK_ROOT, ".install-"));
  fs.copyFileSync(pack.tarball, path.join(tmp, "pulumi-aria.tgz"));
  fs.writeFileSync(
    path.join(tmp, "package.json"),
    JSON.stringify(
      {
        name: "pulumi-aria-programs",
        private: true,
        dependencies: {
          "@pulumi/pulumi": versions["@pulumi/pulumi"],
          "pulumi-aria": "file:./pulumi-aria.tgz",
        },
        devDependencies: { typescript: versions.typescript, "@types/node": versions["@types/node"] },
      },
      null,
      2,
    ),
  );
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
 * @returns {string}
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
    const pkg = {
      name: projectName,
      private: true,
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": versions["@pulumi/pulumi"], "pulumi-aria": "file:./pulumi-aria.tgz" },
      devDependencies: { typescript: versions.typescript, "@types/node": versions["@types/node"] },
    };
    fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
    fs.symlinkSync(path.join(userInstall(pack, sdk), "node_modules"), path.join(dest, "node_modules"), "dir");
    if (runtimeOf(dest) === "nodejs" && !fs.existsSync(path.join(dest, "tsconfig.json"))) {
      fs.writeFileSync(path.join(dest, "tsconfig.json"), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    }
  }
  const projectFile = path.join(dest, "Pulumi.yaml");
  if (!fs.existsSync(projectFile)) {
    fs.writeFileSync(projectFile, `name: ${projectName}\nruntime: nodejs\n`);
    return projectName;
  }
  const name = /^name:\s*(\S+)/m.exec(fs.readFileSync(projectFile, "utf8"));
  if (!name) throw new Error(`${projectFile} has no name`);
  return name[1];
}

/**
 * The runtime a program directory's Pulumi.yaml names (`runtime: go` or `runtime: {name: go}`);
 * `nodejs` when it has none, as prepareProgram then writes one.
 * @param {string} dir
 * @returns {string}
 */
function runtimeOf(dir) {
  const file = path.join(dir, "Pulumi.yaml");
  if (!fs.existsSync(file)) return "nodejs";
  const text = fs.readFileSync(file, "utf8");
  const found = /^runtime:[ \t]*(\S+)?[ \t]*$(?:\n[ \t]+name:[ \t]*(\S+))?/m.exec(text);
  return found?.[1] ?? found?.[2] ?? "nodejs";
}

/**
 * Resource change counts of an operation: the last summary event of its event log.
 * @param {string} eventLog
 * @returns {Record<string, number>}
 */
function summaryOf(eventLog) {
  /** @type {Record<string, number>} */
  let summary = {};
  if (!fs.existsSync(eventLog)) return summary;
  for (const line of fs.readFileSync(eventLog, "utf8").split("\n")) {
    if (!line.includes('"summaryEvent"')) continue;
    summary = JSON.parse(line).summaryEvent.resourceChanges ?? {};
  }
  return summary;
}

/**
 * Command-line flags of an operation's options (the Automation API's names, for familiarity).
 * @param {string} op
 * @param {Record<string, unknown>} options
 * @returns {string[]}
 */
function flagsOf(op, options) {
  /** @type {string[]} */
  const flags = [];
  // target, policyPacks and policyPackConfigs are one string or several, as in the Automation API.
  const each = (/** @type {unknown} */ value) =>
    /** @type {string[]} */ ([]).concat(/** @type {string | string[]} */ (value));
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === false) continue;
    switch (key) {
      case "diff":
        flags.push("--diff");
        break;
      case "refresh":
        flags.push("--refresh");
        break;
      case "skipPreview":
        flags.push("--skip-preview");
        break;
      case "clearPendingCreates":
        flags.push("--clear-pending-creates");
        break;
      case "expectNoChanges":
        flags.push("--expect-no-changes");
        break;
      case "parallel":
        flags.push("--parallel", String(value));
        break;
      case "target":
        for (const urn of each(value)) flags.push("--target", urn);
        break;
      case "policyPacks":
        for (const pack of each(value)) flags.push("--policy-pack", pack);
        break;
      case "policyPackConfigs":
        for (const file of each(value)) flags.push("--policy-pack-config", file);
        break;
      default:
        throw new Error(`pulumi ${op}: option '${key}' is not supported by the program runner`);
    }
  }
  return flags;
}

/** One stack of one program directory, driven through the `pulumi` CLI. */
class PulumiCli {
  /** @param {PulumiCliOptions} options */
  constructor(options) {
    this.options = options;
    /** @type {Map<string, ConfigValue>} the config last set on the stack */
    this.applied = new Map();
    this.created = false;
    this.count = 0;
  }

  /**
   * Runs `pulumi <args>` in the program directory; never throws for a non-zero exit.
   * @param {string[]} args
   * @param {{ input?: string, extraEnv?: Record<string, string> }} [options]
   * @returns {Promise<ExecResult>}
   */
  exec(args, { input, extraEnv } = {}) {
    const { cwd, env, onSpawn, echo } = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn("pulumi", args, {
        cwd,
        env: { ...process.env, ...env, ...extraEnv },
        stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        detached: true,
      });
      onSpawn?.(child);
      let stdout = "";
      let stderr = "";
      const { onOutput } = this.options;
      // Pipes, as stdio above asks: spawn's types only know it for a fixed stdio tuple.
      const childOut = /** @type {import("node:stream").Readable} */ (child.stdout);
      const childErr = /** @type {import("node:stream").Readable} */ (child.stderr);
      childOut.on("data", (d) => {
        stdout += d;
        if (echo) process.stdout.write(d);
        onOutput?.(String(d));
      });
      childErr.on("data", (d) => {
        stderr += d;
        if (echo) process.stderr.write(d);
        onOutput?.(String(d));
      });
      if (input !== undefined) /** @type {import("node:stream").Writable} */ (child.stdin).end(input);
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code: code ?? -1, signal, stdout, stderr }));
    });
  }

  /**
   * Runs `pulumi <args>` as exec() does; throws a CommandError (code, stdout, stderr) for a non-zero exit.
   * @param {string[]} args
   * @returns {Promise<ExecResult>}
   */
  async must(args) {
    const r = await this.exec(args);
    if (r.code !== 0) throw new CommandError(`pulumi ${args.join(" ")}`, r);
    return r;
  }

  /**
   * Creates the stack on first use, then brings its config to `wanted` ({key: {value, secret}}).
   * @param {Record<string, ConfigValue>} wanted
   * @returns {Promise<void>}
   */
  async sync(wanted) {
    const s = ["--stack", this.options.stackName];
    if (!this.created) {
      await this.must(["stack", "select", "--create", ...s, "--non-interactive"]);
      this.created = true;
    }
    const stale = [...this.applied.keys()].filter((k) => !(k in wanted));
    if (stale.length > 0) await this.must(["config", "rm-all", ...s, ...stale]);
    const changed = Object.entries(wanted).filter(([k, v]) => {
      const had = this.applied.get(k);
      return !had || had.value !== v.value || had.secret !== v.secret;
    });
    if (changed.length > 0) {
      const pairs = changed.flatMap(([k, v]) => [v.secret ? "--secret" : "--plaintext", `${k}=${v.value}`]);
      await this.must(["config", "set-all", ...s, ...pairs]);
    }
    this.applied = new Map(Object.entries(wanted).map(([k, v]) => [k, { ...v }]));
  }

  /**
   * Runs one operation (`up`, `preview`, `refresh`, `destroy`, `export`, `outputs`) as a user would
   * type it, and answers {ok, op, summary, outputs?, deployment?, stdout, stderr, error?}.
   * @param {string} op
   * @param {Record<string, unknown>} [options] the Automation API's option names (see flagsOf)
   * @param {Record<string, ConfigValue>} [config] the stack's whole config
   * @returns {Promise<CliResult>}
   */
  async run(op, options = {}, config = {}) {
    await this.sync(config);
    const s = ["--stack", this.options.stackName];
    const common = ["--non-interactive", "--color", "never", ...s];
    if (op === "export" || op === "outputs") {
      const r = await this.exec(
        op === "export" ? ["stack", "export", ...s] : ["stack", "output", "--json", ...s],
      );
      /** @type {CliResult} */
      const result = { ok: r.code === 0, op, summary: {}, stdout: r.stdout, stderr: r.stderr };
      if (r.code !== 0) result.error = lastLines(r.stderr || r.stdout);
      else if (op === "export") result.deployment = JSON.parse(r.stdout);
      else result.outputs = await this.outputs();
      return result;
    }
    const eventLog = path.join(this.options.logDir, `events-${++this.count}-${op}.jsonl`);
    /** @type {Record<string, string[] | undefined>} */
    const commands = {
      up: ["up", "--yes"],
      preview: ["preview"],
      refresh: ["refresh", "--yes"],
      destroy: ["destroy", "--yes"],
    };
    const args = commands[op];
    if (!args) throw new Error(`unknown operation ${op}`);
    // --event-log (the engine's events, as the Automation API reads them) is one of the CLI's debug
    // flags, which PULUMI_DEBUG_COMMANDS makes available; it changes nothing else.
    const r = await this.exec([...args, ...common, "--event-log", eventLog, ...flagsOf(op, options)], {
      extraEnv: { PULUMI_DEBUG_COMMANDS: "true" },
    });
    /** @type {CliResult} */
    const result = {
      ok: r.code === 0,
      op,
      summary: summaryOf(eventLog),
      stdout: r.stdout,
      stderr: r.stderr,
    };
    if (r.code !== 0)
      result.error = `pulumi ${op} exited with ${r.code}${r.signal ? ` (${r.signal})` : ""}: ${lastLines(r.stderr || r.stdout)}`;
    else if (op === "up") result.outputs = await this.outputs();
    return result;
  }

  /**
   * Stack outputs as {name: {value, secret}}: values from --show-secrets, secrecy from the masked listing.
   * @returns {Promise<Record<string, { value: unknown, secret: boolean }>>}
   */
  async outputs() {
    const s = ["--stack", this.options.stackName];
    const shown = JSON.parse(
      (await this.must(["stack", "output", "--json", "--show-secrets", ...s])).stdout || "{}",
    );
    const masked = JSON.parse((await this.must(["stack", "output", "--json", ...s])).stdout || "{}");
    return Object.fromEntries(
      Object.entries(shown).map(([k, value]) => [k, { value, secret: masked[k] === "[secret]" }]),
    );
  }
}

const RUN_OP = path.join(__dirname, "run-op.js");

/**
 * Runs one operation through the Automation API in a fresh, detached Node process (scripts/run-op.js)
 * and answers its result. The job is written to `<tmpDir>/job-<id>.json`; throws with the end of the
 * process's stderr (a CommandError) when it wrote no result. Never rejects for an engine failure (see
 * `result.ok`).
 * @param {object} options
 * @param {AutomationJob} options.job
 * @param {string} options.tmpDir where the job and result files go
 * @param {number} options.id distinguishes this operation's files from the stack's others
 * @param {string} options.cwd
 * @param {Record<string, string>} options.env
 * @param {string[]} [options.preload] `node -r` preloads
 * @param {(child: import("node:child_process").ChildProcess) => void} [options.onSpawn]
 * @param {(text: string) => void} [options.onStderr]
 * @returns {Promise<{ result: CliResult, pid: number | undefined }>}
 */
async function runAutomationOp({ job, tmpDir, id, cwd, env, preload = [], onSpawn, onStderr }) {
  const jobFile = path.join(tmpDir, `job-${id}.json`);
  const resultFile = path.join(tmpDir, `result-${id}.json`);
  fs.writeFileSync(jobFile, JSON.stringify({ ...job, resultFile }));
  const child = spawn(process.execPath, [...preload, RUN_OP, jobFile], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  onSpawn?.(child);
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
    if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
    onStderr?.(String(d));
  });
  /** @type {{ code: number | null, signal: NodeJS.Signals | null }} */
  const exit = await new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  if (!fs.existsSync(resultFile)) {
    const err = new CommandError(`node ${RUN_OP} (pulumi ${job.op})`, { ...exit, stderr });
    // Kept as it read before failures were classified: the missing result is the failure, not the code.
    err.message = `pulumi ${job.op} did not produce a result (exit ${exit.code}):\n${stderr.slice(-4000)}`;
    throw err;
  }
  /** @type {CliResult} */
  const result = JSON.parse(fs.readFileSync(resultFile, "utf8"));
  result.summary = result.summary ?? {};
  result.stderr = [result.stderr, stderr].filter(Boolean).join("\n");
  return { result, pid: child.pid };
}

module.exports = {
  packPackage,
  userInstall,
  prepareProgram,
  PulumiCli,
  runAutomationOp,
  summaryOf,
  WORK_ROOT,
  REPO_ROOT,
};
