// @ts-check
// The reliability run of issue 38 (bench/README.md, "Faults with a server restart"; lib/faults.mjs):
//   node bench/faults-restart.mjs [--size 1000] [--door dynamic|plugin|both] [--out <file.json>]

import * as fs from "node:fs";
import { commandLine } from "./lib/common.mjs";
import { killAll } from "./lib/engine-stack.mjs";
import { measureRestart } from "./lib/faults.mjs";

const USAGE =
  "usage: node bench/faults-restart.mjs [--size 1000] [--door dynamic|plugin|both] [--out <file>]";
const { args, usageError, positiveInt, namesOf } = commandLine(USAGE, {
  size: { type: "string", default: "1000" },
  door: { type: "string", default: "both" },
  out: { type: "string" },
});
const n = positiveInt("size", args.size);
if (n < 2) usageError(`--size must be at least 2, got ${n}`);
const doors =
  args.door === "both" ? ["dynamic", "plugin"] : namesOf("door", args.door, ["dynamic", "plugin"], "door");

const results = [];
try {
  for (const door of doors) {
    const result = await measureRestart(/** @type {"dynamic" | "plugin"} */ (door), n);
    console.log(JSON.stringify(result, null, 2));
    results.push(result);
  }
} finally {
  killAll();
}
if (args.out) fs.writeFileSync(args.out, `${JSON.stringify(results, null, 2)}\n`);
