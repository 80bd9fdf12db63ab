#!/usr/bin/env node
// `npm run demo`: runs the quickstart program (examples/quickstart) with the real Pulumi engine
// against the embedded Aria emulator, then refreshes to show there is no drift, and prints what
// happened. State lives under .demo/ (gitignored), so running it again is safe: the second run
// finds everything in place and changes nothing.
//
//   npm run demo                     create or update, refresh, summarise
//   npm run demo -- --keep-running   same, then keep the emulator up to look around (Ctrl-C stops)
//   npm run demo -- --destroy        delete everything the demo created and remove .demo/

import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as https from "node:https";
import { createRequire } from "node:module";
import * as path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const demoDir = path.join(root, ".demo");
const program = path.join(root, "examples", "quickstart");
const { values: flags } = parseArgs({
  options: { destroy: { type: "boolean" }, "keep-running": { type: "boolean" } },
});

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const step = (s) => process.stdout.write(`\n${bold(`▶ ${s}`)}\n`);

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

/** A stand-in for a team's Jenkins: an HTTPS server with a self-signed certificate kept in .demo/. */
async function startJenkinsStandIn(saved) {
  const tlsFile = path.join(demoDir, "jenkins-tls.json");
  let tls = readJson(tlsFile, undefined);
  if (!tls) {
    const selfsigned = require("selfsigned");
    const pems = await selfsigned.generate([{ name: "commonName", value: "jenkins.demo.local" }], {
      days: 365,
      keySize: 2048,
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    tls = { key: pems.private, cert: pems.cert };
    fs.writeFileSync(tlsFile, JSON.stringify(tls), { mode: 0o600 });
  }
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
    res.setHeader("X-Jenkins", "2.452");
    res.end("Jenkins stand-in for the pulumi-aria demo\n");
  });
  const port = await listen(server, saved.jenkinsPort);
  return { server, url: `https://127.0.0.1:${port}`, port };
}

function runOp(op, ctx, options = {}) {
  const id = `${op}-${Date.now()}`;
  const jobFile = path.join(demoDir, `job-${id}.json`);
  const resultFile = path.join(demoDir, `result-${id}.json`);
  fs.writeFileSync(
    jobFile,
    JSON.stringify({
      op,
      options,
      stream: op !== "export",
      programDir: program,
      projectName: "aria-quickstart",
      stackName: "demo",
      workDir: ctx.workDir,
      backendUrl: ctx.env.PULUMI_BACKEND_URL,
      engineRoot: ctx.engineRoot,
      config: ctx.config,
      envVars: ctx.env,
      resultFile,
    }),
    { mode: 0o600 },
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts", "run-op.js"), jobFile], {
      cwd: ctx.workDir,
      env: { ...process.env, ...ctx.env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) => {
      fs.rmSync(jobFile, { force: true });
      if (!fs.existsSync(resultFile))
        return reject(new Error(`pulumi ${op} ended without a result (exit ${code})`));
      const result = JSON.parse(fs.readFileSync(resultFile, "utf8"));
      fs.rmSync(resultFile, { force: true });
      if (!result.ok)
        return reject(new Error(`pulumi ${op} failed: ${result.error.split("\n").slice(-6).join("\n")}`));
      resolve(result);
    });
  });
}

function show(value) {
  if (value && typeof value === "object" && "secret" in value && "value" in value) {
    return value.secret ? "[secret]" : show(value.value);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

async function main() {
  fs.mkdirSync(path.join(demoDir, "state"), { recursive: true });
  fs.mkdirSync(path.join(demoDir, "home"), { recursive: true });
  const workDir = path.join(demoDir, "work");
  fs.mkdirSync(workDir, { recursive: true });
  const portsFile = path.join(demoDir, "ports.json");
  const saved = readJson(portsFile, {});

  const engineRoot = execFileSync(
    process.execPath,
    [path.join(root, "scripts", "ensure-engine.mjs"), "--print-root", "--quiet"],
    {
      encoding: "utf8",
    },
  ).trim();
  const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [root] }));

  step("Starting the Aria Automation emulator (state kept in .demo/emulator.json)");
  const { startEmulator } = require(path.join(root, "dist", "emulator"));
  const emulator = await startEmulator({
    port: saved.emulatorPort ?? 0,
    dataFile: path.join(demoDir, "emulator.json"),
  }).catch(() => startEmulator({ port: 0, dataFile: path.join(demoDir, "emulator.json") }));
  const jenkins = await startJenkinsStandIn(saved);
  fs.writeFileSync(portsFile, JSON.stringify({ emulatorPort: emulator.port, jenkinsPort: jenkins.port }));
  console.log(`  emulator:            ${emulator.url}  (user admin / admin-password)`);
  console.log(`  Jenkins (stand-in):  ${jenkins.url}  (self-signed certificate)`);

  const ctx = {
    workDir,
    engineRoot,
    env: {
      PULUMI_BACKEND_URL: `file://${path.join(demoDir, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "demo",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_HOME: path.join(demoDir, "home"),
      PATH: [path.join(engineRoot, "bin"), sdkDir, process.env.PATH].join(path.delimiter),
    },
    config: {
      "vra:url": { value: emulator.url, secret: false },
      "vra:refreshToken": { value: "admin-refresh-token", secret: true },
      "aria-quickstart:jenkinsUrl": { value: jenkins.url, secret: false },
      "aria-quickstart:jenkinsPassword": { value: "demo-jenkins-password", secret: true },
      "aria-quickstart:gitToken": { value: "demo-git-token", secret: true },
    },
  };

  try {
    if (flags.destroy) {
      step("pulumi destroy: deleting everything the demo created");
      const result = await runOp("destroy", ctx);
      await emulator.close();
      jenkins.server.close();
      fs.rmSync(demoDir, { recursive: true, force: true });
      console.log(`\nDeleted ${result.summary.delete ?? 0} resources and removed .demo/.`);
      return;
    }

    step("pulumi up: examples/quickstart against the emulator");
    const up = await runOp("up", ctx);
    step("pulumi refresh: comparing the state with the API");
    const refresh = await runOp("refresh", ctx);
    const drift = Object.entries(refresh.summary).filter(([k, n]) => k !== "same" && n > 0);

    step("Summary");
    const counts = Object.entries(up.summary)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ");
    console.log(`  pulumi up:       ${counts || "nothing to do"}`);
    console.log(
      `  pulumi refresh:  ${drift.length === 0 ? "no drift: the API matches the state" : `drift found: ${JSON.stringify(Object.fromEntries(drift))}`}`,
    );
    console.log("  stack outputs:");
    for (const [key, value] of Object.entries(up.outputs ?? {}))
      console.log(`    ${key.padEnd(28)} ${show(value)}`);
    console.log(`
Look around:
  ${engineRoot}/bin/pulumi stack output --show-secrets --cwd .demo/work --stack demo
      (with PULUMI_BACKEND_URL=${ctx.env.PULUMI_BACKEND_URL} PULUMI_CONFIG_PASSPHRASE=demo)
  npm run demo -- --keep-running     keeps the emulator at a URL you can query (request log: /__emulator/requests)
Run it again: nothing changes. Clean up: npm run demo -- --destroy`);

    if (flags["keep-running"]) {
      console.log(`\nEmulator running at ${emulator.url}; Ctrl-C to stop.`);
      await new Promise((resolve) => process.once("SIGINT", resolve));
    }
  } finally {
    await emulator.close().catch(() => {});
    jenkins.server.close();
    jenkins.server.closeAllConnections?.();
  }
}

main().catch((err) => {
  process.stderr.write(`\ndemo failed: ${err.message}\n`);
  process.exit(1);
});
