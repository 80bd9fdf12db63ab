#!/usr/bin/env node
// @ts-check
// `npm run gen:schema`: writes the provider plugin's Pulumi package schema, generated from the zod
// schemas by provider/plugin/schema.ts, to sdk/schema.json (pretty JSON, trailing newline), at the
// version of package.json; and the JSON Schema of aria-reconcile's `--json` report, from its zod
// schema (provider/reconcile/report.ts), to provider/reconcile/report.schema.json. It runs the
// compiled output: build first (`npm run build`).
//
//   node scripts/gen-schema.mjs           write both
//   node scripts/gen-schema.mjs --check   exit 1 when either is stale

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
/** @type {{ reportJsonSchema: () => unknown }} */
const { reportJsonSchema } = require(path.join(root, "dist", "provider", "reconcile", "report.js"));

/** @type {Array<[string, string]>} file and its text */
const outputs = [
  [target, `${JSON.stringify(packageSchema(pkg.version), null, 2)}\n`],
  [
    path.join(root, "provider", "reconcile", "report.schema.json"),
    `${JSON.stringify(reportJsonSchema(), null, 2)}\n`,
  ],
];

for (const [file, text] of outputs) {
  const name = path.relative(root, file);
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (current !== text) {
      process.stderr.write(`[gen-schema] ${name} is stale: run npm run gen:schema\n`);
      process.exit(1);
    }
    process.stderr.write(`[gen-schema] ${name} is up to date\n`);
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    process.stderr.write(`[gen-schema] wrote ${name} (version ${pkg.version})\n`);
  }
}
