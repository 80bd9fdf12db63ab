#!/usr/bin/env node
// @ts-check
// Runs a Node script on a runtime leg (scripts/runtimes.js): the leg's Node runs it, first on PATH so
// that the `pulumi` programs it starts run on it too.
//
//   node scripts/on-leg.mjs [--leg current|also|oldest] <script> [args...]

import { spawn } from "node:child_process";
import * as runtimes from "./runtimes.js";
import { describeFailure } from "./errors.js";

const legGiven = process.argv[2] === "--leg";
const legName = legGiven ? process.argv[3] : process.env.PULUMI_ARIA_LEG || "current";
const args = process.argv.slice(legGiven ? 4 : 2);
try {
  if (args.length === 0) throw new Error("usage: node scripts/on-leg.mjs [--leg NAME] <script> [args...]");
  const leg = runtimes.legNamed(legName);
  const node = runtimes.ensureNode(leg, (msg) => process.stderr.write(`[leg] ${msg}\n`));
  process.stderr.write(
    `[leg] '${leg.name}': Node ${node.version} (${node.source}), @pulumi/pulumi ${leg.sdk}\n`,
  );
  const child = spawn(node.bin, args, { stdio: "inherit", env: runtimes.legEnv(leg, node.bin) });
  // Ctrl-C reaches the child from the terminal itself; a SIGTERM sent to this process is passed on.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  child.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} catch (err) {
  process.stderr.write(`[leg] ${describeFailure(err)}\n`);
  process.exit(1);
}
