#!/usr/bin/env node
// @ts-check
// `npm run gen:docs`: writes the generated parts of the documentation (scripts/docs.js): the settings
// table of docs/installation-configuration.md and docs/reference/ from sdk/schema.json, and the
// examples of docs/_index.md from the quickstart programs. No build needed.
//
//   node scripts/gen-docs.mjs           write what is stale
//   node scripts/gen-docs.mjs --check   exit 1 when something is stale

import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {{ staleDocs: () => string[], writeDocs: () => string[] }} */
const docs = require("./docs.js");

if (process.argv.includes("--check")) {
  const stale = docs.staleDocs();
  if (stale.length > 0) {
    process.stderr.write(`[gen-docs] stale: ${stale.join(", ")}: run npm run gen:docs\n`);
    process.exit(1);
  }
  process.stderr.write("[gen-docs] the generated docs are up to date\n");
} else {
  const written = docs.writeDocs();
  process.stderr.write(
    written.length > 0 ? `[gen-docs] wrote ${written.join(", ")}\n` : "[gen-docs] nothing to write\n",
  );
}
