#!/usr/bin/env node
// @ts-check
// `npm run gen:docs`: writes the generated parts of the documentation (scripts/docs.js) from
// sdk/schema.json and the quickstart programs; `--check` exits 1 when one is stale. No build needed.

import { generatedDocs } from "./docs.js";
import { writeOrCheck } from "./generated.js";

writeOrCheck("gen-docs", "npm run gen:docs", Object.entries(generatedDocs()));
