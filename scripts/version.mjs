#!/usr/bin/env node
// @ts-check
// The project's one version (package.json's `version`; every file that carries it is listed in
// scripts/versioned-files.js).
//
//   npm run version:set -- 0.2.0   rewrite package.json and every file that carries the version, then
//                                  regenerate the schema and the SDKs (npm run gen:schema, gen:sdk)
//                                  and open the version's section in CHANGELOG.md
//   npm run version:check          exit 1 naming each file whose version is not package.json's

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

const require = createRequire(import.meta.url);
/** @type {typeof import("./versioned-files.js")} */
const { versionDisagreements, describeDisagreements, rewriteVersion } = require("./versioned-files.js");

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const say = (/** @type {string} */ msg) => process.stderr.write(`[version] ${msg}\n`);

/** Fails naming each file whose version disagrees with package.json's. */
function check() {
  const { version, disagreements } = versionDisagreements(root);
  if (disagreements.length > 0) {
    say(`${disagreements.length} file(s) disagree with package.json's version ${version}:`);
    process.stderr.write(`${describeDisagreements(version, disagreements)}\n`);
    process.exit(1);
  }
  say(`every file carries version ${version}`);
}

/**
 * Moves CHANGELOG.md's Unreleased entries under a heading for `version` (Keep a Changelog), leaving
 * an empty Unreleased section; does nothing when the version has its section already.
 * @param {string} version
 */
function openChangelogSection(version) {
  const file = path.join(root, "CHANGELOG.md");
  const text = fs.readFileSync(file, "utf8");
  if (text.includes(`## [${version}]`)) return;
  const today = new Date().toISOString().slice(0, 10);
  const next = text.replace(/^## \[Unreleased\]\n/m, `## [Unreleased]\n\n## [${version}] - ${today}\n`);
  if (next === text) {
    say("CHANGELOG.md has no '## [Unreleased]' heading: add the version's section by hand");
    return;
  }
  fs.writeFileSync(file, next);
  say(`CHANGELOG.md: the Unreleased entries are now under [${version}] - ${today}`);
}

/** @param {string} script */
function npmRun(script) {
  say(`npm run ${script}`);
  execFileSync("npm", ["run", "--silent", script], { cwd: root, stdio: "inherit" });
}

const [command, arg] = process.argv.slice(2);
try {
  if (command === "--check" || command === "check") {
    check();
  } else if (command === "set" && arg) {
    const changed = rewriteVersion(root, arg);
    say(`rewrote ${changed.length} file(s): ${changed.join(", ") || "none (already at that version)"}`);
    npmRun("gen:schema");
    npmRun("gen:sdk");
    openChangelogSection(arg);
    check();
  } else {
    say("usage: npm run version:set -- X.Y.Z   |   npm run version:check");
    process.exit(2);
  }
} catch (err) {
  say(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
