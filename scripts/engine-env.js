// @ts-check
// What every runner of the real engine needs (the e2e harness, the demo, the benchmarks): the engine
// root of ensure-engine.mjs, and the offline environment the CLI, program and provider run in.
"use strict";

const { execFileSync, spawnSync } = require("node:child_process");
const path = require("node:path");

const REPO_ROOT = path.resolve(__dirname, "..");

/** @type {string | undefined} */
let cachedRoot;

/** The engine root (`<root>/bin/pulumi`), found or built once per process. @param {{ quiet?: boolean }} [options] */
function engineRoot({ quiet = false } = {}) {
  const args = [path.join(__dirname, "ensure-engine.mjs"), "--print-root", ...(quiet ? ["--quiet"] : [])];
  cachedRoot ??= execFileSync(process.execPath, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  return cachedRoot;
}

/**
 * What the CLI `bin` prints for `version` (`v3.274.1`), or undefined when it does not run.
 * @param {string} bin
 */
function pulumiVersionOf(bin) {
  const env = { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" };
  const r = spawnSync(bin, ["version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], env });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** The installed @pulumi/pulumi's folder, which holds the shim pulumi-resource-pulumi-nodejs. */
const sdkDir = () => path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [REPO_ROOT] }));

/** The environment of an engine run on a `file://` backend, with no plugin downloads. @param {{ root: string, stateDir: string, homeDir: string, passphrase: string }} options */
function engineEnv({ root, stateDir, homeDir, passphrase }) {
  return {
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // Never ask the Pulumi registry service about a package (`pulumi do aria:...`), as an air-gapped
    // site runs (docs/guides/release-and-install.md).
    PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
    PULUMI_HOME: homeDir,
    PULUMI_BACKEND_URL: `file://${stateDir}`,
    // The engine finds pulumi-resource-pulumi-nodejs (the SDK's shim that starts the dynamic-provider
    // process) next to the CLI or on PATH. Resolved here, not at load: `npm test` imports this module
    // before its bootstrap has installed the SDK.
    PATH: [path.join(root, "bin"), sdkDir(), process.env.PATH].join(path.delimiter),
  };
}

module.exports = { engineRoot, engineEnv, pulumiVersionOf, sdkDir, REPO_ROOT };
