#!/usr/bin/env node
// Finds or builds the Pulumi engine that the end-to-end tests, the demo and the benchmarks run: the
// CLI, the Node language host (what runs a program directory under `pulumi up`) and the
// dynamic-provider shim, side by side in `<root>/bin`. Prints the root.
//
// Order: $PULUMI_ARIA_ENGINE_ROOT; a `pulumi` on PATH whose version matches the wanted one
// @pulumi/pulumi (it keeps its own language host); a cached build under
// ~/.cache/pulumi-aria/pulumi-v<version>; otherwise a build from the CLI's Go modules at that version
// (needs Go and the Go module proxy), made in a temporary directory and renamed into place, so that
// concurrent runs never see a half-built cache.
//
// The Node language host: the module matching the CLI
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3, untagged, at the pkg tag's
// commit) when the module proxy serves it; otherwise the host that still lived inside the SDK module,
// package github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs at v3.68.0 (the newest SDK
// version that holds it), built in a wrapper module because its go.mod has a replace directive.
// Which one is used is printed, and recorded in <root>/bin/language-host.json.
//
// Policy packs: a CLI that finds a `nodejs` language host starts a Node policy pack (`pulumi preview
// --policy-pack DIR`) through that host's RunPlugin (kind "analyzer"); the `pulumi-analyzer-policy*`
// launchers are only looked for when no language host is found. The v3.68.0 host answers RunPlugin
// "not supported", so it is built with scripts/engine/nodejs-host-policy-packs.go, which runs the pack
// as later hosts do. A cached v3.68.0 host without that file (or with an older copy of it) is rebuilt.
//
// Usage: node scripts/ensure-engine.mjs [--print-root] [--quiet]

import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const PKG_MODULE = "github.com/pulumi/pulumi/pkg/v3";
const SDK_MODULE = "github.com/pulumi/pulumi/sdk/v3";
const NODEJS_HOST_MODULE = "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3";
// The fallback host: the last SDK release that still carried the Node language host in its own module.
const LEGACY_HOST_SDK_VERSION = "v3.68.0";
const LEGACY_HOST_PACKAGE = `${SDK_MODULE}/nodejs/cmd/pulumi-language-nodejs`;
const HOST_INFO = "language-host.json";
// Compiled into the v3.68.0 host: its RunPlugin, which starts Node policy packs.
const POLICY_PACK_PATCH = path.join(repoRoot, "scripts", "engine", "nodejs-host-policy-packs.go");
// The v3.68.0 host's stub, renamed so that the patch's RunPlugin takes its place.
const RUN_PLUGIN_STUB = "func (host *nodeLanguageHost) RunPlugin(";
// pkg/go.mod carries this non-local replace; a wrapper module must repeat it to build the CLI.
const CLIPBOARD_REPLACE =
  "github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e";

const { values: flags } = parseArgs({
  options: { "print-root": { type: "boolean" }, quiet: { type: "boolean" } },
});
const log = (msg) => {
  if (!flags.quiet) process.stderr.write(`[engine] ${msg}\n`);
};

/** The installed @pulumi/pulumi's version, else the dev pin. */
function sdkVersion() {
  try {
    return require(require.resolve("@pulumi/pulumi/package.json", { paths: [repoRoot] })).version;
  } catch {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    return pkg.devDependencies["@pulumi/pulumi"].replace(/^[^\d]*/, "");
  }
}

/**
 * The CLI to build: package.json's `config.pulumiCli` (the newest pkg/v3 the Go module proxy serves),
 * or the SDK's version when that is newer. The rule is "CLI at least the SDK's version": pkg/v3 at the
 * newest SDK's version is not always downloadable, and a newer engine speaks to an older SDK.
 */
function wantedVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  const pinned = pkg.config?.pulumiCli;
  const sdk = sdkVersion();
  return pinned && compareVersions(pinned, sdk) >= 0 ? pinned : sdk;
}

function compareVersions(a, b) {
  const pa = a.replace(/^v/, "").split(".").map(Number);
  const pb = b.replace(/^v/, "").split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

function pulumiVersionOf(bin) {
  try {
    return execFileSync(bin, ["version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    }).trim();
  } catch {
    return undefined;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return fs.realpathSync(candidate);
    } catch {
      /* not here */
    }
  }
  return undefined;
}

function cacheBase() {
  if (process.env.PULUMI_ARIA_CACHE_DIR) return process.env.PULUMI_ARIA_CACHE_DIR;
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(xdg, "pulumi-aria");
}

function shimSource() {
  return path.join(
    path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [repoRoot] })),
    "pulumi-resource-pulumi-nodejs",
  );
}

/** A root is usable when its CLI prints the wanted version and the dynamic-provider shim sits beside it. */
function usableRoot(root, version) {
  const bin = path.join(root, "bin");
  if (pulumiVersionOf(path.join(bin, "pulumi")) !== `v${version}`) return false;
  return fs.existsSync(path.join(bin, "pulumi-resource-pulumi-nodejs"));
}

/** What the root's Node language host is (written when it was built), if it has one. */
function hostInfo(root) {
  try {
    if (!fs.existsSync(path.join(root, "bin", "pulumi-language-nodejs"))) return undefined;
    return JSON.parse(fs.readFileSync(path.join(root, "bin", HOST_INFO), "utf8"));
  } catch {
    return { source: "unknown origin" };
  }
}

function run(cmd, args, { echo = true, ...opts } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], ...opts });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => {
      output += chunk;
      if (echo) for (const line of String(chunk).split("\n")) if (line.trim()) log(`  ${line}`);
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${output.slice(-4000)}`)),
    );
  });
}

async function build(version, target) {
  const goBin = onPath("go");
  if (!goBin) {
    throw new Error(
      `No Pulumi CLI v${version} was found and Go is not installed, so it cannot be built.\n` +
        `Install the Pulumi CLI (https://www.pulumi.com/docs/install/) and put it on PATH, ` +
        `or install Go >= 1.25 so that this script can build it from the Go module proxy.`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(target), `.build-v${version}-`));
  const prefix = path.join(work, "prefix");
  const bin = path.join(prefix, "bin");
  fs.mkdirSync(bin, { recursive: true });
  const started = Date.now();
  const heartbeat = setInterval(
    () =>
      log(
        `still building Pulumi v${version} (${Math.round((Date.now() - started) / 1000)}s elapsed; the first build takes several minutes)`,
      ),
    20000,
  );
  try {
    const env = goEnv();
    fs.writeFileSync(
      path.join(work, "go.mod"),
      `module pulumi-aria/engine-build\n\ngo 1.25\n\nrequire (\n\t${PKG_MODULE} v${version}\n\t${SDK_MODULE} v${version}\n)\n\nreplace ${CLIPBOARD_REPLACE}\n`,
    );
    fs.writeFileSync(
      path.join(work, "tools.go"),
      `//go:build tools\n\npackage tools\n\nimport _ "${PKG_MODULE}/cmd/pulumi"\n`,
    );
    log(`building Pulumi CLI v${version} from Go modules in ${work}`);
    await tidyVerified(goBin, work, env);
    await run(goBin, goBuildArgs(path.join(bin, "pulumi"), `${PKG_MODULE}/cmd/pulumi`, `v${version}`), {
      cwd: work,
      env,
    });
    await buildNodeLanguageHost(goBin, work, env, version, bin);
    fs.copyFileSync(shimSource(), path.join(bin, "pulumi-resource-pulumi-nodejs"));
    fs.chmodSync(path.join(bin, "pulumi-resource-pulumi-nodejs"), 0o755);
    const stamped = pulumiVersionOf(path.join(bin, "pulumi"));
    if (stamped !== `v${version}`)
      throw new Error(`the built CLI reports version '${stamped}', expected v${version}`);
    try {
      fs.renameSync(prefix, target);
    } catch (err) {
      // Another run finished first: keep its build, drop ours.
      if (!usableRoot(target, version)) throw err;
    }
    log(`built Pulumi v${version} in ${Math.round((Date.now() - started) / 1000)}s → ${target}`);
  } finally {
    clearInterval(heartbeat);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The Go environment of a build: static binaries, module mode, checksums verified by default. */
function goEnv() {
  return { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod -buildvcs=false" };
}

/**
 * `go mod tidy` with checksum verification against the checksum database. Where the database cannot
 * be reached or does not know a Pulumi version, the build goes on without verifying Pulumi's own
 * modules (GONOSUMDB) and says so: go.sum then only records what the module proxy served.
 */
async function tidyVerified(goBin, work, env) {
  try {
    await run(goBin, ["mod", "tidy"], { cwd: work, env, echo: false });
  } catch (err) {
    if (!/sum\.golang\.org|checksum database|verifying .*(module|go\.mod)/i.test(err.message)) throw err;
    const seen = /verifying module: (\S+?):.*?(\d{3} [A-Za-z ]+)/.exec(err.message);
    const why = seen ? ` (it answered ${seen[2].trim()} for ${seen[1]})` : "";
    log(
      `warning: the checksum database could not verify the Pulumi modules${why}; building them ` +
        "unverified (GONOSUMDB=github.com/pulumi/pulumi). go.sum records what the module proxy served.",
    );
    env.GONOSUMDB = [process.env.GONOSUMDB, "github.com/pulumi/pulumi"].filter(Boolean).join(",");
    await run(goBin, ["mod", "tidy"], { cwd: work, env });
  }
}

function goBuildArgs(out, pkg, stampedVersion) {
  const ldflags = `-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=${stampedVersion}`;
  return ["build", "-trimpath", "-tags", "osusergo,grpcnotrace", "-ldflags", ldflags, "-o", out, pkg];
}

/**
 * Builds the Node language host into `binDir`: the module matching the CLI where the module proxy
 * serves it (it has no tags, so it is required at the pkg tag's commit), otherwise the host of the
 * SDK module at v3.68.0 in a wrapper module of its own. Records which in language-host.json.
 */
async function buildNodeLanguageHost(goBin, work, env, version, binDir) {
  const out = path.join(binDir, "pulumi-language-nodejs");
  let matchingReason;
  try {
    const info = JSON.parse(
      await run(goBin, ["list", "-m", "-json", `${PKG_MODULE}@v${version}`], { cwd: work, env, echo: false }),
    );
    const time = new Date(info.Time).toISOString().replace(/[-:T]/g, "").slice(0, 14);
    const pseudo = `v3.0.0-${time}-${info.Origin.Hash.slice(0, 12)}`;
    await run(goBin, ["get", `${NODEJS_HOST_MODULE}@${pseudo}`], { cwd: work, env, echo: false });
    await run(goBin, goBuildArgs(out, NODEJS_HOST_MODULE, `v${version}`), { cwd: work, env });
    return writeHostInfo(binDir, { module: NODEJS_HOST_MODULE, version: pseudo, matchesCli: true });
  } catch (err) {
    const lines = String(err.message)
      .split("\n")
      .filter((l) => l.trim());
    matchingReason = (lines.find((l) => /40[34]|not available|not found/i.test(l)) ?? lines[0] ?? "").trim();
  }
  log(`the matching Node language host is not served here (${matchingReason});`);
  log(
    `building the host of ${SDK_MODULE} ${LEGACY_HOST_SDK_VERSION} instead, with RunPlugin for policy packs`,
  );
  const hostWork = fs.mkdtempSync(path.join(work, "host-"));
  fs.writeFileSync(
    path.join(hostWork, "go.mod"),
    `module pulumi-aria/language-host-build\n\ngo 1.21\n\nrequire ${SDK_MODULE} ${LEGACY_HOST_SDK_VERSION}\n`,
  );
  fs.writeFileSync(
    path.join(hostWork, "tools.go"),
    `//go:build tools\n\npackage tools\n\nimport _ "${LEGACY_HOST_PACKAGE}"\n`,
  );
  const hostEnv = { ...env };
  await tidyVerified(goBin, hostWork, hostEnv);
  // The host's package, copied out of the module cache into the wrapper module, with its RunPlugin stub
  // renamed and scripts/engine/nodejs-host-policy-packs.go beside it.
  const source = (
    await run(goBin, ["list", "-f", "{{.Dir}}", LEGACY_HOST_PACKAGE], {
      cwd: hostWork,
      env: hostEnv,
      echo: false,
    })
  ).trim();
  fs.rmSync(path.join(hostWork, "tools.go"));
  for (const file of fs.readdirSync(source)) {
    if (!file.endsWith(".go") || file.endsWith("_test.go")) continue;
    let text = fs.readFileSync(path.join(source, file), "utf8");
    if (file === "main.go") {
      if (text.split(RUN_PLUGIN_STUB).length !== 2)
        throw new Error(`${LEGACY_HOST_PACKAGE}/main.go has not exactly one '${RUN_PLUGIN_STUB}'`);
      text = text.replace(RUN_PLUGIN_STUB, "func (host *nodeLanguageHost) runPluginUnsupported(");
    }
    fs.writeFileSync(path.join(hostWork, file), text);
  }
  fs.copyFileSync(POLICY_PACK_PATCH, path.join(hostWork, path.basename(POLICY_PACK_PATCH)));
  await run(goBin, ["mod", "tidy"], { cwd: hostWork, env: hostEnv, echo: false });
  await run(goBin, goBuildArgs(out, ".", LEGACY_HOST_SDK_VERSION), { cwd: hostWork, env: hostEnv });
  return writeHostInfo(binDir, {
    module: SDK_MODULE,
    version: LEGACY_HOST_SDK_VERSION,
    matchesCli: false,
    policyPackPatch: policyPackPatchId(),
  });
}

/** Identifies the RunPlugin patch by content, so that a changed patch rebuilds the cached host. */
function policyPackPatchId() {
  return createHash("sha256").update(fs.readFileSync(POLICY_PACK_PATCH)).digest("hex").slice(0, 12);
}

/** Whether a root's host starts Node policy packs: the CLI's own host does; a v3.68.0 one needs the patch. */
function hostRunsPolicyPacks(info) {
  return !!info && (info.matchesCli === true || info.policyPackPatch === policyPackPatchId());
}

function writeHostInfo(binDir, info) {
  fs.writeFileSync(path.join(binDir, HOST_INFO), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}

function describeHost(info) {
  if (!info) return "none";
  if (!info.module) return `pulumi-language-nodejs (${info.source})`;
  const patched = info.policyPackPatch ? ", with RunPlugin for policy packs" : "";
  return `pulumi-language-nodejs from ${info.module} ${info.version}${info.matchesCli ? "" : ` (the CLI's own is not served here${patched})`}`;
}

/**
 * Adds the Node language host to a cached root built before hosts were part of it, or replaces a
 * v3.68.0 host built before it could start policy packs. The new host is renamed into place: runs
 * already started keep the old one.
 */
async function addLanguageHost(root, version) {
  const goBin = onPath("go");
  if (!goBin)
    throw new Error(
      "The cached engine's Node language host is missing or cannot start policy packs, and Go is not installed to build one.",
    );
  const work = fs.mkdtempSync(path.join(path.dirname(root), `.host-v${version}-`));
  try {
    const staging = path.join(work, "bin");
    fs.mkdirSync(staging);
    const env = goEnv();
    fs.writeFileSync(
      path.join(work, "go.mod"),
      `module pulumi-aria/engine-build\n\ngo 1.25\n\nrequire (\n\t${PKG_MODULE} v${version}\n\t${SDK_MODULE} v${version}\n)\n\nreplace ${CLIPBOARD_REPLACE}\n`,
    );
    fs.writeFileSync(
      path.join(work, "tools.go"),
      `//go:build tools\n\npackage tools\n\nimport _ "${PKG_MODULE}/cmd/pulumi"\n`,
    );
    await tidyVerified(goBin, work, env);
    await buildNodeLanguageHost(goBin, work, env, version, staging);
    // Added: the info file first, as a host without it would read as "unknown origin". Replaced: the
    // host first, as its new info would otherwise vouch for the old host.
    const moves = [HOST_INFO, "pulumi-language-nodejs"];
    if (fs.existsSync(path.join(root, "bin", HOST_INFO))) moves.reverse();
    for (const file of moves) fs.renameSync(path.join(staging, file), path.join(root, "bin", file));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const version = wantedVersion();
  const override = process.env.PULUMI_ARIA_ENGINE_ROOT;
  if (override) {
    if (!usableRoot(override, version))
      throw new Error(
        `PULUMI_ARIA_ENGINE_ROOT=${override} has no bin/pulumi v${version} with pulumi-resource-pulumi-nodejs beside it`,
      );
    return override;
  }
  const fromPath = onPath("pulumi");
  if (fromPath && pulumiVersionOf(fromPath) === `v${version}`) {
    // The dynamic-provider shim ships in @pulumi/pulumi; callers put that folder on PATH. The CLI
    // keeps the language host installed with it.
    log(`using the Pulumi CLI on PATH (${fromPath}, v${version}) with its own Node language host`);
    return path.dirname(path.dirname(fromPath));
  } else if (fromPath) {
    log(
      `the pulumi on PATH (${fromPath}) is ${pulumiVersionOf(fromPath) ?? "of unknown version"}, not v${version}: using a matching build instead`,
    );
  }
  const target = path.join(cacheBase(), `pulumi-v${version}`);
  if (usableRoot(target, version)) {
    const info = hostInfo(target);
    if (!info) await addLanguageHost(target, version);
    else if (info.module && !hostRunsPolicyPacks(info)) {
      log(`the cached ${describeHost(info)} cannot start policy packs: building it again`);
      await addLanguageHost(target, version);
    }
    log(`using cached Pulumi v${version} at ${target}; language host: ${describeHost(hostInfo(target))}`);
    return target;
  }
  if (fs.existsSync(target)) fs.rmSync(target, { recursive: true, force: true });
  await build(version, target);
  log(`language host: ${describeHost(hostInfo(target))}`);
  return target;
}

main().then(
  (root) => {
    if (flags["print-root"]) process.stdout.write(`${root}\n`);
  },
  (err) => {
    process.stderr.write(`[engine] error: ${err.message}\n`);
    process.exit(1);
  },
);
