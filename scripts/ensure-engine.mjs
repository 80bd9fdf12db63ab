#!/usr/bin/env node
// Finds or builds the Pulumi engine (CLI) that the end-to-end tests, the demo and the benchmarks
// drive through the Automation API, and prints its root (`<root>/bin/pulumi`).
//
// Order: $PULUMI_ARIA_ENGINE_ROOT; a `pulumi` on PATH whose version matches the dev
// @pulumi/pulumi; a cached build under ~/.cache/pulumi-aria/pulumi-v<version>; otherwise a build
// from the CLI's Go modules at that version (needs Go and the Go module proxy), made in a temporary
// directory and renamed into place, so that concurrent runs never see a half-built cache.
//
// Usage: node scripts/ensure-engine.mjs [--print-root] [--quiet]

import { execFileSync, spawn } from "node:child_process";
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
// pkg/go.mod carries this non-local replace; a wrapper module must repeat it to build the CLI.
const CLIPBOARD_REPLACE =
  "github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e";

const { values: flags } = parseArgs({
  options: { "print-root": { type: "boolean" }, quiet: { type: "boolean" } },
});
const log = (msg) => {
  if (!flags.quiet) process.stderr.write(`[engine] ${msg}\n`);
};

/** The @pulumi/pulumi version the engine must match: the installed SDK, else the dev pin. */
function wantedVersion() {
  try {
    return require(require.resolve("@pulumi/pulumi/package.json", { paths: [repoRoot] })).version;
  } catch {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    return pkg.devDependencies["@pulumi/pulumi"].replace(/^[^\d]*/, "");
  }
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
    const env = {
      ...process.env,
      CGO_ENABLED: "0",
      GOFLAGS: "-mod=mod -buildvcs=false",
      // Recent Pulumi tags are not always in the checksum database mirror reachable here; the
      // module proxy still serves them and go.sum records what was downloaded.
      GONOSUMDB: [process.env.GONOSUMDB, "github.com/pulumi/pulumi"].filter(Boolean).join(","),
    };
    fs.writeFileSync(
      path.join(work, "go.mod"),
      `module pulumi-aria/engine-build\n\ngo 1.25\n\nrequire (\n\t${PKG_MODULE} v${version}\n\t${SDK_MODULE} v${version}\n)\n\nreplace ${CLIPBOARD_REPLACE}\n`,
    );
    fs.writeFileSync(
      path.join(work, "tools.go"),
      `//go:build tools\n\npackage tools\n\nimport _ "${PKG_MODULE}/cmd/pulumi"\n`,
    );
    log(`building Pulumi CLI v${version} from Go modules in ${work}`);
    await run(goBin, ["mod", "tidy"], { cwd: work, env });
    const ldflags = `-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${version}`;
    const buildArgs = (out, pkg) => [
      "build",
      "-trimpath",
      "-tags",
      "osusergo,grpcnotrace",
      "-ldflags",
      ldflags,
      "-o",
      out,
      pkg,
    ];
    await run(goBin, buildArgs(path.join(bin, "pulumi"), `${PKG_MODULE}/cmd/pulumi`), { cwd: work, env });
    await buildNodeLanguageHost(
      goBin,
      work,
      env,
      version,
      buildArgs(path.join(bin, "pulumi-language-nodejs"), NODEJS_HOST_MODULE),
    );
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

/**
 * The Node language host is only needed to run a program directory with `pulumi up`; the tests, the
 * demo and the benchmarks use Automation API inline programs, which serve the language runtime from
 * the Node process itself. The host's module has no tags, so it is required at the commit of the
 * pkg tag (a pseudo-version); a module proxy that does not serve that pseudo-version is reported,
 * not fatal.
 */
async function buildNodeLanguageHost(goBin, work, env, version, buildArgs) {
  try {
    const info = JSON.parse(
      await run(goBin, ["list", "-m", "-json", `${PKG_MODULE}@v${version}`], { cwd: work, env, echo: false }),
    );
    const time = new Date(info.Time).toISOString().replace(/[-:T]/g, "").slice(0, 14);
    const pseudo = `v3.0.0-${time}-${info.Origin.Hash.slice(0, 12)}`;
    await run(goBin, ["get", `${NODEJS_HOST_MODULE}@${pseudo}`], { cwd: work, env, echo: false });
    await run(goBin, buildArgs, { cwd: work, env });
  } catch (err) {
    const lines = String(err.message)
      .split("\n")
      .filter((l) => l.trim());
    const reason = lines.find((l) => /40[34]|not available|not found/i.test(l)) ?? lines[0];
    log(
      `note: the Node language host (pulumi-language-nodejs) could not be built: ${reason.trim()}\n` +
        `[engine] The tests, demo and benchmarks do not need it (they run inline programs through the Automation API).`,
    );
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
    // The dynamic-provider shim ships in @pulumi/pulumi; callers put that folder on PATH.
    log(`using the Pulumi CLI on PATH (${fromPath}, v${version})`);
    return path.dirname(path.dirname(fromPath));
  } else if (fromPath) {
    log(
      `the pulumi on PATH (${fromPath}) is ${pulumiVersionOf(fromPath) ?? "of unknown version"}, not v${version}: using a matching build instead`,
    );
  }
  const target = path.join(cacheBase(), `pulumi-v${version}`);
  if (usableRoot(target, version)) {
    log(`using cached Pulumi v${version} at ${target}`);
    return target;
  }
  if (fs.existsSync(target)) fs.rmSync(target, { recursive: true, force: true });
  await build(version, target);
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
