// Runs one of the benchmark's own scripts (api-floor.mjs, lookup.mjs) in a child process with a
// job file, and answers the JSON it writes. Children are tracked so an interrupted run stops them.

import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BENCH_DIR } from "./paths.mjs";

const live = new Set();

/** Runs `bench/<script>` with `job` (plus a `resultFile`); rejects when it writes no result. */
export async function runScript(script, job) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-bench-job-"));
  const jobFile = path.join(dir, "job.json");
  const resultFile = path.join(dir, "result.json");
  fs.writeFileSync(jobFile, JSON.stringify({ ...job, resultFile }));
  try {
    const child = spawn(process.execPath, [path.join(BENCH_DIR, script), jobFile], {
      stdio: ["ignore", "inherit", "pipe"],
      detached: true,
    });
    live.add(child);
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-20_000)));
    const code = await new Promise((resolve) => child.on("close", resolve));
    live.delete(child);
    if (!fs.existsSync(resultFile)) throw new Error(`${script} failed (exit ${code}):\n${stderr}`);
    return JSON.parse(fs.readFileSync(resultFile, "utf8"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Kills every script still running. */
export function killAllScripts() {
  for (const child of live) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  live.clear();
}
