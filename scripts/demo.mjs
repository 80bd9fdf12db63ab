#!/usr/bin/env node
// `npm run demo`: installs the quickstart program (examples/quickstart) as a user would (npm install
// of the packed package in .demo/program) and runs it with the `pulumi` CLI
// against the embedded Aria Automation emulator, refreshes to show there is no drift, and prints
// what happened. Everything lives under .demo/ (gitignored): the emulator's data, the stack state
// and a self-signed certificate for the stand-in CI server, so running it again is safe: the second
// run finds everything in place and changes nothing.
//
//   npm run demo                     create or update, refresh, summarise
//   npm run demo -- --keep-running   same, then keep the servers up to look around (Ctrl-C stops)
//   npm run demo -- --destroy        delete everything the demo created and remove .demo/

import * as fs from "node:fs";
import * as https from "node:https";
import { createRequire } from "node:module";
import * as path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const demoDir = path.join(root, ".demo");
const program = path.join(root, "examples", "quickstart");
const STACK = "demo";
const PASSPHRASE = "demo";
const { values: flags } = parseArgs({
  options: { destroy: { type: "boolean" }, "keep-running": { type: "boolean" } },
});

const tty = process.stdout.isTTY;
const bold = (s) => (tty ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (s) => (tty ? `\x1b[2m${s}\x1b[0m` : s);
const step = (s) => process.stdout.write(`\n${bold(`▶ ${s}`)}\n`);
const line = (s = "") => process.stdout.write(`${s}\n`);
const rel = (p) => path.relative(root, p) || ".";

function readJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return fallback;
  }
}

/** Listens on the port used last time when it is free, so URLs in the stack stay the same. */
function listen(server, preferred) {
  return new Promise((resolve, reject) => {
    const tryPort = (port) => {
      server.once("error", (err) => (err.code === "EADDRINUSE" && port !== 0 ? tryPort(0) : reject(err)));
      server.listen(port, "127.0.0.1", () => resolve(server.address().port));
    };
    tryPort(preferred ?? 0);
  });
}

/**
 * A stand-in for a team's CI servers: one HTTPS server that plays Jenkins and the Git server, with a
 * self-signed certificate kept in .demo/ (the quickstart pins its fingerprint). Aria Automation's
 * endpoint validation connects to it, as it would to the real servers.
 */
async function startCiStandIn(saved) {
  const tlsFile = path.join(demoDir, "ci-tls.json");
  let tls = readJson(tlsFile, undefined);
  if (!tls) {
    const selfsigned = require("selfsigned");
    const pems = await selfsigned.generate([{ name: "commonName", value: "ci.demo.local" }], {
      days: 365,
      keySize: 2048,
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    tls = { key: pems.private, cert: pems.cert };
    fs.writeFileSync(tlsFile, JSON.stringify(tls), { mode: 0o600 });
  }
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
    res.setHeader("X-Jenkins", "2.452");
    res.end("CI stand-in for the pulumi-aria demo\n");
  });
  const port = await listen(server, saved.ciPort);
  return { server, url: `https://127.0.0.1:${port}`, port };
}

/** A sink for the CLI's output that copies it to ours, indented, without the engine's progress dots. */
function relay() {
  let pending = "";
  const emit = (text) => {
    // The engine's progress dots, and its advice to `pulumi stack rm` (the demo removes .demo/ itself).
    if (/^@ \w+\.*\s*$/.test(text) || text.trim() === "") return;
    if (
      /^(The resources in the stack have been deleted|If you want to remove the stack completely)/.test(text)
    )
      return;
    process.stdout.write(`  ${dim("│")} ${text}\n`);
  };
  return (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop();
    lines.forEach(emit);
  };
}

/**
 * The quickstart as a user's project in .demo/program: copied from examples/quickstart and installed
 * with `npm install` of the packed package, again only when the package changed.
 */
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

/** Runs one operation on the demo stack with the `pulumi` CLI in the program directory. */
async function runOp(op, ctx, options = {}) {
  const result = await ctx.cli.run(op, options, ctx.config);
  if (!result.ok) throw new Error(`pulumi ${op} failed: ${result.error.split("\n").slice(-6).join("\n")}`);
  return result;
}

/** A plain value of a stack output (`{value, secret}`), or `[secret]`. */
function plain(output) {
  if (output === undefined) return undefined;
  return output.secret ? "[secret]" : output.value;
}

const VERBS = { create: "created", update: "updated", delete: "deleted", replace: "replaced" };

/**
 * "created 3, updated 1", or `none` when nothing changed. The engine counts the stack itself as a
 * resource: left out here (it is "same" once it exists, "create" on the first run).
 */
function describeChanges(summary, none, firstRun = false) {
  const changed = Object.entries(summary)
    .map(([kind, n]) => [kind, kind === "create" && firstRun ? n - 1 : n])
    .filter(([kind, n]) => kind !== "same" && n > 0);
  if (changed.length === 0) return `${none} (${Math.max((summary.same ?? 1) - 1, 0)} resources checked)`;
  return changed.map(([kind, n]) => `${VERBS[kind] ?? kind} ${n}`).join(", ");
}

/** The endpoints on the server now, read with the package's own client. */
async function endpointsOnServer(url) {
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

async function requestCount(url) {
  const res = await fetch(`${url}/__emulator/requests`);
  return (await res.json()).total;
}

/** A shell snippet that points the Pulumi CLI at the demo's engine and state. */
function writeEnvFile(ctx) {
  const file = path.join(demoDir, "env.sh");
  const vars = ["PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE", "PULUMI_HOME", "PULUMI_SKIP_UPDATE_CHECK"];
  const text = [
    `export PATH=${JSON.stringify(path.join(ctx.engineRoot, "bin"))}:"$PATH"`,
    ...vars.map((name) => `export ${name}=${JSON.stringify(ctx.env[name])}`),
  ].join("\n");
  fs.writeFileSync(file, `# source .demo/env.sh: the Pulumi CLI and state the demo uses\n${text}\n`);
  return file;
}

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
    line(`    getEndpoint by name     '${found.name}' in '${found.project}': ${found.type}, id ${found.id}`);
  }
  const served = (await requestCount(emulator.url)) - requestsBefore;
  line(`\n  The emulator served ${served} API requests during this run.`);

  const envFile = writeEnvFile(ctx);
  const col = (text) => text.padEnd(36);
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
  fs.mkdirSync(path.join(demoDir, "state"), { recursive: true });
  fs.mkdirSync(path.join(demoDir, "home"), { recursive: true });
  fs.rmSync(path.join(demoDir, "work"), { recursive: true, force: true }); // the Automation API era's
  const runner = require("./program-runner.js");
  const portsFile = path.join(demoDir, "ports.json");
  const saved = readJson(portsFile, {});

  const { engineEnv, engineRoot: findEngine } = require("./engine-env.js");
  const engineRoot = findEngine({ quiet: true });

  line(bold("pulumi-aria demo: examples/quickstart against a local Aria Automation emulator"));
  step("Starting the local servers");
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

  const workDir = prepareQuickstart(runner);
  const env = engineEnv({
    root: engineRoot,
    stateDir: path.join(demoDir, "state"),
    homeDir: path.join(demoDir, "home"),
    passphrase: PASSPHRASE,
  });
  const ctx = {
    workDir,
    engineRoot,
    env,
    cli: new runner.PulumiCli({ cwd: workDir, stackName: STACK, env, logDir: demoDir, onOutput: relay() }),
    // What `pulumi config set` (with --secret for the secrets) would hold for this stack.
    config: {
      "vra:url": { value: emulator.url, secret: false },
      "vra:refreshToken": { value: "admin-refresh-token", secret: true },
      "aria-quickstart:jenkinsUrl": { value: ci.url, secret: false },
      "aria-quickstart:jenkinsPassword": { value: "demo-jenkins-password", secret: true },
      "aria-quickstart:gitRepoUrl": { value: `${ci.url}/scm/app.git`, secret: false },
      "aria-quickstart:gitToken": { value: "demo-git-token", secret: true },
    },
  };

  const stopServers = async () => {
    await emulator.close().catch(() => {});
    ci.server.closeAllConnections?.();
    await new Promise((resolve) => ci.server.close(() => resolve()));
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
  process.stderr.write(`\ndemo failed: ${err.message}\n`);
  process.stderr.write("Run `npm run demo -- --destroy` to start over from scratch.\n");
  process.exit(1);
});
