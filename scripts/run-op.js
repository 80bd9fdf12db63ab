// @ts-check
// Runs one Pulumi operation through the Automation API in a plain Node process (no jest sandbox, so
// closure serialisation behaves as under `pulumi up`), with an inline program that `require`s the
// program directory's index (TypeScript through ts-node), so it imports `pulumi-aria` by name.
// Usage: node scripts/run-op.js <job.json>; writes the result JSON to job.resultFile.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

/** @typedef {import("./program-runner.js").AutomationJob} Job */
/** The Automation API's CommandError keeps the CLI's output in a private `commandResult`, read by shape. */
/** @typedef {{ message?: string, commandResult?: { stdout: string, stderr: string } }} AutomationFailure */

async function main() {
  /** @type {Job} */
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation");

  const program = async () => {
    const tsEntry = path.join(job.programDir, "index.ts");
    const entry = fs.existsSync(tsEntry) ? tsEntry : require.resolve(job.programDir);
    if (entry.endsWith(".ts")) {
      require("ts-node").register({
        transpileOnly: true,
        skipProject: true,
        compilerOptions: { module: "commonjs", target: "ES2022", esModuleInterop: true, strict: true },
      });
    }
    /** @type {Record<string, unknown>} the program's exports: a stack's outputs, or a default function */
    const mod = require(entry);
    const result = typeof mod.default === "function" ? await mod.default() : mod;
    // Stack outputs are the module's exports, as for a program run by `pulumi up`.
    return Object.fromEntries(
      Object.entries(result ?? {}).filter(([k]) => k !== "default" && k !== "__esModule"),
    );
  };

  const pulumiCommand = await PulumiCommand.get({ root: job.engineRoot, skipVersionCheck: false });
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: job.stackName, projectName: job.projectName, program },
    {
      workDir: job.workDir,
      pulumiCommand,
      envVars: job.envVars,
      projectSettings: { name: job.projectName, runtime: "nodejs", backend: { url: job.backendUrl } },
    },
  );
  // The job carries the whole config: keys no longer in it are removed from the stack.
  const wanted = job.config ?? {};
  const stale = Object.keys(await stack.getAllConfig()).filter((k) => !(k in wanted));
  if (stale.length > 0) await stack.removeAllConfig(stale);
  await stack.setAllConfig(wanted);

  let stdout = "";
  const onOutput = (/** @type {string} */ out) => {
    stdout += out;
    if (process.env.E2E_VERBOSE) process.stderr.write(out);
  };
  // ProgramStack.run completes it: a summary ({} when the operation wrote none) and this process's stderr.
  /** @type {Partial<import("./program-runner.js").CliResult> & { ok: boolean, op: string }} */
  const result = { ok: true, op: job.op };
  try {
    const opts = { onOutput, color: /** @type {const} */ ("never"), ...(job.options ?? {}) };
    if (job.op === "export") result.deployment = await stack.exportStack();
    else if (job.op === "outputs") result.outputs = await stack.outputs();
    else if (job.op === "preview") result.summary = (await stack.preview(opts)).changeSummary ?? {};
    else if (job.op === "up") {
      const r = await stack.up(opts);
      [result.summary, result.outputs] = [r.summary.resourceChanges ?? {}, r.outputs];
    } else if (job.op === "refresh" || job.op === "destroy") {
      result.summary = (await stack[job.op](opts)).summary.resourceChanges ?? {};
    } else throw new Error(`unknown operation ${job.op}`);
  } catch (caught) {
    const err = /** @type {AutomationFailure | null | undefined} */ (caught);
    result.ok = false;
    result.error = String((err && err.message) || err);
    if (err && err.commandResult) {
      result.stderr = err.commandResult.stderr;
      stdout = stdout || err.commandResult.stdout;
    }
  }
  result.stdout = stdout;
  fs.writeFileSync(job.resultFile, JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`run-op failed: ${err && err.stack ? err.stack : err}\n`);
    process.exit(2);
  },
);
