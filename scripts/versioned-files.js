// @ts-check
// Every file that carries the project's version, in one table: package.json's `version` is the one
// place it is set (`npm run version:set -- X.Y.Z` rewrites the others, scripts/version.mjs), and
// `versionDisagreements` names each file whose version is not package.json's (the unit test
// test/unit/scripts/versioned-files.test.ts and `npm run release` fail on any).
//
// One version for every artifact (CHANGELOG.md): the npm package, the plugin (its executable reads
// package.json), the schema, the three SDKs and what the examples and the docs install.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

/** A release version: MAJOR.MINOR.PATCH (no pre-release: PEP 440 and semver would spell it differently). */
const VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const V = String.raw`(\d+\.\d+\.\d+)`;

/**
 * @typedef {object} VersionSite
 * @property {string} file   the file, relative to the repository
 * @property {string} what   what in it carries the version
 * @property {(text: string) => string[]} read  every version found in it (none: the site is gone)
 * @property {(text: string, version: string) => string} write  the text with `version` in its place
 * @property {string} [writtenBy]  the command that generates the file (it must agree with the rewrite)
 * @property {boolean} [optional]  a mention (docs): the file may hold none
 */

/**
 * A site found by a regular expression whose first group precedes the version, its second the version.
 * @param {string} file
 * @param {string} what
 * @param {string} before the pattern before the version (a regular expression's source)
 * @param {{ writtenBy?: string, optional?: boolean, after?: string }} [options]
 * @returns {VersionSite}
 */
function patternSite(file, what, before, options = {}) {
  const source = `(${before})${V}${options.after ?? ""}`;
  return {
    file,
    what,
    read: (text) => [...text.matchAll(new RegExp(source, "gm"))].map((m) => m[2]),
    write: (text, version) =>
      text.replace(new RegExp(source, "gm"), (match, pre, old) => match.replace(pre + old, pre + version)),
    ...(options.writtenBy ? { writtenBy: options.writtenBy } : {}),
    ...(options.optional ? { optional: true } : {}),
  };
}

/**
 * A site in a JSON file at one or more key paths, rewritten in the formatting npm uses (two spaces).
 * @param {string} file
 * @param {string} what
 * @param {string[][]} keyPaths
 * @returns {VersionSite}
 */
function jsonSite(file, what, keyPaths) {
  /** @param {any} doc @param {string[]} keys */
  const parentOf = (doc, keys) => keys.slice(0, -1).reduce((at, key) => (at == null ? at : at[key]), doc);
  return {
    file,
    what,
    read: (text) => {
      const doc = JSON.parse(text);
      return keyPaths
        .map((keys) => parentOf(doc, keys)?.[keys[keys.length - 1]])
        .filter((v) => typeof v === "string");
    },
    write: (text, version) => {
      const doc = JSON.parse(text);
      for (const keys of keyPaths) {
        const parent = parentOf(doc, keys);
        if (parent && typeof parent[keys[keys.length - 1]] === "string")
          parent[keys[keys.length - 1]] = version;
      }
      return `${JSON.stringify(doc, null, 2)}\n`;
    },
  };
}

/**
 * Markdown files that may mention the version in an install command (README.md, the examples'
 * READMEs, docs/ and CONTRIBUTING.md), relative to `root`.
 * @param {string} root
 * @returns {string[]}
 */
function docFiles(root) {
  const files = ["README.md", "CONTRIBUTING.md"].filter((f) => fs.existsSync(path.join(root, f)));
  const examples = path.join(root, "examples");
  if (fs.existsSync(examples)) {
    for (const name of fs.readdirSync(examples).sort()) {
      if (fs.existsSync(path.join(examples, name, "README.md"))) files.push(`examples/${name}/README.md`);
    }
  }
  const docs = path.join(root, "docs");
  if (fs.existsSync(docs)) {
    for (const entry of /** @type {string[]} */ (
      fs.readdirSync(docs, { recursive: true, encoding: "utf8" })
    ).sort()) {
      if (entry.endsWith(".md")) files.push(path.posix.join("docs", entry.split(path.sep).join("/")));
    }
  }
  return files;
}

/**
 * How the docs name a versioned artifact; each pattern's first group precedes the version. Only these
 * forms are the current version (a changelog's or an upgrade guide's older versions are not).
 */
const DOC_MENTIONS = [
  ["the npm package's tarball", String.raw`pulumi-aria-`, String.raw`\.tgz`],
  ["the plugin's version", String.raw`plugin install resource aria v?`],
  ["the installed plugin's folder", String.raw`plugins/resource-aria-v`],
  ["the plugin archive", String.raw`pulumi-resource-aria-v`, "-"],
  ["the Python wheel", String.raw`pulumi_aria-`, String.raw`[-.]`],
  ["the Python requirement", String.raw`pulumi_aria==`],
  ["the Go module", String.raw`pulumi-aria/sdk/go(?:@| )v`],
  ["the npm package by name", String.raw`(?:pulumi-aria|@pulumi-aria/aria)@\^?`],
  ["the policy pack", String.raw`aria-endpoints@v`],
];

/**
 * Every site that carries the version, for the repository at `root`.
 * @param {string} root
 * @returns {VersionSite[]}
 */
function versionSites(root) {
  /** @type {VersionSite[]} */
  const sites = [
    jsonSite("package-lock.json", "the lock file's version of the package", [
      ["version"],
      ["packages", "", "version"],
    ]),
    // Generated from package.json's version by `npm run gen:schema`, then `npm run gen:sdk`.
    patternSite("sdk/schema.json", "the schema's version", String.raw`^  "version": "`, {
      writtenBy: "npm run gen:schema",
    }),
    patternSite(
      "sdk/nodejs/package.json",
      "the Node SDK's version and its plugin's",
      String.raw`"version": "`,
      {
        writtenBy: "npm run gen:sdk",
      },
    ),
    patternSite("sdk/python/pyproject.toml", "the Python SDK's version", String.raw`^  version = "`, {
      writtenBy: "npm run gen:sdk",
    }),
    patternSite(
      "sdk/python/pulumi_aria/pulumi-plugin.json",
      "the plugin the Python SDK asks for",
      String.raw`"version": "`,
      {
        writtenBy: "npm run gen:sdk",
      },
    ),
    patternSite(
      "sdk/go/aria/pulumi-plugin.json",
      "the plugin the Go SDK asks for",
      String.raw`"version": "`,
      {
        writtenBy: "npm run gen:sdk",
      },
    ),
    patternSite(
      "sdk/go/aria/internal/pulumiUtilities.go",
      "the plugin version the Go SDK's resources and invokes ask for",
      String.raw`semver\.MustParse\("`,
      { writtenBy: "npm run gen:sdk" },
    ),
    patternSite(
      "examples/quickstart-go/go.mod",
      "the Go SDK the example requires",
      String.raw`github\.com/pulumi-aria/pulumi-aria/sdk/go v`,
    ),
    patternSite(
      "examples/quickstart-python/requirements.txt",
      "the Python SDK the example requires",
      String.raw`pulumi_aria==`,
    ),
  ];
  const examples = path.join(root, "examples");
  for (const name of fs.existsSync(examples) ? fs.readdirSync(examples).sort() : []) {
    const manifest = path.join(examples, name, "package.json");
    if (!fs.existsSync(manifest)) continue;
    if (!JSON.parse(fs.readFileSync(manifest, "utf8")).dependencies?.["pulumi-aria"]) continue;
    sites.push(
      patternSite(
        `examples/${name}/package.json`,
        "the pulumi-aria range the example depends on",
        String.raw`"pulumi-aria": "\^`,
      ),
    );
  }
  for (const file of docFiles(root)) {
    for (const [what, before, after] of DOC_MENTIONS) {
      sites.push(patternSite(file, `${what} in an install step`, before, { optional: true, after }));
    }
  }
  return sites;
}

/**
 * @typedef {object} Disagreement
 * @property {string} file
 * @property {string} what
 * @property {string} found   the versions found there ("nothing" when none)
 * @property {string} [fix]   the command that rewrites it
 */

/**
 * The package version (package.json's) and every site that disagrees with it.
 * @param {string} root
 * @returns {{ version: string, disagreements: Disagreement[] }}
 */
function versionDisagreements(root) {
  const version = String(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version);
  /** @type {Disagreement[]} */
  const disagreements = [];
  for (const site of versionSites(root)) {
    const file = path.join(root, site.file);
    if (!fs.existsSync(file)) {
      if (!site.optional) disagreements.push({ file: site.file, what: site.what, found: "no such file" });
      continue;
    }
    const found = site.read(fs.readFileSync(file, "utf8"));
    const wrong = found.filter((v) => v !== version);
    if ((found.length === 0 && !site.optional) || wrong.length > 0) {
      disagreements.push({
        file: site.file,
        what: site.what,
        found: found.length === 0 ? "nothing" : [...new Set(wrong)].join(", "),
        fix: site.writtenBy ?? "npm run version:set -- " + version,
      });
    }
  }
  return { version, disagreements };
}

/**
 * One line per disagreement, naming the file, what it holds and the command that fixes it.
 * @param {string} version
 * @param {Disagreement[]} disagreements
 * @returns {string}
 */
function describeDisagreements(version, disagreements) {
  return disagreements
    .map(
      (d) =>
        `${d.file}: ${d.what} is ${d.found}, not package.json's ${version}${d.fix ? ` (fix: ${d.fix})` : ""}`,
    )
    .join("\n");
}

/**
 * Rewrites package.json's version and every site to `version`, the generated files included (their
 * generators then write the same). Returns the files changed.
 * @param {string} root
 * @param {string} version
 * @returns {string[]}
 */
function rewriteVersion(root, version) {
  if (!VERSION_PATTERN.test(version)) {
    throw new Error(
      `version '${version}' is not MAJOR.MINOR.PATCH (such as 0.2.0): give the new version as three numbers`,
    );
  }
  if (Number(version.split(".")[0]) >= 2) {
    throw new Error(
      `version ${version}: a major version 2 or later moves the Go module to .../sdk/go/v${version.split(".")[0]} ` +
        "(Go's rule for major versions): change SDK_NAMES.goModule in provider/plugin/schema.ts and sdk/go/go.mod first",
    );
  }
  const changed = [];
  const manifestFile = path.join(root, "package.json");
  const manifest = fs.readFileSync(manifestFile, "utf8");
  const bumped = manifest.replace(/^(\s*"version":\s*")[^"]*(")/m, `$1${version}$2`);
  if (bumped !== manifest) {
    fs.writeFileSync(manifestFile, bumped);
    changed.push("package.json");
  }
  for (const site of versionSites(root)) {
    const file = path.join(root, site.file);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    const next = site.write(text, version);
    if (next !== text) {
      fs.writeFileSync(file, next);
      if (!changed.includes(site.file)) changed.push(site.file);
    }
  }
  return changed;
}

module.exports = {
  VERSION_PATTERN,
  versionSites,
  versionDisagreements,
  describeDisagreements,
  rewriteVersion,
};
