// @ts-check
// Start-up of the release executables that run here: the time from launch to the printed port, which
// the engine waits for at least once per command. Built (or taken from the cache) by
// scripts/build-plugin.mjs; started as the engine starts them, with no node on PATH.

import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { median } from "./analysis.mjs";
import { REPO_ROOT } from "./common.mjs";

const STARTUP_TARGETS = ["linux-amd64", "linux-amd64-bun"];

/** Milliseconds from spawning `executable` to the port on its stdout. @param {string} executable */
function startOnce(executable) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(executable, [], { env: { PATH: "/nonexistent" }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (!out.includes("\n")) return;
      const ms = performance.now() - started;
      child.kill("SIGKILL");
      if (/^\d+\n$/.test(out)) resolve(ms);
      else reject(new Error(`${executable} printed '${out.trim()}', not a port`));
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (!out.includes("\n")) reject(new Error(`${executable} exited ${code}`));
    });
  });
}

/**
 * Builds the targets (from the cache, if there) and starts each `runs` times.
 * @param {number} runs
 * @param {(msg: string) => void} log
 */
export async function measureStartup(runs, log) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-bench-startup-"));
  try {
    const build = path.join(REPO_ROOT, "scripts", "build-plugin.mjs");
    const args = [build, "--target", STARTUP_TARGETS.join(","), "--out", out, "--json"];
    const json = execFileSync(process.execPath, args, {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    /** @type {Record<string, {runtime: string, samplesMs: number[], ms: number}>} */
    const figures = {};
    for (const b of JSON.parse(json.trim().split("\n").pop() ?? "[]")) {
      const dir = path.join(out, b.target);
      fs.mkdirSync(dir);
      execFileSync("tar", ["-xzf", b.tarball, "-C", dir]);
      const samplesMs = [];
      for (let i = 0; i < runs; i++) samplesMs.push(await startOnce(path.join(dir, "pulumi-resource-aria")));
      figures[b.target] = { runtime: b.runtime, samplesMs, ms: median(samplesMs) };
      log(`start-up of ${b.target} (${b.runtime}): median ${Math.round(median(samplesMs))} ms of ${runs}`);
    }
    return figures;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
