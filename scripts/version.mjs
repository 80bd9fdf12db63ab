#!/usr/bin/env node
// @ts-check
// `npm run version:set -- 0.2.0`: docs/guides/release-and-install.md#making-a-release, step 1.

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const say = (/** @type {string} */ msg) => process.stderr.write(`[version] ${msg}\n`);
const npm = (/** @type {string[]} */ args) => execFileSync("npm", args, { cwd: root, stdio: "inherit" });

const version = process.argv[2];
if (!version || !/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.test(version)) {
  // No pre-release: PEP 440 and semver would spell it differently.
  say(`usage: npm run version:set -- X.Y.Z (three numbers, such as 0.2.0; got '${version ?? ""}')`);
  process.exit(2);
}
if (Number(version.split(".")[0]) >= 2) {
  say(
    `version ${version}: a major version 2 or later moves the Go module to .../sdk/go/v${version.split(".")[0]} ` +
      "(Go's rule for major versions): change SDK_NAMES.goModule in provider/plugin/schema.ts and sdk/go/go.mod first",
  );
  process.exit(1);
}
npm(["version", version, "--no-git-tag-version", "--allow-same-version"]);
npm(["run", "--silent", "gen", "--", "schema"]);
npm(["run", "--silent", "gen:sdk"]);

// Keep a Changelog: the Unreleased entries go under the version's heading, an empty Unreleased stays.
const changelog = path.join(root, "CHANGELOG.md");
const text = fs.readFileSync(changelog, "utf8");
if (!text.includes(`## [${version}]`)) {
  const today = new Date().toISOString().slice(0, 10);
  const next = text.replace(/^## \[Unreleased\]\n/m, `## [Unreleased]\n\n## [${version}] - ${today}\n`);
  if (next === text) say("CHANGELOG.md has no '## [Unreleased]' heading: add the version's section by hand");
  else fs.writeFileSync(changelog, next);
}
say(`version ${version}: package.json, package-lock.json, sdk/ and CHANGELOG.md`);
