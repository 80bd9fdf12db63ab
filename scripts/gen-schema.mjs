#!/usr/bin/env node
// @ts-check
// `npm run gen:schema`: writes the provider plugin's Pulumi package schema, generated from the zod
// schemas by provider/plugin/schema.ts, to sdk/schema.json (pretty JSON, trailing newline), at the
// version of package.json. It runs the compiled output: build first (`npm run build`).
//
//   node scripts/gen-schema.mjs           write sdk/schema.json
//   node scripts/gen-schema.mjs --check   exit 1 when sdk/schema.json is stale

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const target = path.join(root, "sdk", "schema.json");
const compiled = path.join(root, "dist", "provider", "plugin", "schema.js");

if (!fs.existsSync(compiled)) {
  process.stderr.write(
    `[gen-schema] ${path.relative(root, compiled)} is missing: run npm run build first.\n`,
  );
  process.exit(1);
}
/** @type {{ version: string }} */
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
/** @type {{ packageSchema: (version: string) => unknown }} */
const { packageSchema } = require(compiled);
const text = `${JSON.stringify(packageSchema(pkg.version), null, 2)}\n`;

if (process.argv.includes("--check")) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (current !== text) {
    process.stderr.write("[gen-schema] sdk/schema.json is stale: run npm run gen:schema\n");
    process.exit(1);
  }
  process.stderr.write("[gen-schema] sdk/schema.json is up to date\n");
} else {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  process.stderr.write(`[gen-schema] wrote ${path.relative(root, target)} (version ${pkg.version})\n`);
}
