#!/usr/bin/env node
// @ts-check
// The soak (`npm run soak`): random histories against the real `pulumi` CLI and the emulator, checked
// against a model (test/soak, docs/guides/faults.md "Random histories"). Loads test/soak/cli.ts
// through ts-node, as the tests' TypeScript (test/tsconfig.json), without type checking (lint does it).
//
//   npm run soak -- [--steps N] [--door yaml|ts|both] [--seed S] [--runs R] [--no-shrink] [--out DIR]
//   npm run soak -- --replay FILE

import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
require("ts-node").register({ project: path.join(root, "test", "tsconfig.json"), transpileOnly: true });
require(path.join(root, "test", "soak", "cli.ts"));
