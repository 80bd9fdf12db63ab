#!/usr/bin/env node
// @ts-check
// `npm run demo [-- --keep-running | --destroy]` (README.md#the-two-commands): examples/quickstart
// installed as a user would in .demo/program (gitignored, with everything else of the demo), run with
// the `pulumi` CLI against the embedded emulator; a second run changes nothing.

import { once } from "node:events";
import * as fs from "node:fs";
import * as https from "node:https";
import { createRequire } from "node:module";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ScriptError, describeFailure, lastLines } from "./errors.js";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const demoDir = path.join(root, ".demo");
const program = path.join(root, "examples", "quickstart");
const STACK = "demo";
const { values: flags } = parseArgs({
  options: { destroy: { type: "boolean" }, "keep-running": { type: "boolean" } },
});

/** @typedef {typeof import("./program-runner.js")} Runner */
/** @typedef {import("./program-runner.js").ProgramStack} DemoContext the demo's stack, in .demo/ */
/** @typedef {{ emulatorPort?: number, ciPort?: number }} SavedPorts the last run's, so that URLs stay the same */

const tty = process.stdout.isTTY;
const bold = (/** @type {string} */ s) => (tty ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (/** @type {string} */ s) => (tty ? `\x1b[2m${s}\x1b[0m` : s);
const step = (/** @type {string} */ s) => process.stdout.write(`\n${bold(`▶ ${s}`)}\n`);
const line = (s = "") => process.stdout.write(`${s}\n`);
const rel = (/** @type {string} */ p) => path.relative(root, p) || ".";

/**
 * @param {string} file
 * @param {unknown} fallback
 */
function readJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return fallback;
  }
}

/**
 * One HTTPS server playing Jenkins and the Git server, its certificate kept in .demo/ (the quickstart pins
 * it).
 * @param {SavedPorts} saved
 */
async function startCiStandIn(saved) {
  const tlsFile = path.join(demoDir, "ci-tls.json");
  /** @type {{ key: string, cert: string } | undefined} */
  let tls = readJson(tlsFile, undefined);
  if (!tls) {
    const { makeCertificate } = await import("./certificates.js");
    const pems = await makeCertificate({ commonName: "ci.demo.local", ips: ["127.0.0.1"] });
    tls = { key: pems.key, cert: pems.cert };
    fs.writeFileSync(tlsFile, JSON.stringify(tls), { mode: 0o600 });
  }
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
    res.setHeader("X-Jenkins", "2.452");
    res.end("CI stand-in for the pulumi-aria demo\n");
  });
  // Last time's port when it is free, else any.
  const listen = (/** @type {number} */ port) => once(server.listen(port, "127.0.0.1"), "listening");
  await listen(saved.ciPort ?? 0).catch((/** @type {NodeJS.ErrnoException} */ err) => {
    if (err.code !== "EADDRINUSE" || !saved.ciPort) throw err;
    return listen(0);
  });
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return { server, url: `https://127.0.0.1:${port}`, port };
}

// The engine's progress dots, and its advice to `pulumi stack rm` (the demo removes .demo/ itself).
const QUIET =
  /^@ \w+\.*\s*$|^\s*$|^The resources in the stack have been deleted|^If you want to remove the stack completely/;

/** @returns {(chunk: string) => void} a sink that copies the CLI's output to ours, indented */
function relay() {
  let pending = "";
  const emit = (/** @type {string} */ text) => {
    if (!QUIET.test(text)) process.stdout.write(`  ${dim("│")} ${text}\n`);
  };
  return (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    lines.forEach(emit);
  };
}

/** The quickstart as a user's project in .demo/program, installed again only when the package changed. @param {Runner} runner */
function prepareQuickstart(runner) {
  const pack = runner.packPackage();
  const dest = path.join(demoDir, "program");
  const stamp = path.join(dest, ".pulumi-aria-pack");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === pack.shasum) return dest;
  fs.rmSync(dest, { recursive: true, force: true });
  line(`  installing examples/quickstart into ${rel(dest)} (npm install of the packed pulumi-aria)`);
  runner.prepareProgram({ source: program, dest, projectName: "aria-quickstart", pack });
  fs.writeFileSync(stamp, pack.shasum);
  return dest;
}

/**
 * @param {string} op
 * @param {DemoContext} ctx
 */
async function runOp(op, ctx) {
  const result = await ctx.run(op);
  if (!result.ok)
    throw new ScriptError(`pulumi ${op} failed: ${lastLines(result.error ?? "", 6)}`, "operation failed");
  return result;
}

/** @param {{ value: unknown, secret: boolean } | undefined} output */
const plain = (output) => (output?.secret ? "[secret]" : output?.value);

/** @type {Record<string, string>} */
const VERBS = { create: "created", update: "updated", delete: "deleted", replace: "replaced" };

/**
 * "created 3, updated 1", or `none` when nothing changed; the engine's count of the stack itself is
 * left out (it is "same" once it exists, "create" on the first run).
 * @param {Record<string, number>} summary @param {string} none
 */
function describeChanges(summary, none, firstRun = false) {
  const changed = Object.entries(summary)
    .map(([kind, n]) => /** @type {[string, number]} */ ([kind, kind === "create" && firstRun ? n - 1 : n]))
    .filter(([kind, n]) => kind !== "same" && n > 0);
  if (changed.length === 0) return `${none} (${Math.max((summary.same ?? 1) - 1, 0)} resources checked)`;
  return changed.map(([kind, n]) => `${VERBS[kind] ?? kind} ${n}`).join(", ");
}

/** The endpoints on the server now, read with the package's own client. @param {string} url */
async function endpointsOnServer(url) {
  /** @type {typeof import("../provider/client/index.js")} */
  const { createClient, resolveClientConfig } = require(path.join(root, "dist", "provider", "client"));
  const client = createClient(
    resolveClientConfig({ "vra:url": url, "vra:refreshToken": "admin-refresh-token" }, {}),
  );
  try {
    return await client.listAllEndpoints({ orderBy: "name asc" });
  } finally {
    await client.close();
  }
}

/** How many API requests the emulator has served. @param {string} url */
const requestCount = async (url) =>
  /** @type {{ total: number }} */ (await (await fetch(`${url}/__emulator/requests`)).json()).total;

/** Writes .demo/env.sh, pointing the Pulumi CLI at the demo's engine and state. @param {DemoContext} ctx */
function writeEnvFile(ctx) {
  const file = path.join(demoDir, "env.sh");
  const vars = ["PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE", "PULUMI_HOME", "PULUMI_SKIP_UPDATE_CHECK"];
  const text = [
    `export PATH=${JSON.stringify(ctx.env.PATH.split(path.delimiter)[0])}:"$PATH"`, // the engine's bin
    ...vars.map((name) => `export ${name}=${JSON.stringify(ctx.env[name])}`),
  ].join("\n");
  fs.writeFileSync(file, `# source .demo/env.sh: the Pulumi CLI and state the demo uses\n${text}\n`);
  return file;
}

/**
 * Prints the changes, the endpoints on the server and what the lookups found.
 * @param {DemoContext} ctx @param {{ up: import("./program-runner.js").CliResult, refresh: import("./program-runner.js").CliResult, firstRun: boolean }} results
 * @param {import("../emulator/index.js").RunningEmulator} emulator @param {number} requestsBefore
 */
async function summarise(ctx, { up, refresh, firstRun }, emulator, requestsBefore) {
  step("Summary");
  const outputs = up.outputs ?? {};
  line(`  pulumi up       ${describeChanges(up.summary, "nothing to change", firstRun)}`);
  const drift = describeChanges(refresh.summary, "no drift: the API matches the state");
  line(`  pulumi refresh  ${drift.startsWith("no drift") ? drift : `drift found: ${drift}`}`);

  const endpoints = await endpointsOnServer(emulator.url);
  line(`\n  Endpoints on the server (project ${plain(outputs.endpointProject) ?? "?"}):`);
  const width = Math.max(...endpoints.map((e) => e.name.length), 4);
  for (const e of endpoints) {
    const props = e.properties ?? {};
    const where = props.url ?? props.repoURL ?? "";
    line(`    ${e.name.padEnd(width)}  ${e.type.padEnd(8)} ${e.id}  ${where}`);
  }

  line("\n  What the lookups returned:");
  const fingerprint = plain(outputs.jenkinsCertificateFingerprint);
  if (fingerprint)
    line(`    getEndpointCertificate  SHA-256 ${fingerprint} (pinned on the Jenkins endpoints)`);
  const found = plain(outputs.lookedUpByName);
  if (found && typeof found === "object") {
    // The quickstart's getEndpoint result (examples/quickstart/index.ts).
    const endpoint = /** @type {{ name: string, project: string, type: string, id: string }} */ (found);
    line(
      `    getEndpoint by name     '${endpoint.name}' in '${endpoint.project}': ${endpoint.type}, id ${endpoint.id}`,
    );
  }
  const served = (await requestCount(emulator.url)) - requestsBefore;
  line(`\n  The emulator served ${served} API requests during this run.`);

  const envFile = writeEnvFile(ctx);
  const col = (/** @type {string} */ text) => text.padEnd(36);
  line(`
Look around:
  ${col(`source ${rel(envFile)}`)}the Pulumi CLI and the state the demo used, then
  pulumi stack output --cwd ${rel(ctx.workDir)} --stack ${STACK} --show-secrets
  ${col("npm run demo -- --keep-running")}keep the emulator up at ${emulator.url}
  ${col("")}(its request log: ${emulator.url}/__emulator/requests)
Run it again: nothing changes. Clean up: npm run demo -- --destroy`);
}

async function main() {
  const hadState = fs.existsSync(path.join(demoDir, "state"));
  if (flags.destroy && !hadState) {
    fs.rmSync(demoDir, { recursive: true, force: true });
    line("Nothing to destroy: the demo has not run (or was already cleaned up).");
    return;
  }
  const runner = await import("./program-runner.js");
  const portsFile = path.join(demoDir, "ports.json");
  /** @type {SavedPorts} */
  const saved = readJson(portsFile, {});

  (await import("./engine-env.js")).engineRoot({ quiet: true });

  line(bold("pulumi-aria demo: examples/quickstart against a local Aria Automation emulator"));
  step("Starting the local servers");
  /** @type {typeof import("../emulator/index.js")} */
  const { startEmulator } = require(path.join(root, "dist", "emulator"));
  const dataFile = path.join(demoDir, "emulator.json");
  const emulator = await startEmulator({ port: saved.emulatorPort ?? 0, dataFile }).catch(() =>
    startEmulator({ port: 0, dataFile }),
  );
  const ci = await startCiStandIn(saved);
  fs.writeFileSync(portsFile, JSON.stringify({ emulatorPort: emulator.port, ciPort: ci.port }));
  line(
    `  Aria Automation emulator  ${emulator.url}   user admin / admin-password, data in .demo/emulator.json`,
  );
  line(`  CI stand-in (HTTPS)       ${ci.url}   plays Jenkins and the Git server, self-signed certificate`);

  // The stack's state in .demo/state, its PULUMI_HOME .demo/home, the event logs in .demo/.
  const ctx = new runner.ProgramStack({
    program,
    workDir: prepareQuickstart(runner),
    projectName: "aria-quickstart",
    stackName: STACK,
    tmp: demoDir,
    passphrase: "demo",
    onOutput: relay(),
  });
  // What `pulumi config set` (with --secret for the secrets) would hold for this stack.
  ctx.setConfig("vra:url", emulator.url);
  ctx.setConfig("vra:refreshToken", "admin-refresh-token", true);
  ctx.setConfig("jenkinsUrl", ci.url);
  ctx.setConfig("jenkinsPassword", "demo-jenkins-password", true);
  ctx.setConfig("gitRepoUrl", `${ci.url}/scm/app.git`);
  ctx.setConfig("gitToken", "demo-git-token", true);

  const stopServers = async () => {
    await emulator.close().catch(() => {});
    ci.server.closeAllConnections?.();
    await /** @type {Promise<void>} */ (new Promise((resolve) => ci.server.close(() => resolve())));
  };
  try {
    if (flags.destroy) {
      step(`pulumi destroy: deleting everything stack '${STACK}' created`);
      const result = await runOp("destroy", ctx);
      await stopServers();
      fs.rmSync(demoDir, { recursive: true, force: true });
      // The engine counts the stack itself among the deleted resources.
      line(`\nDeleted ${Math.max((result.summary.delete ?? 1) - 1, 0)} resources and removed .demo/.`);
      return;
    }

    const requestsBefore = await requestCount(emulator.url);
    step(`pulumi up: examples/quickstart, stack '${STACK}', state in .demo/state`);
    const up = await runOp("up", ctx);
    step("pulumi refresh: does the API still match the state?");
    const refresh = await runOp("refresh", ctx);
    await summarise(ctx, { up, refresh, firstRun: !hadState }, emulator, requestsBefore);

    if (flags["keep-running"]) {
      line(`\nEmulator running at ${emulator.url}, CI stand-in at ${ci.url}; Ctrl-C to stop.`);
      await new Promise((resolve) => process.once("SIGINT", resolve));
    }
  } finally {
    await stopServers();
  }
}

main().catch((err) => {
  process.stderr.write(`\ndemo failed: ${describeFailure(err)}\n`);
  process.stderr.write("Run `npm run demo -- --destroy` to start over from scratch.\n");
  process.exit(1);
});
