#!/usr/bin/env node
// @ts-check
// `npm run gen:schema`: writes the provider plugin's Pulumi package schema (provider/plugin/schema.ts,
// from the zod schemas) to sdk/schema.json at package.json's version, and the JSON Schema of
// aria-reconcile's `--json` report to provider/reconcile/report.schema.json, from the compiled output
// (build first: the npm script does); `--check` exits 1 when either is stale.

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { writeOrCheck } from "./generated.js";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const compiled = path.join(root, "dist", "provider", "plugin", "schema.js");
if (!fs.existsSync(compiled)) {
  process.stderr.write("[gen-schema] dist/provider/plugin/schema.js is missing: run npm run build first.\n");
  process.exit(1);
}
/** @type {{ packageSchema: (version: string) => unknown }} */
const { packageSchema } = require(compiled);
/** @type {{ reportJsonSchema: () => unknown }} */
const { reportJsonSchema } = require(path.join(root, "dist", "provider", "reconcile", "report.js"));
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const json = (/** @type {unknown} */ value) => `${JSON.stringify(value, null, 2)}\n`;

writeOrCheck("gen-schema", "npm run gen:schema", [
  ["sdk/schema.json", json(packageSchema(version))],
  ["provider/reconcile/report.schema.json", json(reportJsonSchema())],
]);
