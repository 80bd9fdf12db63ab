#!/usr/bin/env node
// @ts-check
// `npm run gen [-- --check] [part...]`: the generated files but the SDKs (CONTRIBUTING.md#generated-files),
// the parts named or all, in dependency order; `--check` writes nothing and exits 1 naming each stale
// file. `schema` and `dynamic` read the compiled output (build first: the npm script does).

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { generatedDocs } from "./docs.js";
import { generatedFiles } from "./gen-dynamic.js";
import { staleOf } from "./generated.js";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const say = (/** @type {string} */ msg) => process.stderr.write(`[gen] ${msg}\n`);
const json = (/** @type {unknown} */ value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A module of the compiled provider (dist/provider/...); exits 1 when it is not built.
 * @param {...string} parts
 */
function compiled(...parts) {
  const file = path.join(root, "dist", "provider", ...parts);
  if (!fs.existsSync(file)) {
    say(`${path.relative(root, file)} is missing: run npm run build first.`);
    process.exit(1);
  }
  return require(file);
}

/** Each part's files, their text by path under the repository, in the order they are written. */
const PARTS = {
  schema: () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const report = compiled("reconcile", "report.js").reportJsonSchema();
    return new Map([
      ["sdk/schema.json", json(compiled("plugin", "schema.js").packageSchema(version))],
      ["provider/reconcile/report.schema.json", json(report)],
    ]);
  },
  dynamic: () =>
    generatedFiles({
      ...compiled("registry", "index.js"),
      apiSchemas: compiled("client", "schemas", "index.js"),
      JsonValue: compiled("endpoint", "schema.js").JsonValue,
    }),
  docs: () => new Map(Object.entries(generatedDocs())),
};

const { values: flags, positionals: named } = parseArgs({
  options: { check: { type: "boolean" } },
  allowPositionals: true,
});
const unknown = named.filter((part) => !(part in PARTS));
if (unknown.length > 0) {
  say(`no part ${unknown.join(", ")}: name some of ${Object.keys(PARTS).join(", ")}, or none for all`);
  process.exit(2);
}
let stale = 0;
for (const [part, files] of Object.entries(PARTS)) {
  if (named.length > 0 && !named.includes(part)) continue;
  const texts = await files();
  for (const file of staleOf(texts)) {
    stale++;
    if (flags.check) {
      say(`${file} is stale: run npm run gen`);
      continue;
    }
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), /** @type {string} */ (texts.get(file)));
    say(`wrote ${file}`);
  }
}
if (flags.check && stale > 0) process.exit(1);
if (flags.check) say("the generated files are up to date");
else if (stale === 0) say("nothing to write");
