#!/usr/bin/env node
// @ts-check
// Finds or builds the Pulumi engine that the end-to-end tests, the demo and the benchmarks run: the
// CLI, the language hosts (what runs a program directory under `pulumi up`: the Node one, and the
// extra hosts of EXTRA_HOSTS: YAML's, Go's and Python's) and the dynamic-provider shim, side by side in
// `<root>/bin`. Prints the root; callers put `<root>/bin` first on PATH (scripts/engine-env.js).
//
// The wanted version, printed with the reason: package.json's `config.pulumiCli`, or @pulumi/pulumi's
// own version when that is newer (the CLI is at least the SDK's version).
//
// Order: $PULUMI_ARIA_ENGINE_ROOT; a `pulumi` on PATH at least the SDK's version, used as it is
// (it keeps its own language hosts); a cached build under
// ~/.cache/pulumi-aria/pulumi-v<version>; otherwise a build from the CLI's Go modules at that version
// (needs Go and the Go module proxy), made in a temporary directory and renamed into place, so that
// concurrent runs never see a half-built cache.
//
// The extra hosts (EXTRA_HOSTS: a Go module at a fixed release each; YAML is
// github.com/pulumi/pulumi-yaml v1.25.0, cmd/pulumi-language-yaml; Go and Python are the legacy hosts
// of github.com/pulumi/pulumi/sdk/v3 v3.66.0 and v3.79.0) are built with the CLI, and added to
// a cached root that lacks one (or has another release) without rebuilding the CLI: built in a
// temporary directory, then renamed in. Each is recorded in <root>/bin/language-host-<runtime>.json.
// A host may need files of its module beside it (`companions`: the Python host runs programs through
// its pulumi-language-python-exec script); they are copied in with it.
// A `pulumi` on PATH that has no such host beside it nor on PATH gets one in the cache: the root
// printed is then ~/.cache/pulumi-aria/pulumi-on-path-<hash>, whose bin links to that pulumi and its
// sibling files and holds the hosts built here (see pathRootWithHosts).
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
// Failures are classified (scripts/errors.js) and printed as `[engine] <kind>: <message>`: "missing"
// when there is no CLI and no Go to build one (or a host a cached root lacks), "build failed" with
// the end of the Go tools' output.
//
// Usage: node scripts/ensure-engine.mjs [--print-root] [--quiet]

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
/** @type {typeof import("./errors.js")} */
const { BuildError, CommandError, MissingToolError, describeFailure } = require("./errors.js");
/** @type {typeof import("./run-command.js")} */
const { findExecutable, runChecked } = require("./run-command.js");
/** @type {typeof import("./runtimes.js")} */
const { cacheBase } = require("./runtimes.js");
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const PKG_MODULE = "github.com/pulumi/pulumi/pkg/v3";
const SDK_MODULE = "github.com/pulumi/pulumi/sdk/v3";
const NODEJS_HOST_MODULE = "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3";
// The fallback host: the last SDK release that still carried the Node language host in its own module.
const LEGACY_HOST_SDK_VERSION = "v3.68.0";
const LEGACY_HOST_PACKAGE = `${SDK_MODULE}/nodejs/cmd/pulumi-language-nodejs`;
const HOST_INFO = "language-host.json";
// The variable `go build -X` stamps with the version, in the CLI and the SDK's hosts.
const PULUMI_VERSION_VAR = "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version";

/**
 * A language host beside the CLI other than the Node one (which follows the CLI's version, see
 * buildNodeLanguageHost): a fixed release of a Go module, built in a wrapper module of its own.
 * @typedef {object} ExtraHost
 * @property {string} runtime Pulumi.yaml's `runtime:`; the CLI runs `pulumi-language-<runtime>`
 * @property {string} module the Go module required
 * @property {string} version that module's version
 * @property {string} package the host's main package
 * @property {string} go the wrapper module's go line (the module's own asks at least this)
 * @property {string} versionVar the variable `-X` stamps with the version
 * @property {string[]} [companions] files of the module (paths inside it) that the host runs from its
 *   own directory, copied beside it as executables
 */

/**
 * The extra language hosts, one entry each; adding a host is adding its entry. The Go and Python hosts
 * run programs of the SDKs of sdk/ (npm run gen:sdk). Both moved out of the SDK module into modules of
 * their own (Go's in 3.67, Python's in 3.80) that the Go module proxy does not serve, so each is the
 * last release inside the SDK module: legacy hosts that run programs but generate no code.
 * @type {readonly ExtraHost[]}
 */
const EXTRA_HOSTS = [
  {
    runtime: "yaml",
    module: "github.com/pulumi/pulumi-yaml",
    version: "v1.25.0",
    package: "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml",
    go: "1.24",
    versionVar: "github.com/pulumi/pulumi-yaml/pkg/version.Version",
  },
  {
    runtime: "go",
    module: SDK_MODULE,
    version: "v3.66.0",
    package: `${SDK_MODULE}/go/pulumi-language-go`,
    go: "1.21",
    versionVar: PULUMI_VERSION_VAR,
  },
  {
    runtime: "python",
    module: SDK_MODULE,
    version: "v3.79.0",
    package: `${SDK_MODULE}/python/cmd/pulumi-language-python`,
    go: "1.21",
    versionVar: PULUMI_VERSION_VAR,
    // The host runs every program through this Python script, which it looks for beside itself
    // ("missing executor .../pulumi-language-python-exec" otherwise).
    companions: ["python/cmd/pulumi-language-python-exec"],
  },
];
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
const log = (/** @type {string} */ msg) => {
  if (!flags.quiet) process.stderr.write(`[engine] ${msg}\n`);
};

/**
 * What a build records about the Node language host it put beside the CLI (bin/language-host.json);
 * `source` alone for a host of unknown origin.
 * @typedef {object} HostInfo
 * @property {string} [module] the Go module the host was built from
 * @property {string} [version] that module's version
 * @property {boolean} [matchesCli] whether it is the CLI's own host (else the v3.68.0 one)
 * @property {string} [policyPackPatch] the id of the RunPlugin patch compiled into a v3.68.0 host
 * @property {string} [source]
 */

/**
 * The installed @pulumi/pulumi's version, else the dev pin.
 * @returns {string}
 */
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
 * @returns {{ version: string, why: string }} the version, and why it is the one
 */
function wantedVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  /** @type {string | undefined} */
  const pinned = pkg.config?.pulumiCli;
  const sdk = sdkVersion();
  if (pinned && compareVersions(pinned, sdk) > 0) {
    return {
      version: pinned,
      why:
        `package.json config.pulumiCli, at least @pulumi/pulumi ${sdk} (the SDK's own version is not built: ` +
        "pkg/v3 at the newest SDK release is not always served by the Go module proxy)",
    };
  }
  if (pinned && compareVersions(pinned, sdk) === 0)
    return { version: pinned, why: `package.json config.pulumiCli, the version of @pulumi/pulumi ${sdk}` };
  return {
    version: sdk,
    why: pinned
      ? `the version of @pulumi/pulumi ${sdk}, newer than package.json config.pulumiCli ${pinned} ` +
        "(the CLI is at least the SDK's version)"
      : `the version of @pulumi/pulumi ${sdk} (package.json has no config.pulumiCli)`,
  };
}

/**
 * Orders two `[v]major.minor.patch` versions: negative, zero or positive as `a` is older, the same, newer.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function compareVersions(a, b) {
  const pa = a.replace(/^v/, "").split(".").map(Number);
  const pb = b.replace(/^v/, "").split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/**
 * What `<bin> version` prints (`v3.274.1`), or undefined when it does not run.
 * @param {string} bin
 * @returns {string | undefined}
 */
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

/**
 * The executable `name` on PATH, resolved, if there is one.
 * @param {string} name
 * @returns {string | undefined}
 */
function onPath(name) {
  const found = findExecutable([name]);
  return found === undefined ? undefined : fs.realpathSync(found);
}

/** @returns {string} */
function shimSource() {
  return path.join(
    path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [repoRoot] })),
    "pulumi-resource-pulumi-nodejs",
  );
}

/**
 * A root is usable when its CLI prints the wanted version and the dynamic-provider shim sits beside it.
 * @param {string} root
 * @param {string} version
 * @returns {boolean}
 */
function usableRoot(root, version) {
  const bin = path.join(root, "bin");
  if (pulumiVersionOf(path.join(bin, "pulumi")) !== `v${version}`) return false;
  return fs.existsSync(path.join(bin, "pulumi-resource-pulumi-nodejs"));
}

/**
 * What the root's Node language host is (written when it was built), if it has one.
 * @param {string} root
 * @returns {HostInfo | undefined}
 */
function hostInfo(root) {
  try {
    if (!fs.existsSync(path.join(root, "bin", "pulumi-language-nodejs"))) return undefined;
    return JSON.parse(fs.readFileSync(path.join(root, "bin", HOST_INFO), "utf8"));
  } catch {
    return { source: "unknown origin" };
  }
}

/**
 * Runs a command and answers its output (stdout and stderr, as they came); its stderr lines are
 * logged unless `echo` is false. Rejects with a CommandError (code, stdout, stderr) for a non-zero exit.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ echo?: boolean, cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<string>}
 */
async function run(cmd, args, { echo = true, ...opts } = {}) {
  const onStderr = (/** @type {string} */ chunk) => {
    for (const line of chunk.split("\n")) if (line.trim()) log(`  ${line}`);
  };
  return (await runChecked(cmd, args, { ...opts, ...(echo ? { onStderr } : {}) })).output;
}

/**
 * A failed build step as a BuildError naming what was being built, with the command and the end of
 * its output; other failures (a BuildError already, a command that could not start) as they are.
 * @param {string} what
 * @param {unknown} err
 * @returns {unknown}
 */
function asBuildError(what, err) {
  return err instanceof CommandError ? new BuildError(what, err.message) : err;
}

/**
 * Builds the CLI at `version` from its Go modules, with the Node language host and the
 * dynamic-provider shim beside it, into `target` (renamed into place when complete).
 * @param {string} version
 * @param {string} target
 * @returns {Promise<void>}
 */
async function build(version, target) {
  const goBin = onPath("go");
  if (!goBin) {
    throw new MissingToolError(
      `Pulumi CLI v${version}`,
      `none was found and Go is not installed, so it cannot be built.\n` +
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
  try {
    const env = goEnv();
    writeCliModule(work, version);
    log(`building Pulumi CLI v${version} from Go modules in ${work}`);
    await withHeartbeat(`Pulumi v${version}; the first build takes several minutes`, async () => {
      await tidyVerified(goBin, work, env);
      await run(goBin, goBuildArgs(path.join(bin, "pulumi"), `${PKG_MODULE}/cmd/pulumi`, `v${version}`), {
        cwd: work,
        env,
      });
      await buildNodeLanguageHost(goBin, work, env, version, bin);
      for (const host of EXTRA_HOSTS) await buildExtraHost(goBin, goEnv(), host, work, bin);
    });
    fs.copyFileSync(shimSource(), path.join(bin, "pulumi-resource-pulumi-nodejs"));
    fs.chmodSync(path.join(bin, "pulumi-resource-pulumi-nodejs"), 0o755);
    const stamped = pulumiVersionOf(path.join(bin, "pulumi"));
    if (stamped !== `v${version}`)
      throw new BuildError(
        `Pulumi CLI v${version}`,
        `the built CLI reports version '${stamped}', expected v${version}`,
      );
    try {
      fs.renameSync(prefix, target);
    } catch (err) {
      // Another run finished first: keep its build, drop ours.
      if (!usableRoot(target, version)) throw err;
    }
    log(`built Pulumi v${version} in ${Math.round((Date.now() - started) / 1000)}s → ${target}`);
  } catch (err) {
    throw asBuildError(`Pulumi CLI v${version}`, err);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The Go environment of a build: static binaries, module mode, checksums verified by default.
 * @returns {NodeJS.ProcessEnv}
 */
function goEnv() {
  return { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod -buildvcs=false" };
}

/**
 * Writes a wrapper module into `dir`: a go.mod requiring each module at its version (with `replaces`,
 * as replace directives of a dependency's own go.mod do not apply here) and a tools.go importing the
 * packages to build, so that `go mod tidy` resolves them and `go build <package>` builds them.
 * @param {string} dir
 * @param {{ name: string, go: string, requires: Record<string, string>, imports: string[], replaces?: string[] }} module
 * @returns {void}
 */
function writeWrapperModule(dir, { name, go, requires, imports, replaces = [] }) {
  const required = Object.entries(requires).map(([mod, v]) => `\t${mod} ${v}\n`);
  const replaced = replaces.map((r) => `\nreplace ${r}\n`);
  fs.writeFileSync(
    path.join(dir, "go.mod"),
    `module ${name}\n\ngo ${go}\n\nrequire (\n${required.join("")})\n${replaced.join("")}`,
  );
  const imported = imports.map((pkg) => `\t_ "${pkg}"\n`);
  fs.writeFileSync(
    path.join(dir, "tools.go"),
    `//go:build tools\n\npackage tools\n\nimport (\n${imported.join("")})\n`,
  );
}

/**
 * The CLI's wrapper module at `version` (its pkg and sdk modules, and pkg's clipboard replace).
 * @param {string} dir
 * @param {string} version
 * @returns {void}
 */
function writeCliModule(dir, version) {
  writeWrapperModule(dir, {
    name: "pulumi-aria/engine-build",
    go: "1.25",
    requires: { [PKG_MODULE]: `v${version}`, [SDK_MODULE]: `v${version}` },
    imports: [`${PKG_MODULE}/cmd/pulumi`],
    replaces: [CLIPBOARD_REPLACE],
  });
}

/**
 * `go mod tidy` with checksum verification against the checksum database. Where the database cannot
 * be reached or does not know a Pulumi version, the build goes on without verifying Pulumi's own
 * modules (GONOSUMDB) and says so: go.sum then only records what the module proxy served.
 * @param {string} goBin
 * @param {string} work the module directory
 * @param {NodeJS.ProcessEnv} env the build's environment: GONOSUMDB is added to it when needed
 * @returns {Promise<void>}
 */
async function tidyVerified(goBin, work, env) {
  try {
    await run(goBin, ["mod", "tidy"], { cwd: work, env, echo: false });
  } catch (err) {
    if (!(err instanceof CommandError)) throw err;
    const output = `${err.stderr}\n${err.stdout}`;
    if (!/sum\.golang\.org|checksum database|verifying .*(module|go\.mod)/i.test(output)) throw err;
    const seen = /verifying module: (\S+?):.*?(\d{3} [A-Za-z ]+)/.exec(output);
    const why = seen ? ` (it answered ${seen[2].trim()} for ${seen[1]})` : "";
    log(
      `warning: the checksum database could not verify the Pulumi modules${why}; building them ` +
        "unverified (GONOSUMDB=github.com/pulumi/pulumi). go.sum records what the module proxy served.",
    );
    env.GONOSUMDB = [process.env.GONOSUMDB, "github.com/pulumi/pulumi"].filter(Boolean).join(",");
    await run(goBin, ["mod", "tidy"], { cwd: work, env });
  }
}

/**
 * The arguments of `go build` for one binary, with the version stamped in.
 * @param {string} out
 * @param {string} pkg
 * @param {string} stampedVersion
 * @param {string} [versionVar] the variable that holds it
 * @returns {string[]}
 */
function goBuildArgs(out, pkg, stampedVersion, versionVar = PULUMI_VERSION_VAR) {
  const ldflags = `-s -w -X ${versionVar}=${stampedVersion}`;
  return ["build", "-trimpath", "-tags", "osusergo,grpcnotrace", "-ldflags", ldflags, "-o", out, pkg];
}

/**
 * Builds the Node language host into `binDir`: the module matching the CLI where the module proxy
 * serves it (it has no tags, so it is required at the pkg tag's commit), otherwise the host of the
 * SDK module at v3.68.0 in a wrapper module of its own. Records which in language-host.json.
 * @param {string} goBin
 * @param {string} work the CLI's wrapper module, tidied
 * @param {NodeJS.ProcessEnv} env
 * @param {string} version the CLI's
 * @param {string} binDir
 * @returns {Promise<HostInfo>}
 */
async function buildNodeLanguageHost(goBin, work, env, version, binDir) {
  const out = path.join(binDir, "pulumi-language-nodejs");
  let matchingReason;
  try {
    /** @type {{ Time: string, Origin?: { Hash?: string } }} what `go list -m -json` says of the pkg tag */
    const info = JSON.parse(
      await run(goBin, ["list", "-m", "-json", `${PKG_MODULE}@v${version}`], { cwd: work, env, echo: false }),
    );
    const time = new Date(info.Time).toISOString().replace(/[-:T]/g, "").slice(0, 14);
    // The host module has no tags: it is pinned to the pkg tag's commit, which only a proxy that
    // records the origin names (proxy.golang.org's .info often has only Version and Time).
    if (!info.Origin?.Hash)
      throw new Error(
        `the module proxy's record of ${PKG_MODULE} v${version} names no commit, so the untagged host module cannot be pinned to it`,
      );
    const pseudo = `v3.0.0-${time}-${info.Origin.Hash.slice(0, 12)}`;
    await run(goBin, ["get", `${NODEJS_HOST_MODULE}@${pseudo}`], { cwd: work, env, echo: false });
    await run(goBin, goBuildArgs(out, NODEJS_HOST_MODULE, `v${version}`), { cwd: work, env });
    return writeHostInfo(binDir, { module: NODEJS_HOST_MODULE, version: pseudo, matchesCli: true });
  } catch (err) {
    const lines = String(err instanceof Error ? err.message : err)
      .split("\n")
      .filter((l) => l.trim());
    matchingReason = (lines.find((l) => /40[34]|not available|not found/i.test(l)) ?? lines[0] ?? "").trim();
  }
  log(`the matching Node language host is not served here (${matchingReason});`);
  log(
    `building the host of ${SDK_MODULE} ${LEGACY_HOST_SDK_VERSION} instead, with RunPlugin for policy packs`,
  );
  const hostWork = fs.mkdtempSync(path.join(work, "host-"));
  writeWrapperModule(hostWork, {
    name: "pulumi-aria/language-host-build",
    go: "1.21",
    requires: { [SDK_MODULE]: LEGACY_HOST_SDK_VERSION },
    imports: [LEGACY_HOST_PACKAGE],
  });
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
        throw new BuildError(
          `the Node language host of ${SDK_MODULE} ${LEGACY_HOST_SDK_VERSION}`,
          `${LEGACY_HOST_PACKAGE}/main.go has not exactly one '${RUN_PLUGIN_STUB}'`,
        );
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

/**
 * Identifies the RunPlugin patch by content, so that a changed patch rebuilds the cached host.
 * @returns {string}
 */
function policyPackPatchId() {
  return createHash("sha256").update(fs.readFileSync(POLICY_PACK_PATCH)).digest("hex").slice(0, 12);
}

/**
 * Whether a root's host starts Node policy packs: the CLI's own host does; a v3.68.0 one needs the patch.
 * @param {HostInfo | undefined} info
 * @returns {boolean}
 */
function hostRunsPolicyPacks(info) {
  return !!info && (info.matchesCli === true || info.policyPackPatch === policyPackPatchId());
}

/**
 * Records what the host in `binDir` is (language-host.json) and answers it.
 * @param {string} binDir
 * @param {HostInfo} info
 * @returns {HostInfo}
 */
function writeHostInfo(binDir, info) {
  fs.writeFileSync(path.join(binDir, HOST_INFO), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}

/**
 * The host as printed: its module and version, and why when it is not the CLI's own.
 * @param {HostInfo | undefined} info
 * @returns {string}
 */
function describeHost(info) {
  if (!info) return "none";
  if (!info.module) return `pulumi-language-nodejs (${info.source})`;
  const patched = info.policyPackPatch ? ", with RunPlugin for policy packs" : "";
  return `pulumi-language-nodejs from ${info.module} ${info.version}${info.matchesCli ? "" : ` (the CLI's own is not served here${patched})`}`;
}

/**
 * The file an extra host is run as, the file recording it and the companions' names, all in `<root>/bin`.
 * @param {ExtraHost} host
 * @returns {{ binary: string, record: string, companions: string[] }}
 */
function extraHostFiles(host) {
  return {
    binary: `pulumi-language-${host.runtime}`,
    record: `language-host-${host.runtime}.json`,
    companions: (host.companions ?? []).map((file) => path.posix.basename(file)),
  };
}

/**
 * Whether `binDir` holds `host` as the table has it: the binary, and a record of the same release.
 * @param {string} binDir
 * @param {ExtraHost} host
 * @returns {boolean}
 */
function hasExtraHost(binDir, host) {
  const { binary, record, companions } = extraHostFiles(host);
  try {
    const built = JSON.parse(fs.readFileSync(path.join(binDir, record), "utf8"));
    return (
      built.module === host.module &&
      built.version === host.version &&
      [binary, ...companions].every((file) => fs.existsSync(path.join(binDir, file)))
    );
  } catch {
    return false;
  }
}

/**
 * The extra hosts as printed: module and version of each one `binDir` holds.
 * @param {string} binDir
 * @returns {string}
 */
function describeExtraHosts(binDir) {
  const held = EXTRA_HOSTS.filter((host) => hasExtraHost(binDir, host));
  return held.map((host) => `${extraHostFiles(host).binary} from ${host.module} ${host.version}`).join("; ");
}

/**
 * Builds `host` into `binDir` in a wrapper module of its own (under `work`), and records it there.
 * @param {string} goBin
 * @param {NodeJS.ProcessEnv} env
 * @param {ExtraHost} host
 * @param {string} work
 * @param {string} binDir
 * @returns {Promise<void>}
 */
async function buildExtraHost(goBin, env, host, work, binDir) {
  const { binary, record } = extraHostFiles(host);
  const hostWork = fs.mkdtempSync(path.join(work, `${host.runtime}-host-`));
  writeWrapperModule(hostWork, {
    name: `pulumi-aria/${host.runtime}-host-build`,
    go: host.go,
    requires: { [host.module]: host.version },
    imports: [host.package],
  });
  const hostEnv = { ...env };
  const started = Date.now();
  await tidyVerified(goBin, hostWork, hostEnv);
  await run(goBin, goBuildArgs(path.join(binDir, binary), host.package, host.version, host.versionVar), {
    cwd: hostWork,
    env: hostEnv,
  });
  if (host.companions?.length) {
    const moduleDir = (
      await run(goBin, ["list", "-m", "-f", "{{.Dir}}", host.module], {
        cwd: hostWork,
        env: hostEnv,
        echo: false,
      })
    ).trim();
    for (const file of host.companions) {
      const target = path.join(binDir, path.posix.basename(file));
      fs.copyFileSync(path.join(moduleDir, file), target);
      fs.chmodSync(target, 0o755);
    }
  }
  const { runtime, module, version } = host;
  fs.writeFileSync(
    path.join(binDir, record),
    `${JSON.stringify({ runtime, module, version, package: host.package }, null, 2)}\n`,
  );
  log(`built ${binary} (${module} ${version}) in ${Math.round((Date.now() - started) / 1000)}s`);
}

/**
 * Adds extra hosts to the `bin` of an existing root, without touching its CLI: built in a temporary
 * directory beside the root, then renamed in, the binary before its record, so that a record never
 * vouches for a host not yet in place and runs already started keep what they found.
 * @param {string} root
 * @param {readonly ExtraHost[]} hosts
 * @returns {Promise<void>}
 */
async function addExtraHosts(root, hosts) {
  if (hosts.length === 0) return;
  const names = hosts.map((host) => extraHostFiles(host).binary).join(", ");
  const goBin = onPath("go");
  if (!goBin)
    throw new MissingToolError(
      "Go",
      `the engine at ${root} has no ${names}, and Go is not installed to build it: install Go >= 1.25.`,
    );
  log(`adding ${names} to ${path.join(root, "bin")}`);
  const work = fs.mkdtempSync(path.join(path.dirname(root), ".hosts-"));
  try {
    const staging = path.join(work, "bin");
    fs.mkdirSync(staging);
    await withHeartbeat(names, async () => {
      for (const host of hosts) await buildExtraHost(goBin, goEnv(), host, work, staging);
    });
    for (const host of hosts) {
      const { binary, record, companions } = extraHostFiles(host);
      for (const file of [binary, ...companions, record])
        fs.renameSync(path.join(staging, file), path.join(root, "bin", file));
    }
  } catch (err) {
    throw asBuildError(`${names} for the engine at ${root}`, err);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs `fn`, saying every 20 seconds that `what` is still being built.
 * @template T
 * @param {string} what
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withHeartbeat(what, fn) {
  const started = Date.now();
  const heartbeat = setInterval(
    () => log(`still building ${what} (${Math.round((Date.now() - started) / 1000)}s elapsed)`),
    20000,
  );
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * The root the tests use with a `pulumi` from PATH that lacks some extra hosts: a directory of the
 * cache, `pulumi-on-path-<hash of the CLI's directory>`, whose bin links to that `pulumi` and every
 * `pulumi*` file beside it, and holds the missing hosts, built there. Callers put `<root>/bin` first
 * on PATH, where the CLI finds them (it then warns "using pulumi-language-<runtime> from $PATH", as
 * they are not beside the file the link resolves to). Links are renamed into place, so that
 * concurrent runs see either the old link or the new one.
 * @param {string} cli the real path of the `pulumi` on PATH
 * @param {readonly ExtraHost[]} missing
 * @returns {Promise<string>}
 */
async function pathRootWithHosts(cli, missing) {
  const cliDir = path.dirname(cli);
  const id = createHash("sha256").update(cliDir).digest("hex").slice(0, 12);
  const root = path.join(cacheBase(), `pulumi-on-path-${id}`);
  const bin = path.join(root, "bin");
  fs.mkdirSync(bin, { recursive: true });
  const built = new Set(
    missing.flatMap((host) => {
      const { binary, record, companions } = extraHostFiles(host);
      return [binary, record, ...companions];
    }),
  );
  for (const file of fs.readdirSync(cliDir)) {
    if (!file.startsWith("pulumi") || built.has(file)) continue;
    const temp = path.join(bin, `.${file}.${process.pid}`);
    fs.rmSync(temp, { force: true });
    fs.symlinkSync(path.join(cliDir, file), temp);
    fs.renameSync(temp, path.join(bin, file));
  }
  await addExtraHosts(
    root,
    missing.filter((host) => !hasExtraHost(bin, host)),
  );
  return root;
}

/**
 * Every language host of a root built here, as printed.
 * @param {string} root
 * @returns {string}
 */
function describeHosts(root) {
  return [describeHost(hostInfo(root)), describeExtraHosts(path.join(root, "bin"))]
    .filter(Boolean)
    .join("; ");
}

/**
 * Adds the Node language host to a cached root built before hosts were part of it, or replaces a
 * v3.68.0 host built before it could start policy packs. The new host is renamed into place: runs
 * already started keep the old one.
 * @param {string} root
 * @param {string} version
 * @returns {Promise<void>}
 */
async function addLanguageHost(root, version) {
  const goBin = onPath("go");
  if (!goBin)
    throw new MissingToolError(
      "Go",
      "the cached engine's Node language host is missing or cannot start policy packs, and Go is not " +
        "installed to build one: install Go >= 1.25.",
    );
  const work = fs.mkdtempSync(path.join(path.dirname(root), `.host-v${version}-`));
  try {
    const staging = path.join(work, "bin");
    fs.mkdirSync(staging);
    const env = goEnv();
    writeCliModule(work, version);
    await tidyVerified(goBin, work, env);
    await buildNodeLanguageHost(goBin, work, env, version, staging);
    // Added: the info file first, as a host without it would read as "unknown origin". Replaced: the
    // host first, as its new info would otherwise vouch for the old host.
    const moves = [HOST_INFO, "pulumi-language-nodejs"];
    if (fs.existsSync(path.join(root, "bin", HOST_INFO))) moves.reverse();
    for (const file of moves) fs.renameSync(path.join(staging, file), path.join(root, "bin", file));
  } catch (err) {
    throw asBuildError(`the Node language host for Pulumi v${version}`, err);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Finds or builds the engine; answers its root.
 * @returns {Promise<string>}
 */
async function main() {
  const { version, why } = wantedVersion();
  log(`CLI v${version}: ${why}`);
  const override = process.env.PULUMI_ARIA_ENGINE_ROOT;
  if (override) {
    if (!usableRoot(override, version))
      throw new MissingToolError(
        `Pulumi CLI v${version} in PULUMI_ARIA_ENGINE_ROOT`,
        `PULUMI_ARIA_ENGINE_ROOT=${override} has no bin/pulumi v${version} with pulumi-resource-pulumi-nodejs beside it; ` +
          "put them there, or unset it to use a pulumi on PATH or a build of this script",
      );
    const lacking = EXTRA_HOSTS.map((host) => extraHostFiles(host).binary).filter(
      (binary) => !fs.existsSync(path.join(override, "bin", binary)) && !onPath(binary),
    );
    if (lacking.length > 0)
      log(
        `warning: PULUMI_ARIA_ENGINE_ROOT has no ${lacking.join(", ")}: programs of that runtime will not run`,
      );
    return override;
  }
  // A pulumi on PATH is used as it is when it is at least the SDK's version (the same rule as a build).
  const fromPath = onPath("pulumi");
  const pathVersion = fromPath ? pulumiVersionOf(fromPath) : undefined;
  if (fromPath && pathVersion && compareVersions(pathVersion, sdkVersion()) >= 0) {
    // The dynamic-provider shim ships in @pulumi/pulumi; callers put that folder on PATH. The CLI
    // keeps the language hosts installed with it; the extra hosts it lacks are built into the cache.
    const lacking = EXTRA_HOSTS.filter((host) => {
      const { binary } = extraHostFiles(host);
      return !fs.existsSync(path.join(path.dirname(fromPath), binary)) && !onPath(binary);
    });
    const using = `the Pulumi CLI on PATH (${fromPath}, ${pathVersion}) with its own language hosts`;
    if (lacking.length === 0) {
      log(`using ${using}`);
      return path.dirname(path.dirname(fromPath));
    }
    const names = lacking.map((host) => extraHostFiles(host).binary).join(", ");
    if (!onPath("go")) {
      log(
        `using ${using}; warning: it has no ${names} and Go is not installed to build ` +
          "it, so programs of that runtime will not run",
      );
      return path.dirname(path.dirname(fromPath));
    }
    const root = await pathRootWithHosts(fromPath, lacking);
    log(`using ${using}, through ${root}, which adds ${describeExtraHosts(path.join(root, "bin"))}`);
    return root;
  } else if (fromPath) {
    log(
      `the pulumi on PATH (${fromPath}) is ${pathVersion ?? "of unknown version"}, older than @pulumi/pulumi ${sdkVersion()}: using a build of v${version} instead`,
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
    const bin = path.join(target, "bin");
    await addExtraHosts(
      target,
      EXTRA_HOSTS.filter((host) => !hasExtraHost(bin, host)),
    );
    log(`using cached Pulumi v${version} at ${target}; language hosts: ${describeHosts(target)}`);
    return target;
  }
  if (fs.existsSync(target)) fs.rmSync(target, { recursive: true, force: true });
  await build(version, target);
  log(`language hosts: ${describeHosts(target)}`);
  return target;
}

main().then(
  (root) => {
    if (flags["print-root"]) process.stdout.write(`${root}\n`);
  },
  (err) => {
    process.stderr.write(`[engine] ${describeFailure(err)}\n`);
    process.exit(1);
  },
);
