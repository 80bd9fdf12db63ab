import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { RunningEmulator, startEmulator } from "../../emulator";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { packPackage, userInstall } from "../../scripts/program-runner";
import { changes, E2EStack, expectOk, openStack, USERS } from "./harness";

/*
 * `aria-export`, installed from the packed package as a user installs it, turns the endpoints of
 * every type in two projects into a Pulumi program; the real CLI then adopts them all without a
 * single write, previews and refreshes with no changes, and writes exactly one endpoint once one
 * secret is set.
 */

jest.setTimeout(15 * 60_000);

const PROJECTS = ["Platform", "Payments"];
let emulator: RunningEmulator;
let client: AriaClient;
let bin: string;
let tmp: string;
let stack: E2EStack | undefined;
let seeded: { project: string; name: string; type: string }[] = [];

/** A value for a tile property: the first value of an enumeration, a number, the emulator's address, or some text. */
function valueFor(name: string, spec: { type: string; description?: string }, secret: string): unknown {
  // The tiles name an enumeration's values in the description ("One of: A, B.").
  const oneOf = /One of: ([^,.]+)/.exec(spec.description ?? "");
  if (oneOf) return oneOf[1].trim();
  if (/port$/i.test(name)) return Number(new URL(emulator.url).port);
  if (/^(Integer|Number|Long)$/i.test(spec.type)) return 30;
  if (/^(Boolean)$/i.test(spec.type)) return false;
  if ((spec as { secret?: boolean }).secret) return secret;
  // Preview validates endpoints by connecting to them: point them at the emulator itself.
  if (/url$/i.test(name)) return `${emulator.url}/${name.toLowerCase()}`;
  if (/host$/i.test(name)) return new URL(emulator.url).hostname;
  return `${name}-value`;
}

/** The requests that change endpoints (validation and token requests change nothing). */
const writesOf = (entries: { method: string; path: string }[]) =>
  entries.filter((e) => e.method !== "GET" && /\/pipeline\/api\/endpoints(\/|$)/.test(e.path));

function runExport(args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(bin, args, {
      env: { ...process.env, VRA_URL: emulator.url, VRA_REFRESH_TOKEN: USERS.admin, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seedResources: 0 });
  client = createClient(
    resolveClientConfig({ "vra:url": emulator.url, "vra:refreshToken": USERS.admin }, {}),
  );
  const tiles = await client.getEndpointTiles();
  for (const [p, project] of PROJECTS.entries()) {
    for (const tile of tiles.tiles) {
      const name = p === 0 ? `${tile.tileId} endpoint` : `Ünïcødé ${tile.tileId} – prod`;
      const properties = Object.fromEntries(
        Object.entries(tile.inputProperties).map(([key, spec]) => [
          key,
          valueFor(key, spec as { type: string }, `seed-secret-${project}-${tile.tileId}-${key}`),
        ]),
      );
      await client.createEndpoint({
        name,
        type: tile.tileId,
        project,
        description: `seeded ${name}`,
        properties,
      });
      seeded.push({ project, name, type: tile.tileId });
    }
  }
  // The same name in both projects, to exercise unique resource names.
  await client.createEndpoint({
    name: "shared",
    type: "jenkins",
    project: "Platform",
    properties: { url: `${emulator.url}/a` },
  });
  await client.createEndpoint({
    name: "shared",
    type: "jenkins",
    project: "Payments",
    properties: { url: `${emulator.url}/b` },
  });
  seeded = [...seeded, { project: "Platform", name: "shared", type: "jenkins" }];
  seeded = [...seeded, { project: "Payments", name: "shared", type: "jenkins" }];
  bin = path.join(userInstall(packPackage()), "node_modules", ".bin", "aria-export");
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aria-export-"));
});

afterAll(async () => {
  await stack?.dispose();
  await client?.close();
  await emulator?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("aria-export", () => {
  let out: string;

  it("writes a standalone project with one adopted resource per endpoint, and no secret in it", async () => {
    out = path.join(tmp, "adopted");
    const r = await runExport(["--out", out, "--project", "Platform", "--project", "Payments"]);
    expect(r.stderr).toMatch(/listed \d+ of \d+ endpoints/);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual([
      "Pulumi.yaml",
      "README.md",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    const index = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    expect(index.match(/^ {2}adopt: true,$/gm)).toHaveLength(seeded.length);
    for (const file of fs.readdirSync(out)) {
      expect(fs.readFileSync(path.join(out, file), "utf8")).not.toContain("seed-secret-");
    }
    expect(r.stdout + r.stderr).not.toContain("seed-secret-");
  });

  it("adopts every endpoint with `pulumi up` and sends no write to the server", async () => {
    stack = await openStack({ program: out, emulator });
    await stack.resetRequests();
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: seeded.length + 1 });
    const log = await stack.requests();
    expect(writesOf(log.entries)).toEqual([]);
  });

  it("previews and refreshes with no changes afterwards", async () => {
    expect(changes(expectOk(await stack!.preview()))).toEqual({});
    expect(changes(expectOk(await stack!.refresh({ skipPreview: true })))).toEqual({});
  });

  it("writes exactly the endpoint whose secret is then set", async () => {
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    const key = /pulumi config set --secret (?!vra:)(\S+) /.exec(readme)![1];
    stack!.setConfig(key, { value: "a-new-secret", secret: true });
    await stack!.resetRequests();
    const up = expectOk(await stack!.up());
    expect(changes(up)).toEqual({ update: 1 });
    const log = await stack!.requests();
    expect(writesOf(log.entries).map((w) => w.method)).toEqual(["PUT"]);
    expect(up.stdout).not.toContain("a-new-secret");
  });

  it("refuses a directory that is not empty, an unknown project, an empty result and bad credentials, leaving nothing", async () => {
    const full = path.join(tmp, "full");
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, "keep.txt"), "mine");
    const notEmpty = await runExport(["--out", full]);
    expect(notEmpty.code).toBe(2);
    expect(notEmpty.stderr).toMatch(/--out .* is not empty/);
    expect(fs.readdirSync(full)).toEqual(["keep.txt"]);

    const unknown = await runExport(["--out", path.join(tmp, "u"), "--project", "Nope"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No endpoint in project 'Nope'/);

    const empty = await runExport(["--out", path.join(tmp, "e"), "--type", "no-such-type"]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/No endpoint matches/);

    const denied = await runExport(["--out", path.join(tmp, "d")], { VRA_REFRESH_TOKEN: "not-a-token" });
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).not.toContain("not-a-token");

    const unreachable = await runExport(["--out", path.join(tmp, "n")], { VRA_URL: "http://127.0.0.1:9" });
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.stderr).toMatch(/aria-export: /);
    for (const dir of ["u", "e", "d", "n"]) expect(fs.existsSync(path.join(tmp, dir))).toBe(false);
    expect(fs.readdirSync(tmp).filter((f) => f.includes("aria-export"))).toEqual([]);
  });
});
