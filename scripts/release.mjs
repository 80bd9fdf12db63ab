#!/usr/bin/env node
// @ts-check
// `npm run release -- --dry-run [--skip-plugins] [--out <dir>]` or `-- --publish`: what each does and
// builds, docs/guides/release-and-install.md#what-a-release-holds and #making-a-release.

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { zipSync } from "fflate";
import { pulumiChecksum } from "./plugin-targets.js";
import { contentHash, fileSha256, BUILD_LEFTOVERS } from "./content-hash.js";
import { cacheBase, intoCache } from "./runtimes.js";
import { PYTHON_TOOLS } from "./python-tools.js";
import { ScriptError, describeFailure } from "./errors.js";
import { runSync } from "./run-command.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const say = (/** @type {string} */ msg) => process.stderr.write(`[release] ${msg}\n`);

const bool = /** @type {const} */ ({ type: "boolean" });
const { values: flags } = parseArgs({
  options: { "dry-run": bool, publish: bool, "skip-plugins": bool, out: { type: "string" } },
});
const OUT = flags.out ? path.resolve(flags.out) : path.join(root, "dist", "release");

/** runSync from the repository root unless told. @type {typeof runSync} */
const run = (cmd, args, options = {}) => runSync(cmd, args, { cwd: root, ...options });

/** Wall time of each step, in milliseconds. @type {Record<string, number>} */
const times = {};
/** A step, timed. @template T @param {string} step @param {() => T} fn @returns {T} */
function timed(step, fn) {
  const started = Date.now();
  say(`${step} ...`);
  const result = fn();
  times[step] = Date.now() - started;
  return result;
}

/**
 * `name` in OUT, or a build failure: `what` left none.
 * @param {string} what
 * @param {string} name
 */
function made(what, name) {
  const file = path.join(OUT, name);
  if (!fs.existsSync(file)) throw new ScriptError(`${what} left no ${name}`, "build");
  return file;
}

/** `fn` on a temporary copy of sdk/<name> without build leftovers, with the LICENSE beside its code. */
function inCopyOfSdk(/** @type {string} */ name, /** @type {(dir: string) => void} */ fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-aria-release-${name}-`));
  try {
    fs.cpSync(path.join(root, "sdk", name), dir, {
      recursive: true,
      filter: (src) => !BUILD_LEFTOVERS.test(src),
    });
    fs.copyFileSync(path.join(root, "LICENSE"), path.join(dir, "LICENSE"));
    fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The npm package pulumi-aria: what `npm pack` makes of the repository after `npm run build`.
 * @param {string} version
 */
function packPackage(version) {
  run("npm", ["pack", "--silent", "--pack-destination", OUT]);
  const file = made("npm pack", `pulumi-aria-${version}.tgz`);
  // Its SBOM, by CycloneDX's own npm tool: its dependencies (not the dev ones) as package-lock.json pins
  // them (not node_modules, where a test's link of the package to itself would bring the dev ones in).
  const cli = path.join(root, "node_modules", "@cyclonedx", "cyclonedx-npm", "bin", "cyclonedx-npm-cli.js");
  const sbom = path.join(OUT, `pulumi-aria-${version}.cdx.json`);
  const options = ["--omit", "dev", "--package-lock-only", "--output-reproducible", "--validate"];
  run(process.execPath, [cli, ...options, "-o", sbom]);
  return file;
}

/**
 * The Node SDK @pulumi-aria/aria, compiled into bin/ with the repository's node_modules (linked, read
 * only) and packed from there with its package.json, README and LICENSE, as Pulumi's providers are.
 * @param {string} version
 */
function packNodeSdk(version) {
  inCopyOfSdk("nodejs", (dir) => {
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    run(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir]);
    const bin = path.join(dir, "bin");
    for (const file of ["package.json", "README.md", "LICENSE"])
      fs.copyFileSync(path.join(dir, file), path.join(bin, file));
    run("npm", ["pack", "--silent", "--pack-destination", OUT, bin]);
  });
  return made("npm pack of sdk/nodejs", `pulumi-aria-aria-${version}.tgz`);
}

/** The cached virtualenv with PYTHON_TOOLS (the one test/e2e/sdk-tools.ts makes and uses). */
function pythonBuildVenv() {
  const pythonVersion = run("python3", ["-c", "import sys; print(sys.version.split()[0])"]).trim();
  const dir = path.join(cacheBase(), `python-sdk-build-${contentHash([pythonVersion, ...PYTHON_TOOLS])}`);
  const python = path.join(dir, "bin", "python");
  if (fs.existsSync(python)) return python;
  const problem = (/** @type {string} */ venv) =>
    fs.existsSync(path.join(venv, "bin", "python")) ? undefined : "no venv";
  intoCache(dir, "the Python build tools", problem, (work) => {
    run("python3", ["-m", "venv", work]);
    run(path.join(work, "bin", "python"), ["-m", "pip", "install", "-q", "--upgrade", ...PYTHON_TOOLS]);
  });
  return python;
}

/**
 * The Python SDK's wheel (dated at the commit, so the same bytes each build) and sdist.
 * @param {string} version
 */
function buildPython(version) {
  const python = pythonBuildVenv();
  const env = { ...process.env, SOURCE_DATE_EPOCH: String(commitTime().getTime() / 1000) };
  inCopyOfSdk("python", (dir) =>
    run(python, ["-m", "build", "--wheel", "--sdist", "--no-isolation", "--outdir", OUT, dir], { env }),
  );
  const files = [`pulumi_aria-${version}-py3-none-any.whl`, `pulumi_aria-${version}.tar.gz`];
  return files.map((name) => made("the build of sdk/python", name));
}

/** When the commit being released was made: the date of every entry that would otherwise be the build's. */
const commitTime = () => new Date(Number(run("git", ["log", "-1", "--format=%ct"]).trim()) * 1000);

/** The Go SDK's module path (sdk/go/go.mod). */
const GO_MODULE = "github.com/pulumi-aria/pulumi-aria/sdk/go";

/**
 * The Go SDK as a module proxy serves it (go help goproxy) for the tag sdk/go/v<version>: the zip holds
 * sdk/go's tracked files and the LICENSE (as the go command adds it) under <module>@v<version>/, dated
 * at the commit, as is the .info, so that a rebuild gives the same bytes.
 * @param {string} version
 */
function goProxyFolder(version) {
  const v = `v${version}`;
  const dir = path.join(OUT, "goproxy", ...GO_MODULE.split("/"), "@v");
  fs.mkdirSync(dir, { recursive: true });
  const files = run("git", ["ls-files", "sdk/go"]).trim().split("\n").filter(Boolean);
  // Files only, no folder entries: a folder's entry would change the module's go.sum hash (h1:).
  /** @type {Record<string, Uint8Array>} */
  const entries = {};
  for (const file of [...files, "LICENSE"]) {
    const rel = file === "LICENSE" ? file : path.relative("sdk/go", file);
    entries[`${GO_MODULE}@${v}/${rel}`] = fs.readFileSync(path.join(root, file));
  }
  const time = commitTime();
  // A zip's times are local (fflate reads the Date's local fields): shifted so that they hold UTC anywhere.
  const mtime = new Date(time.getTime() + time.getTimezoneOffset() * 60_000);
  fs.writeFileSync(path.join(dir, `${v}.zip`), zipSync(entries, { mtime }));
  fs.copyFileSync(path.join(root, "sdk", "go", "go.mod"), path.join(dir, `${v}.mod`));
  fs.writeFileSync(
    path.join(dir, `${v}.info`),
    `${JSON.stringify({ Version: v, Time: time.toISOString() })}\n`,
  );
  fs.writeFileSync(path.join(dir, "list"), `${v}\n`);
}

/** The Go SDK builds and vets against its go.mod and go.sum (it is published by its tag). */
function checkGoSdk() {
  const env = { ...process.env, GOFLAGS: "-mod=readonly", CGO_ENABLED: "0" };
  const dir = path.join(root, "sdk", "go");
  for (const command of ["build", "vet"]) run("go", [command, "./..."], { cwd: dir, env });
}

/** Every plugin archive, built (or reused from the cache) by scripts/build-plugin.mjs. */
function buildPlugins() {
  const script = path.join(root, "scripts", "build-plugin.mjs");
  const out = run(process.execPath, [script, "--target", "all", "--out", OUT, "--json"]);
  return /** @type {import("./build-plugin.mjs").PluginBuild[]} */ (
    JSON.parse(out.trim().split("\n").pop() ?? "[]")
  );
}

/**
 * docs/guides/release-and-install.md#signatures-with-openssh: `files` in OUT, signed.
 * @param {string[]} files
 * @param {string} identity
 */
function sign(files, identity) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-signing-"));
  try {
    const key = path.join(dir, "key");
    run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", identity, "-f", key]);
    const pub = fs.readFileSync(`${key}.pub`, "utf8").split(" ").slice(0, 2).join(" ");
    fs.writeFileSync(path.join(OUT, "allowed_signers"), `${identity} namespaces="file" ${pub}\n`);
    run("ssh-keygen", ["-q", "-Y", "sign", "-f", key, "-n", "file", ...files], { cwd: OUT });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The names of the files in OUT (not its folders), sorted. */
const filesInOut = () =>
  fs
    .readdirSync(OUT)
    .filter((f) => fs.statSync(path.join(OUT, f)).isFile())
    .sort();

async function main() {
  if (!flags["dry-run"] && !flags.publish)
    throw new ScriptError(
      "say what to do: `npm run release -- --dry-run` builds every artifact into dist/release/; " +
        "--publish also publishes them, and runs only in the release workflow",
      "usage",
    );
  if (flags["dry-run"] && flags.publish)
    throw new ScriptError("--dry-run and --publish exclude each other: give one", "usage");
  const started = Date.now();
  const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
  if (flags.publish) guardPublish(version);
  upgradeBaselines(version);
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  timed("npm run build", () => run("npm", ["run", "--silent", "build"]));
  timed("schema and SDKs up to date", () => {
    run(process.execPath, [path.join(root, "scripts", "gen.mjs"), "--check", "schema"]);
    run(process.execPath, [path.join(root, "scripts", "gen-sdk.mjs"), "--check"]);
  });
  const npmPackage = timed("npm package pulumi-aria", () => packPackage(version));
  const nodeSdk = timed("Node SDK @pulumi-aria/aria", () => packNodeSdk(version));
  const python = timed("Python SDK wheel and sdist", () => buildPython(version));
  timed("Go SDK build and vet", checkGoSdk);
  timed("Go SDK module proxy folder", () => goProxyFolder(version));
  const schema = path.join(OUT, `aria-schema-v${version}.json`);
  fs.copyFileSync(path.join(root, "sdk", "schema.json"), schema);
  // build-plugin.mjs fails unless it built every target.
  const plugins = flags["skip-plugins"] ? [] : timed("plugin archives", buildPlugins);
  times.total = Date.now() - started;

  const files = filesInOut();
  const manifest = {
    version,
    tags: { release: `v${version}`, goModule: `sdk/go/v${version}` },
    npm: [path.basename(npmPackage), path.basename(nodeSdk)],
    sboms: files.filter((f) => f.endsWith(".cdx.json")),
    signatures: {
      tool: "ssh-keygen -Y sign (OpenSSH)",
      namespace: "file",
      identity: `pulumi-aria-v${version}`,
    },
    python: python.map((f) => path.basename(f)),
    plugins: plugins.map((p) => ({
      target: p.target,
      archive: path.basename(p.tarball),
      sbom: path.basename(p.sbom),
      archiveBytes: p.tarballBytes,
      runtime: p.node,
      bundleSha256: p.bundleSha256,
      executableBytes: p.executableBytes,
      cached: p.cached,
    })),
    // The form a Pulumi.json's `packages.aria.checksums` takes (docs/guides/release-and-install.md).
    pluginChecksums: Object.fromEntries(
      plugins.map((p) => [p.target, pulumiChecksum(fs.readFileSync(p.tarball)).base64]),
    ),
    schema: path.basename(schema),
    sizes: Object.fromEntries(files.map((f) => [f, fs.statSync(path.join(OUT, f)).size])),
    buildMs: times,
  };
  fs.writeFileSync(path.join(OUT, "release.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const sums = [...files, "release.json"].map((f) => `${fileSha256(path.join(OUT, f))}  ${f}\n`).join("");
  fs.writeFileSync(path.join(OUT, "SHA256SUMS"), sums);
  timed("signatures", () => sign([...files, "release.json", "SHA256SUMS"], manifest.signatures.identity));

  const mb = (/** @type {number} */ n) =>
    n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${(n / 1e3).toFixed(1)} kB`;
  for (const f of files) say(`  ${f}  ${mb(manifest.sizes[f])}`);
  say(`the Go SDK: tag sdk/go/v${version}; the GitHub release and plugin download: tag v${version}`);
  const where = path.relative(root, OUT);
  const { total, ...steps } = times;
  const took = Object.entries(steps).map(([k, n]) => `${k} ${(n / 1000).toFixed(1)} s`);
  say(
    `built ${files.length} artifacts of ${version} into ${where}/ in ${(total / 1000).toFixed(1)} s ` +
      `(${took.join(", ")}); check them: cd ${where} && sha256sum -c SHA256SUMS`,
  );
  if (flags.publish) publish(version, manifest);
}

/**
 * The release's upgrade baselines (test/e2e/upgrade-baselines.ts), which upgrade-baselines.test.ts
 * previews every later build against: a dry run writes them when missing (scripts/baselines.mjs), to
 * be committed with the release; a publish requires them committed.
 * @param {string} version
 */
function upgradeBaselines(version) {
  const dir = path.join(root, "test", "fixtures", "baselines", version);
  if (fs.existsSync(dir)) return;
  if (flags.publish) {
    throw new ScriptError(
      `test/fixtures/baselines/${version} is missing: \`npm run release -- --dry-run\` writes it; commit it before tagging`,
      "guard",
    );
  }
  timed("upgrade baselines", () => run(process.execPath, [path.join(root, "scripts", "baselines.mjs")]));
}

/** Publishing runs only in the release workflow on its tag v<version>. @param {string} version */
function guardPublish(version) {
  const tag = `refs/tags/v${version}`;
  if (process.env.GITHUB_ACTIONS !== "true" || process.env.GITHUB_REF !== tag) {
    throw new ScriptError(
      `--publish runs only in the release workflow on the tag v${version} (GITHUB_ACTIONS=true, GITHUB_REF=${tag}); ` +
        `here GITHUB_REF is '${process.env.GITHUB_REF ?? ""}': use --dry-run to build`,
      "guard",
    );
  }
}

/**
 * npm, the GitHub release and the Go module's tag; PyPI is the workflow's own step.
 * @param {string} version
 * @param {{ npm: string[] }} manifest
 */
function publish(version, manifest) {
  for (const tarball of manifest.npm) {
    say(`npm publish ${tarball}`);
    run("npm", ["publish", "--provenance", "--access", "public", path.join(OUT, tarball)]);
  }
  const assets = filesInOut().map((f) => path.join(OUT, f));
  say(`gh release create v${version} (${assets.length} assets)`);
  const release = ["release", "create", `v${version}`, "--verify-tag", "--title", `v${version}`];
  run("gh", [...release, "--notes-file", notes(version), ...assets]);
  say(`git tag sdk/go/v${version} (the Go module)`);
  run("git", ["tag", `sdk/go/v${version}`, `v${version}^{commit}`]);
  run("git", ["push", "origin", `refs/tags/sdk/go/v${version}`]);
}

/** The release notes: the version's section of CHANGELOG.md, in a temporary file. @param {string} version */
function notes(version) {
  const changelog = fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  const start = changelog.indexOf(`## [${version}]`);
  if (start < 0) throw new ScriptError(`CHANGELOG.md has no section '## [${version}]'`, "release notes");
  const next = changelog.indexOf("\n## [", start + 1);
  const file = path.join(os.tmpdir(), `pulumi-aria-notes-${version}.md`);
  fs.writeFileSync(file, changelog.slice(start, next < 0 ? undefined : next).trim() + "\n");
  return file;
}

main().catch((err) => {
  say(describeFailure(err));
  process.exitCode = 1;
});
