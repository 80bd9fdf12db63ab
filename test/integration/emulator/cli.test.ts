import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { emulatorOps } from "../../../emulator";
import { Client } from "./helpers/client";

const ROOT = resolve(__dirname, "../../..");
/** The compiled CLI lives outside the repository: its runtime dependencies (yaml) come from ours. */
const RUN_ENV = { ...process.env, NODE_PATH: join(ROOT, "node_modules") };

/** The CLI compiled from emulator/ only (so the test does not depend on the rest of the package building). */
describe("the aria-emulator command", () => {
  let out: string;
  let cli: string;
  const children = new Set<ChildProcess>();

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), "aria-emulator-cli-"));
    const tsc = require.resolve("typescript/bin/tsc");
    const args = [
      tsc,
      "emulator/cli.ts",
      "--outDir",
      out,
      "--rootDir",
      ".",
      "--target",
      "ES2022",
      "--module",
      "commonjs",
    ];
    const build = spawnSync(
      process.execPath,
      [...args, "--esModuleInterop", "--skipLibCheck", "--strict", "--types", "node"],
      { cwd: ROOT, encoding: "utf8" },
    );
    if (build.status !== 0) throw new Error(`tsc failed: ${build.stdout}${build.stderr}`);
    cli = join(out, "emulator", "cli.js");
  }, 120_000);

  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
    rmSync(out, { recursive: true, force: true });
  });

  function start(args: string[]): Promise<{ child: ChildProcess; url: string; firstLine: string }> {
    const child = spawn(process.execPath, [cli, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: RUN_ENV,
    });
    children.add(child);
    child.on("exit", () => children.delete(child));
    return new Promise((resolveStart, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once("line", (firstLine) =>
        resolveStart({ child, firstLine, url: firstLine.replace("listening on ", "") }),
      );
      child.once("exit", (code) => reject(new Error(`exited with ${code}`)));
    });
  }

  const exitOf = (child: ChildProcess) =>
    new Promise<number | null>((r) => child.once("exit", (code) => r(code)));

  it("starts with a shebang", () => {
    expect(readFileSync(cli, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
  });

  it("prints exactly 'listening on <url>', serves, and exits 0 on SIGTERM", async () => {
    const { child, firstLine, url } = await start([
      "--port",
      "0",
      "--seed-resources",
      "3",
      "--request-delay-ms",
      "5",
    ]);
    expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const client = new Client(url);
    try {
      expect(await emulatorOps(url).health()).toMatchObject({ status: "UP", resources: 3 });
      const token = await client.login("developer");
      expect((await client.get("/deployment/api/resources", { token })).body.totalElements).toBe(3);
    } finally {
      await client.close();
    }
    const exited = exitOf(child);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("keeps data in --data across runs and exits 0 on SIGINT", async () => {
    const data = join(out, "data.json");
    const first = await start(["--port", "0", "--data", data, "--seed-resources", "0"]);
    const client = new Client(first.url);
    const token = await client.login("admin");
    await client.post(
      "/pipeline/api/endpoints",
      { name: "cli", type: "agent", properties: { leMansAgent: "p" } },
      { token },
    );
    await client.close();
    const exited = exitOf(first.child);
    first.child.kill("SIGINT");
    expect(await exited).toBe(0);
    const second = await start(["--port", "0", "--data", data]);
    const again = new Client(second.url);
    expect((await emulatorOps(second.url).health()).endpoints).toBe(1);
    await again.close();
    second.child.kill("SIGTERM");
    await exitOf(second.child);
  });

  it("seeds projects from --projects <file> and --project <name>", async () => {
    const file = join(out, "projects.json");
    writeFileSync(file, JSON.stringify(["From File", { name: "Described", description: "team d" }]));
    const { child, url } = await start([
      "--port",
      "0",
      "--seed-resources",
      "0",
      "--projects",
      file,
      "--project",
      "Flag One",
      "--project",
      "Flag Two",
    ]);
    const client = new Client(url);
    try {
      const token = await client.login("developer");
      const page = (await client.get("/iaas/api/projects?$top=50", { token })).body;
      expect(page.content.map((p: { name: string }) => p.name)).toEqual([
        "Default Project",
        "Platform",
        "Payments",
        "From File",
        "Described",
        "Flag One",
        "Flag Two",
      ]);
      const created = await client.post(
        "/pipeline/api/endpoints",
        { name: "cli", type: "agent", project: "Flag Two", properties: { leMansAgent: "p" } },
        { token },
      );
      expect(created.body.project).toBe("Flag Two");
    } finally {
      await client.close();
    }
    const exited = exitOf(child);
    child.kill("SIGTERM");
    await exited;
    const bad = spawnSync(process.execPath, [cli, "--projects", join(out, "missing.json")], {
      env: RUN_ENV,
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--projects: cannot read/);
  });

  it("prints usage for --help and rejects unknown flags with exit code 2", () => {
    const help = spawnSync(process.execPath, [cli, "--help"], { encoding: "utf8", env: RUN_ENV });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: aria-emulator \[options\]/);
    const bad = spawnSync(process.execPath, [cli, "--colour"], { encoding: "utf8", env: RUN_ENV });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--colour'/);
  });
});
