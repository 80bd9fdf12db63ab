#!/usr/bin/env node
// @ts-check
// `npm run gen:dynamic`: writes the dynamic door's generated surface (scripts/gen-dynamic.js) from the
// compiled registry (build first: the npm script does); `--check` exits 1 when one is stale.

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { generatedFiles } from "./gen-dynamic.js";
import { writeOrCheck } from "./generated.js";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dist = (/** @type {string[]} */ ...parts) => path.join(root, "dist", "provider", ...parts);
if (!fs.existsSync(dist("registry", "index.js"))) {
  process.stderr.write(
    "[gen-dynamic] dist/provider/registry/index.js is missing: run npm run build first.\n",
  );
  process.exit(1);
}
const registry = {
  ...require(dist("registry", "index.js")),
  isDataFunction: require(dist("common", "data-function.js")).isDataFunction,
  apiSchemas: require(dist("client", "schemas", "index.js")),
  JsonValue: require(dist("endpoint", "schema.js")).JsonValue,
};
writeOrCheck("gen-dynamic", "npm run gen:dynamic", await generatedFiles(registry));
