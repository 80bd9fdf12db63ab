import * as fs from "node:fs";
import * as path from "node:path";
import { engineEnv } from "../../scripts/engine-env";
import {
  run,
  useExportFixture,
  tileValue,
  TileProperty,
  writesOf,
  openExportedStack,
} from "./export-helpers";
import { changes, E2EStack, engineRoot, expectOk, openStack } from "../support/program-stack";
import { USERS } from "../support/emulator";

/*
 * `aria-export`, installed from the packed package as a user installs it, turns the endpoints of
 * every type in two projects into a Pulumi program; the real CLI then adopts them all without a
 * single write, previews and refreshes with no changes, and writes exactly one endpoint once one
 * secret is set. With `--stack`, it sets the secrets the server's export gives into that stack's
 * config through the real `pulumi`, so that `pulumi up` there adopts the endpoints with their secrets.
 */

jest.setTimeout(15 * 60_000);

const PROJECTS = ["Platform", "Payments"];
const fixture = useExportFixture("aria-export");
const { emulator, runExport } = fixture;
let stack: E2EStack | undefined;
let seeded: { project: string; name: string; type: string }[] = [];

beforeAll(async () => {
  const tiles = await fixture.client.getEndpointTiles();
  for (const [p, project] of PROJECTS.entries()) {
    for (const tile of tiles.tiles) {
      const name = p === 0 ? `${tile.tileId} endpoint` : `Ünïcødé ${tile.tileId} – prod`;
      const properties = Object.fromEntries(
        Object.entries(tile.inputProperties).map(([key, spec]) => [
          key,
          tileValue(key, spec as TileProperty, {
            url: emulator.url,
            host: new URL(emulator.url).hostname,
            port: Number(new URL(emulator.url).port),
            secret: `seed-secret-${project}-${tile.tileId}-${key}`,
          }),
        ]),
      );
      await fixture.client.createEndpoint({
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
  await fixture.client.createEndpoint({
    name: "shared",
    type: "jenkins",
    project: "Platform",
    properties: { url: `${emulator.url}/a` },
  });
  await fixture.client.createEndpoint({
    name: "shared",
    type: "jenkins",
    project: "Payments",
    properties: { url: `${emulator.url}/b` },
  });
  seeded = [...seeded, { project: "Platform", name: "shared", type: "jenkins" }];
  seeded = [...seeded, { project: "Payments", name: "shared", type: "jenkins" }];
});

afterAll(async () => {
  await stack?.dispose();
});

describe("aria-export", () => {
  let out: string;

  it("writes a standalone project with one adopted resource per endpoint, and no secret in it", async () => {
    out = path.join(fixture.tmp, "adopted");
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
    stack = await openStack({ program: out, emulator: emulator.running });
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
    const full = path.join(fixture.tmp, "full");
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, "keep.txt"), "mine");
    const notEmpty = await runExport(["--out", full]);
    expect(notEmpty.code).toBe(2);
    expect(notEmpty.stderr).toMatch(/--out .* is not empty/);
    expect(fs.readdirSync(full)).toEqual(["keep.txt"]);

    const unknown = await runExport(["--out", path.join(fixture.tmp, "u"), "--project", "Nope"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No endpoint in project 'Nope'/);

    const empty = await runExport(["--out", path.join(fixture.tmp, "e"), "--type", "no-such-type"]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/No endpoint matches/);

    const denied = await runExport(["--out", path.join(fixture.tmp, "d")], {
      VRA_REFRESH_TOKEN: "not-a-token",
    });
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).not.toContain("not-a-token");

    const unreachable = await runExport(["--out", path.join(fixture.tmp, "n")], {
      VRA_URL: "http://127.0.0.1:9",
    });
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.stderr).toMatch(/aria-export: /);
    for (const dir of ["u", "e", "d", "n"]) expect(fs.existsSync(path.join(fixture.tmp, dir))).toBe(false);
    expect(fs.readdirSync(fixture.tmp).filter((f) => f.includes("aria-export"))).toEqual([]);
  });
});

describe("aria-export --stack", () => {
  const STACK = "adopted";
  let dir: string;
  let env: Record<string, string>;
  let out: string;
  let adopted: E2EStack | undefined;
  let setKeys: string[] = [];
  /** The secret values the server holds, as its exports give them: none may show anywhere. */
  let secrets: string[] = [];
  const DRIFTED = "drifted-on-the-server";
  const JENKINS = { project: "Platform", name: "jenkins endpoint" };
  let jenkinsPassword: string;

  /** Runs the real `pulumi` with the stack's backend, in `cwd`. */
  function pulumi(args: string[], cwd: string, extraEnv: Record<string, string> = {}) {
    return run("pulumi", args, { cwd, env: { ...process.env, ...env, ...extraEnv } });
  }

  const stacksInBackend = async (): Promise<string[]> => {
    const r = await pulumi(["stack", "ls", "--all", "--json", "--non-interactive"], dir);
    expect(r.code).toBe(0);
    return (JSON.parse(r.stdout) as { name: string }[]).map((s) => s.name.split("/").pop()!);
  };

  const expectNoSecretIn = (text: string) => {
    for (const secret of secrets) expect(text).not.toContain(secret);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(fixture.tmp, "stack-"));
    fs.mkdirSync(path.join(dir, "state"));
    fs.mkdirSync(path.join(dir, "home"));
    // The user's backend and passphrase, from the environment as usual; the CLI is the one on PATH.
    env = engineEnv({
      root: engineRoot(),
      stateDir: path.join(dir, "state"),
      homeDir: path.join(dir, "home"),
      passphrase: "e2e-stack-passphrase",
    });
    const tiles = await fixture.client.getEndpointTiles();
    const secretNames = new Map(
      tiles.tiles.map((t) => [
        t.tileId,
        Object.entries(t.inputProperties)
          .filter(([, p]) => p.secret)
          .map(([k]) => k),
      ]),
    );
    for (const { project, name, type } of seeded) {
      const exported = await fixture.client.exportEndpoint(project, name);
      for (const key of secretNames.get(type) ?? []) {
        const value = exported.properties[key];
        if (typeof value === "string" && value !== "") secrets.push(value);
      }
    }
    secrets = [...new Set(secrets)];
    expect(secrets.length).toBeGreaterThan(5);
    jenkinsPassword = (await fixture.client.exportEndpoint(JENKINS.project, JENKINS.name)).properties
      .password as string;
    expect(secrets).toContain(jenkinsPassword);
  });

  afterAll(async () => {
    await adopted?.dispose();
  });

  it("sets every secret the server exports into the stack's config, and prints or writes none of them", async () => {
    out = path.join(dir, "stacked");
    const r = await runExport(
      ["--out", out, "--project", "Platform", "--project", "Payments", "--stack", STACK],
      env,
    );
    expect(r.stderr).toMatch(/exported \d+ of \d+ endpoints with secrets/);
    expect(r.code).toBe(0);
    const index = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    const configured = [...index.matchAll(/config\.getSecret\("([^"]+)"\)/g)].map((m) => m[1]);
    const summary =
      /created stack adopted and set (\d+) of its (\d+) secrets from the server's export: (.*)/.exec(
        r.stdout,
      );
    expect(summary).not.toBeNull();
    setKeys = summary![3].split(", ");
    // Every secret the program reads is in the emulator's export: all of them are set, none left to do.
    expect(new Set(setKeys)).toEqual(new Set(configured));
    expect(Number(summary![1])).toBe(new Set(configured).size);
    expect(r.stdout).not.toMatch(/not in the server's export/);
    expect(fs.readdirSync(out).sort()).toEqual([
      `Pulumi.${STACK}.yaml`,
      "Pulumi.yaml",
      "README.md",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    expect(index.match(/^ {2}adopt: true,$/gm)).toHaveLength(seeded.length);
    for (const file of fs.readdirSync(out)) expectNoSecretIn(fs.readFileSync(path.join(out, file), "utf8"));
    expectNoSecretIn(r.stdout + r.stderr);
    expect(fs.readFileSync(path.join(out, "README.md"), "utf8")).toContain(
      `aria-export set these in the config of stack \`${STACK}\``,
    );

    // The stack's config holds them as secrets, with the server's values.
    const listed = await pulumi(["config", "--stack", STACK, "--json", "--non-interactive"], out);
    expect(listed.code).toBe(0);
    expectNoSecretIn(listed.stdout + listed.stderr);
    const config = JSON.parse(listed.stdout) as Record<string, { secret: boolean }>;
    for (const key of setKeys) expect(config[`stacked:${key}`]).toMatchObject({ secret: true });
    const shown = await pulumi(["config", "get", "--stack", STACK, "jenkins-endpoint-password"], out);
    expect(shown.stdout.replace(/\n$/, "")).toBe(jenkinsPassword);
  });

  it("adopts every endpoint with `pulumi up` in that stack, writing the secrets to the server", async () => {
    // The server's secret changes after the export: `pulumi up` must put the stack's value back.
    const current = await fixture.client.exportEndpoint(JENKINS.project, JENKINS.name);
    await fixture.client.updateEndpointByName(JENKINS.project, JENKINS.name, {
      name: current.name,
      type: current.type,
      project: JENKINS.project,
      description: current.description ?? "",
      properties: { ...current.properties, password: DRIFTED },
    });
    expect((await fixture.client.exportEndpoint(JENKINS.project, JENKINS.name)).properties.password).toBe(
      DRIFTED,
    );

    // `pulumi up` in the generated project (a copy, installed as a user installs it), on the stack and
    // backend aria-export used.
    adopted = openExportedStack(fixture, { out, stackName: STACK, tmp: dir, env });
    await adopted.resetRequests();
    const up = expectOk(await adopted.up());
    expect(changes(up)).toEqual({ create: seeded.length + 1 });
    expectNoSecretIn(`${up.stdout}\n${up.stderr ?? ""}`);
    // Each endpoint with a secret in the config is written once, with it; the others not at all.
    const endpointsWithSecrets = new Set(setKeys.map((key) => key.replace(/-[^-]+$/, "")));
    const writes = writesOf((await adopted.requests()).entries);
    expect(writes.map((w) => w.method)).toEqual(Array(endpointsWithSecrets.size).fill("PUT"));
    expect((await fixture.client.exportEndpoint(JENKINS.project, JENKINS.name)).properties.password).toBe(
      jenkinsPassword,
    );
    expectNoSecretIn(adopted.rawState());
  });

  it("previews with no changes afterwards", async () => {
    const preview = expectOk(await adopted!.preview());
    expect(changes(preview)).toEqual({});
    expectNoSecretIn(`${preview.stdout}\n${preview.stderr ?? ""}`);
  });

  it("refuses without a pulumi CLI, and when pulumi fails removes the stack it made, leaving nothing", async () => {
    const bare = path.join(dir, "bare-bin");
    fs.mkdirSync(bare);
    fs.symlinkSync(process.execPath, path.join(bare, "node"));
    const noCli = await runExport(["--out", path.join(dir, "no-cli"), "--stack", "s1"], {
      ...env,
      PATH: bare,
    });
    expect(noCli.code).toBe(1);
    expect(noCli.stderr).toMatch(/--stack needs the Pulumi CLI, and there is no `pulumi` on PATH/);

    const noPassphrase = await runExport(["--out", path.join(dir, "no-passphrase"), "--stack", "s2"], {
      ...env,
      PULUMI_CONFIG_PASSPHRASE: undefined,
      PULUMI_CONFIG_PASSPHRASE_FILE: undefined,
    });
    expect(noPassphrase.code).toBe(1);
    expect(noPassphrase.stderr).toMatch(/`pulumi stack init s2` failed/);
    expect(noPassphrase.stderr).toMatch(/passphrase must be set with PULUMI_CONFIG_PASSPHRASE/);
    expectNoSecretIn(noPassphrase.stdout + noPassphrase.stderr);

    // A pulumi that makes the stack but cannot store a value (as a full disk or a lost backend would).
    const failing = path.join(dir, "failing-bin");
    fs.mkdirSync(failing);
    fs.writeFileSync(
      path.join(failing, "pulumi"),
      `#!/bin/sh\nif [ "$1" = config ]; then echo "error: cannot store the value" >&2; exit 3; fi\n` +
        `exec ${JSON.stringify(path.join(engineRoot(), "bin", "pulumi"))} "$@"\n`,
      { mode: 0o755 },
    );
    const configFails = await runExport(["--out", path.join(dir, "config-fails"), "--stack", "s3"], {
      ...env,
      PATH: `${failing}${path.delimiter}${env.PATH}`,
    });
    expect(configFails.code).toBe(1);
    expect(configFails.stderr).toMatch(
      /`pulumi config set --secret \S+` failed \(exit 3\):\nerror: cannot store/,
    );
    expect(configFails.stderr).toMatch(
      /Stack s3, which this run created, was removed again; nothing was written/,
    );
    expectNoSecretIn(configFails.stdout + configFails.stderr);

    for (const out of ["no-cli", "no-passphrase", "config-fails"]) {
      expect(fs.existsSync(path.join(dir, out))).toBe(false);
    }
    expect(fs.readdirSync(dir).filter((f) => f.includes("aria-export"))).toEqual([]);
    const stacks = await stacksInBackend();
    expect(stacks).toContain(STACK);
    for (const name of ["s1", "s2", "s3"]) expect(stacks).not.toContain(name);
  });
});

/*
 * `pulumi do` over the `aria` plugin, the successor of code-stream-cli's get and export: the plugin of
 * the same installed package (`pulumi plugin install --file`), `list` through the plugin's `List`
 * over pages of 5 (`VRA_LIST_PAGE_SIZE`), finding what aria-export finds; then `read`, `patch`,
 * `upsert` and `delete` of one it found, by id (`--stateless`: nothing kept in a stack): the commands
 * docs/guides/adopt-and-import.md shows.
 */
describe("pulumi do aria:index:Endpoint", () => {
  const PAGE_SIZE = 5;
  let dir: string;
  let env: Record<string, string>;
  let targetId: string;

  function pulumiDo(args: string[], cwd = dir) {
    return run("pulumi", ["do", ...args], {
      cwd,
      env: {
        ...process.env,
        ...env,
        VRA_URL: emulator.url,
        VRA_REFRESH_TOKEN: USERS.admin,
        VRA_VALIDATE_ENDPOINTS: "false",
        VRA_LIST_PAGE_SIZE: String(PAGE_SIZE),
      },
    });
  }

  async function listed(args: string[]): Promise<{ id: string; name: string }[]> {
    const r = await pulumiDo(args);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    return JSON.parse(r.stdout) as { id: string; name: string }[];
  }

  async function readEndpoint(id: string): Promise<Record<string, unknown>> {
    const r = await pulumiDo(["aria:index:Endpoint", "read", id, "--output", "json"]);
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(fixture.tmp, "do-"));
    env = engineEnv({
      root: engineRoot(),
      stateDir: path.join(dir, "state"),
      homeDir: path.join(dir, "home"),
      passphrase: "e2e-do-passphrase",
    });
    fs.mkdirSync(path.join(dir, "state"));
    // The installed package's plugin, as `pulumi plugin install --file` takes an executable.
    const launcher = path.join(dir, "pulumi-resource-aria");
    const installed = path.join(path.dirname(fixture.bin), "pulumi-resource-aria");
    fs.writeFileSync(launcher, `#!/bin/sh\nexec ${JSON.stringify(installed)} "$@"\n`, { mode: 0o755 });
    const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
    const install = await run(
      "pulumi",
      ["plugin", "install", "resource", "aria", version, "--file", launcher],
      {
        cwd: dir,
        env: { ...process.env, ...env },
      },
    );
    expect(install.code).toBe(0);
    targetId = (
      await fixture.client.createEndpoint({
        name: "do-target",
        type: "git",
        project: "Platform",
        description: "made for pulumi do",
        properties: { serverType: "GitHub", repoURL: "https://github.com/example/do", branch: "main" },
      })
    ).id;
  });

  it("lists the project's endpoints across pages, as aria-export finds them", async () => {
    const out = path.join(dir, "import.json");
    const exported = await runExport(["--out", out, "--format", "import-file", "--project", "Platform"]);
    expect(exported.code).toBe(0);
    const file = JSON.parse(fs.readFileSync(out, "utf8")) as { resources: { type: string; id: string }[] };
    const ids = file.resources.map((r) => r.id).sort();
    expect(ids.length).toBeGreaterThan(2 * PAGE_SIZE);

    const all = await listed(["aria:index:Endpoint", "list", "--project", "Platform", "--all"]);
    expect(all.map((e) => e.id).sort()).toEqual(ids);
    expect(all).toContainEqual({ id: targetId, name: "do-target" });
    // Without --all or --count, one page.
    expect(await listed(["aria:index:Endpoint", "list", "--project", "Platform"])).toHaveLength(PAGE_SIZE);
    // A typed endpoint lists its own type only.
    const jenkins = await listed(["aria:index:JenkinsEndpoint", "list", "--project", "Platform", "--all"]);
    const jenkinsIds = file.resources.filter((r) => r.type === "aria:index:JenkinsEndpoint").map((r) => r.id);
    expect(jenkins.map((e) => e.id).sort()).toEqual(jenkinsIds.sort());
  });

  it("gives as many as --count asks, across pages", async () => {
    const seven = await listed(["aria:index:Endpoint", "list", "--project", "Platform", "--count", "7"]);
    expect(seven).toHaveLength(7);
    const all = await listed(["aria:index:Endpoint", "list", "--project", "Platform", "--all"]);
    expect(seven).toEqual(all.slice(0, 7));
  });

  it("lists deployment resources by the API's filters", async () => {
    const made = await fixture.client.createResource({
      name: "do-thing",
      type: "Custom.DoThing",
      properties: {},
    });
    const ops = emulator.ops;
    for (
      let i = 0;
      i < 100 && (await fixture.client.getRequest(made.requestId)).status !== "SUCCESSFUL";
      i++
    ) {
      await ops.advanceClock(100);
    }
    const args = ["aria:index:DeploymentResource", "list", "--resource-types", "Custom.DoThing", "--all"];
    expect(await listed(args)).toEqual([{ id: made.resourceId, name: "do-thing" }]);
  });

  it("reads, patches, upserts and deletes an endpoint it found", async () => {
    const read = await readEndpoint(targetId);
    expect(read).toMatchObject({ id: targetId, name: "do-target", type: "git", project: "Platform" });

    const patch = await pulumiDo([
      "--stateless",
      "aria:index:Endpoint",
      "patch",
      targetId,
      "--description",
      "patched by pulumi do",
      "--yes",
    ]);
    expect(patch.code).toBe(0);
    expect((await fixture.client.getEndpoint(targetId)).description).toBe("patched by pulumi do");

    const inputs = path.join(dir, "upsert.pcl");
    fs.writeFileSync(
      inputs,
      [
        'name = "do-target"',
        'type = "git"',
        'project = "Platform"',
        'description = "upserted by pulumi do"',
        'properties = { serverType = "GitHub", repoURL = "https://github.com/example/do-2", branch = "main" }',
        "",
      ].join("\n"),
    );
    const upsert = await pulumiDo([
      "--stateless",
      "aria:index:Endpoint",
      "upsert",
      targetId,
      "--input",
      "pcl",
      "--input-file",
      inputs,
      "--yes",
    ]);
    expect(upsert.code).toBe(0);
    const upserted = await fixture.client.getEndpoint(targetId);
    expect(upserted).toMatchObject({ description: "upserted by pulumi do" });
    expect(upserted.properties).toMatchObject({ repoURL: "https://github.com/example/do-2" });

    const del = await pulumiDo(["--stateless", "aria:index:Endpoint", "delete", targetId, "--yes"]);
    expect(del.code).toBe(0);
    await expect(fixture.client.getEndpoint(targetId)).rejects.toMatchObject({ code: "NotFound" });
    const gone = await pulumiDo(["aria:index:Endpoint", "read", targetId]);
    expect(gone.code).not.toBe(0);
    expect(gone.stdout + gone.stderr).toContain(`resource "${targetId}" was not found`);
  });
});
