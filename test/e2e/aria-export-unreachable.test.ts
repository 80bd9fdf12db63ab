import * as fs from "node:fs";
import * as path from "node:path";
import { engineEnv } from "../../scripts/engine-env";
import { useExportFixture, tileValue, validationsOf, writesOf, openExportedStack } from "./export-helpers";
import { changes, E2EStack, engineRoot, expectOk, openStack } from "../support/program-stack";

/*
 * Adopting a server as it usually is: endpoints of every type in two projects, two of them sharing
 * a name, whose own servers are all unreachable (stale endpoints). `aria-export` turns them into a
 * program; then, with the real CLI:
 * - without `--stack` (no secret set), `pulumi preview` and `pulumi up` adopt them with the server's
 *   validation on: an adopted endpoint the server already holds as declared is not validated, so
 *   nothing depends on reaching its server, and nothing is written;
 * - with `--stack` (the secrets set from the server's export), the preview fails on the server's
 *   validation and says to set `vra:validateEndpoints false`; with that set, preview and up go
 *   through, the same endpoints are adopted and only their secrets are written.
 */

jest.setTimeout(15 * 60_000);

const PROJECTS = ["Platform", "Default Project"];
/** Nothing listens there: every connection the server's validation makes is refused. */
const UNREACHABLE = "https://127.0.0.1:1";
const VALIDATION_FAILED = /the server's validation of the endpoint failed: Failed to connect/;

const fixture = useExportFixture("aria-export-unreachable");
const { emulator, runExport } = fixture;
let seeded: { project: string; name: string; type: string; secret: boolean }[] = [];
let ids: string[] = [];
const stacks: E2EStack[] = [];

const endpointIds = async () => (await fixture.client.listAllEndpoints({})).map((e) => e.id).sort();

beforeAll(async () => {
  const tiles = await fixture.client.getEndpointTiles();
  for (const project of PROJECTS) {
    for (const tile of tiles.tiles) {
      const inputs = Object.entries(tile.inputProperties) as [string, { type: string; secret?: boolean }][];
      const properties = Object.fromEntries(
        inputs.map(([key, spec]) => [
          key,
          tileValue(key, spec, {
            url: UNREACHABLE,
            host: "127.0.0.1",
            port: 1,
            secret: `stale-secret-${key}`,
          }),
        ]),
      );
      const name = `${tile.tileId} (${project})`;
      await fixture.client.createEndpoint({ name, type: tile.tileId, project, properties });
      seeded.push({ project, name, type: tile.tileId, secret: inputs.some(([, spec]) => spec.secret) });
    }
    // The same name in both projects, without a secret.
    await fixture.client.createEndpoint({
      name: "build",
      type: "jenkins",
      project,
      properties: { url: `${UNREACHABLE}/${project.length}` },
    });
    seeded = [...seeded, { project, name: "build", type: "jenkins", secret: false }];
  }
  ids = await endpointIds();
  expect(ids).toHaveLength(seeded.length);
  // Every endpoint the program will validate fails the server's validation: its server is unreachable.
  const verdict = await fixture.client.validateEndpoint({
    name: "build",
    type: "jenkins",
    project: "Platform",
    description: "",
    properties: { url: `${UNREACHABLE}/x` },
  });
  expect(verdict.status).toBe("FAILED");
});

afterAll(async () => {
  for (const stack of stacks) await stack.dispose();
});

describe("adopting endpoints whose servers are unreachable", () => {
  it("previews and adopts them without a secret, with validation on, writing nothing", async () => {
    const out = path.join(fixture.tmp, "plain");
    const r = await runExport(["--out", out, ...PROJECTS.flatMap((p) => ["--project", p])]);
    expect(r.stderr).toMatch(/listed \d+ of \d+ endpoints/);
    expect(r.code).toBe(0);
    const stack = await openStack({ program: out, emulator: emulator.running });
    stacks.push(stack);
    await stack.resetRequests();
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({ create: seeded.length + 1 });
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: seeded.length + 1 });
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    const log = (await stack.requests()).entries;
    // The endpoints without a secret were checked against the server, not validated; nothing written.
    expect(validationsOf(log)).toEqual([]);
    expect(writesOf(log)).toEqual([]);
    expect(await endpointIds()).toEqual(ids);
  });

  it("with --stack, fails the preview on the server's validation, and goes through with vra:validateEndpoints false", async () => {
    const dir = fs.mkdtempSync(path.join(fixture.tmp, "stack-"));
    fs.mkdirSync(path.join(dir, "state"));
    fs.mkdirSync(path.join(dir, "home"));
    const env = engineEnv({
      root: engineRoot(),
      stateDir: path.join(dir, "state"),
      homeDir: path.join(dir, "home"),
      passphrase: "e2e-unreachable-passphrase",
    });
    const STACK = "dev";
    const out = path.join(dir, "stacked");
    const r = await runExport(
      ["--out", out, ...PROJECTS.flatMap((p) => ["--project", p]), "--stack", STACK],
      env,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/created stack dev and set \d+ of its \d+ secrets from the server's export/);

    const stack = openExportedStack(fixture, { out, stackName: STACK, tmp: dir, env });
    stacks.push(stack);

    // The secrets are set, so the server validates the endpoints that hold them: their servers are gone.
    const failing = await stack.preview();
    expect(failing.ok).toBe(false);
    const shown = `${failing.stdout}\n${failing.stderr ?? ""}\n${failing.error ?? ""}`;
    expect(shown).toMatch(VALIDATION_FAILED);
    expect(shown).toContain("vra:validateEndpoints false for every endpoint");
    expect(shown).not.toContain("stale-secret-");

    // What the message says to do.
    stack.setConfig("vra:validateEndpoints", "false");
    await stack.resetRequests();
    expect(changes(expectOk(await stack.preview()))).toEqual({ create: seeded.length + 1 });
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: seeded.length + 1 });
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    const log = (await stack.requests()).entries;
    expect(validationsOf(log)).toEqual([]);
    // The same endpoints, each with a secret written once (a PUT), the others not at all.
    expect(await endpointIds()).toEqual(ids);
    const writes = writesOf(log);
    expect(writes.map((w) => w.method)).toEqual(seeded.filter((s) => s.secret).map(() => "PUT"));
    expect(`${up.stdout}\n${up.stderr ?? ""}`).not.toContain("stale-secret-");
    expect(stack.rawState()).not.toContain("stale-secret-");
  });
});
