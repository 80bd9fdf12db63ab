#!/usr/bin/env node
// Completes the policy pack directory tsc compiles to dist/provider/policy/pack/: the CLI loads a pack
// from a directory holding PulumiPolicy.yaml, and @pulumi/policy reads its version from the
// package.json there, written with this package's version.

import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const source = path.join(root, "provider", "policy", "pack");
const target = path.join(root, "dist", "provider", "policy", "pack");

if (!fs.existsSync(path.join(target, "index.js"))) {
  process.stderr.write(
    `policy-pack-files: ${target}/index.js is missing: compile first (tsc -p tsconfig.json)\n`,
  );
  process.exit(1);
}
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
fs.copyFileSync(path.join(source, "PulumiPolicy.yaml"), path.join(target, "PulumiPolicy.yaml"));
const manifest = {
  name: `${pkg.name}-policy-pack`,
  version: pkg.version,
  description: "pulumi-aria's policy pack; run it with pulumi preview --policy-pack <this directory>",
  private: true,
  main: "index.js",
};
fs.writeFileSync(path.join(target, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
