#!/usr/bin/env node
// @ts-check
// Finds or builds the Pulumi engine the e2e tests, the demo and the benchmarks run: the CLI, its
// language hosts and the dynamic-provider shim in `<root>/bin`. Which CLI, which hosts, where they are
// cached and why: docs/contributing/engine.md#the-engine-built-from-go-modules.
//
// Usage: node scripts/ensure-engine.mjs [--print-root] [--quiet]

import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import semver from "semver";
import { contentHash, fileSha256 } from "./content-hash.js";
import { pulumiVersionOf, sdkDir } from "./engine-env.js";
import { BuildError, CommandError, MissingToolError, describeFailure } from "./errors.js";
import { findExecutable, runChecked } from "./run-command.js";
import { cacheBase, devSdkVersion as sdkVersion } from "./runtimes.js";

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const PKG_MODULE = "github.com/pulumi/pulumi/pkg/v3";
const SDK_MODULE = "github.com/pulumi/pulumi/sdk/v3";
const NODEJS_HOST_MODULE = "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3";
// The last SDK release that still carried the Node language host in its own module.
const LEGACY_HOST_SDK_VERSION = "v3.68.0";
const LEGACY_HOST_PACKAGE = `${SDK_MODULE}/nodejs/cmd/pulumi-language-nodejs`;
const HOST_INFO = "language-host.json";
const PULUMI_VERSION_VAR = "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version";

/**
 * A language host other than the Node one, a fixed release of a Go module (`runtime`: Pulumi.yaml's;
 * `go`: its wrapper module's go line; `companions`: files of the module it runs from beside itself).
 * @typedef {{ runtime: string, module: string, version: string, package: string, go: string,
 *   versionVar?: string, companions?: string[] }} ExtraHost
 * @param {string} runtime
 * @param {string} version
 * @param {string} pkg
 * @param {string[]} [companions]
 * @returns {ExtraHost} a host of the SDK module
 */
function sdkHost(runtime, version, pkg, companions) {
  return { runtime, module: SDK_MODULE, version, package: `${SDK_MODULE}/${pkg}`, go: "1.21", companions };
}

/**
 * The Go and Python hosts moved out of the SDK module (in 3.67 and 3.80) into modules the Go module
 * proxy does not serve, so each is the last release inside it: they run programs but generate no code.
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
  sdkHost("go", "v3.66.0", "go/pulumi-language-go"),
  sdkHost("python", "v3.79.0", "python/cmd/pulumi-language-python", [
    "python/cmd/pulumi-language-python-exec",
  ]),
];
const POLICY_PACK_PATCH = path.join(repoRoot, "scripts", "engine", "nodejs-host-policy-packs.go");
// The v3.68.0 host's stub, renamed so that the patch's RunPlugin takes its place.
const RUN_PLUGIN_STUB = "func (host *nodeLanguageHost) RunPlugin(";
const MONITOR_PATCH = path.join(repoRoot, "scripts", "engine", "nodejs-host-monitor-passthrough.go");
// The v3.68.0 host's options for the monitor it serves the program, to which the patch's are added.
const MONITOR_OPTIONS = "Options: rpcutil.OpenTracingServerInterceptorOptions(tracingSpan),";
/** The files the fallback Node host is built with besides its own: each changes the engine's cache key. */
const HOST_PATCHES = [POLICY_PACK_PATCH, MONITOR_PATCH];
// pkg/go.mod carries this non-local replace; a wrapper module must repeat it to build the CLI.
const CLIPBOARD_REPLACE =
  "github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e";

const { values: flags } = parseArgs({
  options: { "print-root": { type: "boolean" }, quiet: { type: "boolean" } },
});
const log = (/** @type {string} */ msg) => {
  if (!flags.quiet) process.stderr.write(`[engine] ${msg}\n`);
};
const seconds = (/** @type {number} */ since) => `${Math.round((Date.now() - since) / 1000)}s`;
// Static binaries, module mode, checksums verified by default.
const goEnv = () => ({ ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod -buildvcs=false" });
const writeJson = (/** @type {string} */ file, /** @type {unknown} */ value) =>
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

const PIN_WHY = "pkg/v3 at the newest SDK release is not always served by the Go module proxy";

/** The CLI to build, and why. */
function wantedVersion() {
  /** @type {string | undefined} */
  const pinned = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).config?.pulumiCli;
  const sdk = sdkVersion();
  const order = pinned ? semver.compare(pinned, sdk) : -1;
  if (pinned && order >= 0) {
    const why =
      order > 0
        ? `at least @pulumi/pulumi ${sdk} (the SDK's own version is not built: ${PIN_WHY})`
        : `the version of @pulumi/pulumi ${sdk}`;
    return { version: pinned, why: `package.json config.pulumiCli, ${why}` };
  }
  const over = pinned
    ? `newer than package.json config.pulumiCli ${pinned} (the CLI is at least the SDK's version)`
    : "(package.json has no config.pulumiCli)";
  return { version: sdk, why: `the version of @pulumi/pulumi ${sdk} ${over}` };
}

/** The executable `name` on PATH, resolved, if there is one. */
function onPath(/** @type {string} */ name) {
  const found = findExecutable([name]);
  return found === undefined ? undefined : fs.realpathSync(found);
}

const hostBinary = (/** @type {ExtraHost} */ host) => `pulumi-language-${host.runtime}`;
/** An extra host's record: which module and release its binary was built from. */
const hostRecord = (/** @type {ExtraHost} */ host) => `language-host-${host.runtime}.json`;

/**
 * A root is complete when its CLI prints the wanted version and every host and the shim sit beside it
 * (an extra host: its binary, companions and record).
 */
function completeRoot(/** @type {string} */ root, /** @type {string} */ version) {
  const bin = path.join(root, "bin");
  const files = ["pulumi-resource-pulumi-nodejs", "pulumi-language-nodejs", HOST_INFO];
  for (const host of EXTRA_HOSTS) {
    const companions = (host.companions ?? []).map((file) => path.posix.basename(file));
    files.push(hostBinary(host), ...companions, hostRecord(host));
  }
  const present = files.every((file) => fs.existsSync(path.join(bin, file)));
  return present && pulumiVersionOf(path.join(bin, "pulumi")) === `v${version}`;
}

/**
 * runChecked's output, its stderr logged unless `echo` is false.
 * @param {string} cmd @param {string[]} args @param {{ echo?: boolean, cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 */
async function run(cmd, args, { echo = true, ...opts } = {}) {
  const onStderr = (/** @type {string} */ chunk) => {
    for (const line of chunk.split("\n")) if (line.trim()) log(`  ${line}`);
  };
  return (await runChecked(cmd, args, { ...opts, ...(echo ? { onStderr } : {}) })).output;
}

/** Builds the CLI at `version` with every host and the shim beside it into `target`. */
async function build(/** @type {string} */ version, /** @type {string} */ target) {
  const what = `Pulumi CLI v${version}`;
  const goBin = onPath("go");
  if (!goBin) {
    throw new MissingToolError(
      what,
      `none was found and Go is not installed, so it cannot be built.\n` +
        `Install the Pulumi CLI (https://www.pulumi.com/docs/install/) and put it on PATH, ` +
        `or install Go >= 1.25 so that this script can build it from the Go module proxy.`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(target), `.build-v${version}-`));
  const bin = path.join(work, "prefix", "bin");
  fs.mkdirSync(bin, { recursive: true });
  const started = Date.now();
  const heartbeat = setInterval(() => log(`still building ${what} (${seconds(started)} elapsed)`), 20000);
  try {
    log(`building Pulumi CLI v${version} from Go modules in ${work}; the first build takes several minutes`);
    const env = goEnv();
    writeWrapperModule(work, {
      name: "pulumi-aria/engine-build",
      go: "1.25",
      requires: { [PKG_MODULE]: `v${version}`, [SDK_MODULE]: `v${version}` },
      imports: [`${PKG_MODULE}/cmd/pulumi`],
      replaces: [CLIPBOARD_REPLACE],
    });
    await tidyVerified(goBin, work, env);
    const cli = path.join(bin, "pulumi");
    await run(goBin, goBuildArgs(cli, `${PKG_MODULE}/cmd/pulumi`, `v${version}`), { cwd: work, env });
    await buildNodeLanguageHost(goBin, work, env, version, bin);
    for (const host of EXTRA_HOSTS) await buildExtraHost(goBin, host, work, bin);
    const shim = path.join(bin, "pulumi-resource-pulumi-nodejs");
    fs.copyFileSync(path.join(sdkDir(), "pulumi-resource-pulumi-nodejs"), shim);
    fs.chmodSync(shim, 0o755);
    const stamped = pulumiVersionOf(cli);
    if (stamped !== `v${version}`)
      throw new BuildError(what, `the built CLI reports version '${stamped}', expected v${version}`);
    try {
      fs.renameSync(path.dirname(bin), target);
    } catch (err) {
      // Another run finished first: keep its build, drop ours.
      if (!completeRoot(target, version)) throw err;
    }
  } catch (err) {
    throw err instanceof CommandError ? new BuildError(what, err.message) : err;
  } finally {
    clearInterval(heartbeat);
    fs.rmSync(work, { recursive: true, force: true });
  }
  log(`built Pulumi v${version} in ${seconds(started)} → ${target}`);
}

/**
 * A wrapper module in `dir`: a go.mod requiring each module (with `replaces`, as a dependency's own
 * do not apply here) and a tools.go importing the packages to build.
 * @param {string} dir
 * @param {{ name: string, go: string, requires: Record<string, string>, imports: string[], replaces?: string[] }} module
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
 * `go mod tidy`, verified by the checksum database; where that cannot verify a Pulumi version, Pulumi's
 * modules go unverified (GONOSUMDB, added to `env`) and it says so.
 * @param {string} goBin
 * @param {string} work
 * @param {NodeJS.ProcessEnv} env
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

/** `go build` of one binary with the version stamped in. @param {string} out @param {string} pkg @param {string} stampedVersion */
function goBuildArgs(out, pkg, stampedVersion, versionVar = PULUMI_VERSION_VAR) {
  const ldflags = `-s -w -X ${versionVar}=${stampedVersion}`;
  return ["build", "-trimpath", "-tags", "osusergo,grpcnotrace", "-ldflags", ldflags, "-o", out, pkg];
}

/**
 * Builds the Node language host into `binDir` and records which: the module matching the CLI where the
 * module proxy serves it, else the SDK module's at v3.68.0 with the RunPlugin patch. `work`: the CLI's
 * wrapper module, tidied.
 * @param {string} goBin
 * @param {string} work
 * @param {NodeJS.ProcessEnv} env
 * @param {string} version
 * @param {string} binDir
 */
async function buildNodeLanguageHost(goBin, work, env, version, binDir) {
  const out = path.join(binDir, "pulumi-language-nodejs");
  const quiet = { cwd: work, env, echo: false };
  try {
    /** @type {{ Time: string, Origin?: { Hash?: string } }} */
    const info = JSON.parse(await run(goBin, ["list", "-m", "-json", `${PKG_MODULE}@v${version}`], quiet));
    const time = new Date(info.Time).toISOString().replace(/[-:T]/g, "").slice(0, 14);
    // The host module has no tags: it is pinned to the pkg tag's commit, which only a proxy that
    // records the origin names (proxy.golang.org's .info often has only Version and Time).
    if (!info.Origin?.Hash)
      throw new Error(
        `the module proxy's record of ${PKG_MODULE} v${version} names no commit, so the untagged host module cannot be pinned to it`,
      );
    const pseudo = `v3.0.0-${time}-${info.Origin.Hash.slice(0, 12)}`;
    await run(goBin, ["get", `${NODEJS_HOST_MODULE}@${pseudo}`], quiet);
    await run(goBin, goBuildArgs(out, NODEJS_HOST_MODULE, `v${version}`), { cwd: work, env });
    return writeJson(path.join(binDir, HOST_INFO), {
      module: NODEJS_HOST_MODULE,
      version: pseudo,
      matchesCli: true,
    });
  } catch (err) {
    const lines = String(err instanceof Error ? err.message : err)
      .split("\n")
      .filter((l) => l.trim());
    const matchingReason = lines.find((l) => /40[34]|not available|not found/i.test(l)) ?? lines[0] ?? "";
    log(`the matching Node language host is not served here (${matchingReason.trim()});`);
  }
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
  const hostOpts = { cwd: hostWork, env: { ...env } };
  await tidyVerified(goBin, hostWork, hostOpts.env);
  // The host's package, copied out of the module cache with its RunPlugin stub renamed and the patch beside it.
  const source = (
    await run(goBin, ["list", "-f", "{{.Dir}}", LEGACY_HOST_PACKAGE], { ...hostOpts, echo: false })
  ).trim();
  fs.rmSync(path.join(hostWork, "tools.go"));
  for (const file of fs.readdirSync(source)) {
    if (!file.endsWith(".go") || file.endsWith("_test.go")) continue;
    let text = fs.readFileSync(path.join(source, file), "utf8");
    if (file === "main.go") {
      for (const expected of [RUN_PLUGIN_STUB, MONITOR_OPTIONS])
        if (text.split(expected).length !== 2)
          throw new BuildError(
            `the Node language host of ${SDK_MODULE} ${LEGACY_HOST_SDK_VERSION}`,
            `${LEGACY_HOST_PACKAGE}/main.go has not exactly one '${expected}'`,
          );
      text = text.replace(RUN_PLUGIN_STUB, "func (host *nodeLanguageHost) runPluginUnsupported(");
      text = text.replace(
        MONITOR_OPTIONS,
        "Options: append(rpcutil.OpenTracingServerInterceptorOptions(tracingSpan), monitorPassthrough(conn)...),",
      );
    }
    fs.writeFileSync(path.join(hostWork, file), text);
  }
  for (const patch of HOST_PATCHES) fs.copyFileSync(patch, path.join(hostWork, path.basename(patch)));
  await run(goBin, ["mod", "tidy"], { ...hostOpts, echo: false });
  await run(goBin, goBuildArgs(out, ".", LEGACY_HOST_SDK_VERSION), hostOpts);
  writeJson(path.join(binDir, HOST_INFO), {
    module: SDK_MODULE,
    version: LEGACY_HOST_SDK_VERSION,
    matchesCli: false,
    policyPackPatch: fileSha256(POLICY_PACK_PATCH).slice(0, 12),
    monitorPatch: fileSha256(MONITOR_PATCH).slice(0, 12),
  });
}

/**
 * The language hosts of a built root, as printed: the Node one as its record says, then the extra ones.
 * @param {string} root
 */
function describeHosts(root) {
  /** @type {{ module: string, version: string, matchesCli: boolean }} */
  const node = JSON.parse(fs.readFileSync(path.join(root, "bin", HOST_INFO), "utf8"));
  const fallback = node.matchesCli
    ? ""
    : " (the CLI's own is not served here, with RunPlugin for policy packs and the monitor's newer calls passed through)";
  const nodeHost = `pulumi-language-nodejs from ${node.module} ${node.version}${fallback}`;
  const extraHosts = EXTRA_HOSTS.map((host) => `${hostBinary(host)} from ${host.module} ${host.version}`);
  return [nodeHost, ...extraHosts].join("; ");
}

/**
 * Builds `host` into `binDir` in a wrapper module under `work`, and records it there.
 * @param {string} goBin
 * @param {ExtraHost} host
 * @param {string} work
 * @param {string} binDir
 */
async function buildExtraHost(goBin, host, work, binDir) {
  const binary = hostBinary(host);
  const hostWork = fs.mkdtempSync(path.join(work, `${host.runtime}-host-`));
  writeWrapperModule(hostWork, {
    name: `pulumi-aria/${host.runtime}-host-build`,
    go: host.go,
    requires: { [host.module]: host.version },
    imports: [host.package],
  });
  const opts = { cwd: hostWork, env: goEnv() };
  const started = Date.now();
  await tidyVerified(goBin, hostWork, opts.env);
  await run(goBin, goBuildArgs(path.join(binDir, binary), host.package, host.version, host.versionVar), opts);
  if (host.companions?.length) {
    const moduleDir = (
      await run(goBin, ["list", "-m", "-f", "{{.Dir}}", host.module], { ...opts, echo: false })
    ).trim();
    for (const file of host.companions) {
      const target = path.join(binDir, path.posix.basename(file));
      fs.copyFileSync(path.join(moduleDir, file), target);
      fs.chmodSync(target, 0o755);
    }
  }
  const { runtime, module, version } = host;
  writeJson(path.join(binDir, hostRecord(host)), { runtime, module, version, package: host.package });
  log(`built ${binary} (${module} ${version}) in ${seconds(started)}`);
}

/**
 * The `pulumi` on PATH (`cli`, at `cliVersion`) as it is, with its own hosts; the shim ships in
 * @pulumi/pulumi, whose folder callers put on PATH.
 * @param {string} cli
 * @param {string} cliVersion
 */
function pathEngine(cli, cliVersion) {
  const lacking = EXTRA_HOSTS.map(hostBinary).filter(
    (host) => !fs.existsSync(path.join(path.dirname(cli), host)) && !onPath(host),
  );
  log(`using the Pulumi CLI on PATH (${cli}, ${cliVersion}) with its own language hosts`);
  if (lacking.length > 0)
    log(
      `warning: it has no ${lacking.join(", ")}, so programs of that runtime will not run with it ` +
        "(take it off PATH and this script builds the project's own engine, with every host)",
    );
  return path.dirname(path.dirname(cli));
}

/** Finds or builds the engine; answers its root. */
async function main() {
  const { version, why } = wantedVersion();
  log(`CLI v${version}: ${why}`);
  const fromPath = onPath("pulumi");
  const pathVersion = fromPath ? pulumiVersionOf(fromPath) : undefined;
  if (fromPath && pathVersion && semver.valid(pathVersion) && semver.gte(pathVersion, sdkVersion()))
    return pathEngine(fromPath, pathVersion);
  if (fromPath) {
    const found = `the pulumi on PATH (${fromPath}) is ${pathVersion ?? "of unknown version"}`;
    log(`${found}, older than @pulumi/pulumi ${sdkVersion()}: using a build of v${version} instead`);
  }
  // Beside the CLI's version, what else the build takes from this repository: a change builds a new root.
  const key = contentHash([JSON.stringify(EXTRA_HOSTS), LEGACY_HOST_SDK_VERSION], HOST_PATCHES);
  const target = path.join(cacheBase(), `pulumi-v${version}-${key}`);
  if (completeRoot(target, version)) {
    log(`using cached Pulumi v${version} at ${target}; language hosts: ${describeHosts(target)}`);
    return target;
  }
  const hashed = "the extra hosts table, the fallback Node host's patches and its release";
  log(`no complete build at ${target} (its key hashes ${hashed}): building it whole`);
  fs.rmSync(target, { recursive: true, force: true });
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
