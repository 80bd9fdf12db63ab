#!/usr/bin/env node
// @ts-check
// `npm run gen:dynamic`: writes the dynamic door's generated surface (scripts/gen-dynamic.js) from the
// compiled registry: build first (`npm run build`, which the npm script does).
//
//   node scripts/gen-dynamic.mjs           write the generated files
//   node scripts/gen-dynamic.mjs --check   exit 1 when one is stale

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const compiled = path.join(root, "dist", "provider", "registry", "index.js");
if (!fs.existsSync(compiled)) {
  process.stderr.write(
    `[gen-dynamic] ${path.relative(root, compiled)} is missing: run npm run build first.\n`,
  );
  process.exit(1);
}
/** @type {typeof import("./gen-dynamic.js")} */
const { generatedFiles, staleFiles } = require("./gen-dynamic.js");
const registry = {
  ...require(compiled),
  isDataFunction: require(path.join(root, "dist", "provider", "common", "data-function.js")).isDataFunction,
  apiSchemas: require(path.join(root, "dist", "provider", "client", "schemas", "index.js")),
  JsonValue: require(path.join(root, "dist", "provider", "endpoint", "schema.js")).JsonValue,
};

if (process.argv.includes("--check")) {
  const stale = await staleFiles(registry);
  for (const file of stale) process.stderr.write(`[gen-dynamic] ${file} is stale: run npm run gen:dynamic\n`);
  if (stale.length > 0) process.exit(1);
  process.stdout.write("[gen-dynamic] the generated files are up to date\n");
} else {
  for (const [file, text] of await generatedFiles(registry)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    process.stdout.write(`[gen-dynamic] wrote ${file}\n`);
  }
}
