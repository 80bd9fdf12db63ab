import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { DEFAULT_USERS } from "../../emulator";
import { AriaClient } from "../../provider/client";
import { Emulator } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, OpResult } from "../support/program-stack";
import { describeFinding, filesUnder, findCanaries, Finding, sweepFiles } from "./canary-sweep";
import { pythonExampleVenv } from "./language-examples";
import { reconcileJson } from "./reconcile-helpers";

/*
 * The canary sweep (docs/guides/secrets.md): a program per door declares every kind with a canary
 * secret (`canary-<door>-<place>-<run>`) in every place one can go: the provider settings (refresh
 * token, password, access token, all secret config), a typed endpoint's secret input (Jenkins'
 * password, Git's privateToken), an endpoint's secretProperties, a password among an endpoint's plain
 * properties (which check moves), a deployment resource's `password` and `credentials.apiToken` from
 * secret config, and the lookups that give them back (getResource by id, getResources by type,
 * getEndpoint), exported. The doors: the TypeScript resources (programs/secrets-canary-ts), Pulumi
 * YAML on the plugin (programs/secrets-canary-yaml) and Python on the generated SDK
 * (programs/secrets-canary-python, on the Python example's cached virtualenv), on one emulator.
 *
 * All three stacks run preview, up, refresh, an up that rotates two canaries and a description,
 * `pulumi stack output --json`, `pulumi stack export` and destroy, side by side. The YAML stack also
 * runs what only the plugin door has or what reads a stack's state: `pulumi preview --json` of the
 * change and aria-preview-comment's Markdown of it, aria-reconcile with --json,
 * --adopt and --policy, `pulumi import` of an endpoint and a deployment resource made by hand with
 * canaries on the server, and aria-export --stack (which sets the server's secrets into a stack's
 * config).
 *
 * Then no canary may be in clear in: each stack's temporary tree (the backend's state files with
 * .pulumi/backups and .pulumi/history, PULUMI_HOME with the CLI's logs, the engine's event logs, and
 * TMPDIR, which every command of the stack gets, so that any log or temporary file the CLI, the
 * plugin, a provider or a tool leaves is there; aria-export's project too), each program directory
 * (the stack's config file, aria-reconcile's adoption files), and the stdout and stderr of every
 * command. A plugin's and a dynamic provider's stderr are in those: the engine relays each line as a
 * diagnostic (sdk/go/common/resource/plugin/plugin.go), which the CLI prints and the event log holds.
 * Left out, each for its reason: the YAML program, where the test wrote the plain password as the
 * user did; the code `pulumi import` writes, where Pulumi writes an imported secret as `fn::secret`
 * (its test checks that form); the Node.js SDK's own debug log of each registration (its own test);
 * and the emulator's data: the server holds the secrets.
 */

jest.setTimeout(20 * 60_000);

type Door = "ts" | "yaml" | "python";
const DOORS: readonly Door[] = ["ts", "yaml", "python"];
const PROGRAMS: Record<Door, string> = {
  ts: "test/e2e/programs/secrets-canary-ts",
  yaml: "test/e2e/programs/secrets-canary-yaml",
  python: "test/e2e/programs/secrets-canary-python",
};
/** The endpoints' and the deployment resource's names start with it (the programs', and the server's). */
const PREFIX: Record<Door, string> = { ts: "ts", yaml: "yaml", python: "py" };

/** This run's marker: every canary ends with it, and nothing else holds it. */
const RUN = randomBytes(6).toString("hex");
const canary = (door: Door | "hand", place: string): string => `canary-${door}-${place}-${RUN}`;

/** The emulator's user of a door: its password and refresh token are that door's setting canaries. */
const userOf = (door: Door) => ({
  username: `canary-user-${door}`,
  password: canary(door, "password"),
  refreshToken: canary(door, "refreshToken"),
  admin: true,
});

interface DoorStack {
  door: Door;
  stack: E2EStack;
  ns: "vra" | "aria";
  ids?: string[];
}

let emulator: Emulator;
let client: AriaClient;
const opened: Partial<Record<Door, DoorStack>> = {};
const all = (): DoorStack[] => DOORS.map((door) => opened[door]!);
/** Every command's output, labelled: what the sweep reads besides the files. */
const said: Array<{ label: string; text: string }> = [];

function keep(door: Door, what: string, out: { stdout: string; stderr?: string }): void {
  said.push({ label: `${door}: ${what} (stdout)`, text: out.stdout });
  said.push({ label: `${door}: ${what} (stderr)`, text: out.stderr ?? "" });
}

/** One engine operation of a door, its output kept; fails with the output when the engine does. */
async function op(
  d: DoorStack,
  what: string,
  run: (stack: E2EStack) => Promise<OpResult>,
): Promise<OpResult> {
  const result = await run(d.stack);
  keep(d.door, `pulumi ${what}`, result);
  return expectOk(result);
}

/** Any other `pulumi` command on a door's stack, its output kept; must exit 0. */
async function pulumi(d: DoorStack, args: string[]): Promise<string> {
  const result = await d.stack.pulumi([...args, "--stack", d.stack.stackName, "--non-interactive"]);
  keep(d.door, `pulumi ${args.join(" ")}`, result);
  expect({ args, code: result.code, stderr: result.code === 0 ? "" : result.stderr }).toEqual({
    args,
    code: 0,
    stderr: "",
  });
  return result.stdout;
}

/** The program's config of a door: the rotated canaries after the change. */
function setProgramConfig({ door, stack }: DoorStack, rotated: boolean): void {
  stack.setConfig("description", rotated ? "rotated" : "CI server");
  stack.setConfig("jenkinsPassword", {
    value: canary(door, rotated ? "jenkinsPassword2" : "jenkinsPassword"),
    secret: true,
  });
  stack.setConfig("gitToken", { value: canary(door, "gitToken"), secret: true });
  stack.setConfig("genericPassword", { value: canary(door, "genericPassword"), secret: true });
  stack.setConfig("thingPassword", { value: canary(door, "thingPassword"), secret: true });
  stack.setConfig("thingApiToken", {
    value: canary(door, rotated ? "thingApiToken2" : "thingApiToken"),
    secret: true,
  });
}

async function openDoor(door: Door, pathFirst: string[]): Promise<DoorStack> {
  const stack = await openStack({
    program: PROGRAMS[door],
    emulator: emulator.running,
    noCredentials: true,
    pathFirst,
    env: { ARIA_CANARY_PLAIN_PASSWORD: canary(door, "plainPassword") },
  });
  // Every process of the stack writes its temporary files into the swept tree.
  stack.env.TMPDIR = path.join(stack.tmp, "tmp");
  fs.mkdirSync(stack.env.TMPDIR);
  const ns = door === "ts" ? "vra" : "aria";
  const user = userOf(door);
  stack.setConfig(`${ns}:url`, emulator.url);
  stack.setConfig(`${ns}:refreshToken`, { value: user.refreshToken, secret: true });
  stack.setConfig(`${ns}:username`, user.username);
  stack.setConfig(`${ns}:password`, { value: user.password, secret: true });
  // Not a token the server issued: the first request with it is refused, and the client renews it
  // with the refresh token, as it does with an expired one.
  stack.setConfig(`${ns}:accessToken`, { value: canary(door, "accessToken"), secret: true });
  stack.setConfig(`${ns}:validateEndpoints`, "false");
  const d: DoorStack = { door, stack, ns };
  setProgramConfig(d, false);
  if (door === "yaml") {
    // The user's mistake, as written: the password in clear among the plain properties.
    const file = path.join(stack.workDir, "Pulumi.yaml");
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, "utf8")
        .replace("password: PLAIN-PASSWORD", `password: ${canary(door, "plainPassword")}`),
    );
  }
  return d;
}

beforeAll(async () => {
  // The runtime first (cold, it takes a while), so that no emulator waits meanwhile.
  const venv = path.join(await pythonExampleVenv(), "bin");
  emulator = await Emulator.start({
    seedResources: 0,
    users: [...DEFAULT_USERS, ...DOORS.map(userOf)],
  });
  client = emulator.client();
  for (const door of DOORS) opened[door] = await openDoor(door, door === "python" ? [venv] : []);
});

afterAll(async () => {
  for (const d of Object.values(opened)) await d?.stack.dispose();
  await client?.close();
  await emulator?.close();
});

describe("the canary sweep: a secret in every place, through every door", () => {
  it("names the file and the JSON path, or the line, of a canary it finds", () => {
    const state = JSON.stringify({ resources: [{ outputs: { "a.b": [`x ${canary("ts", "here")} y`] } }] });
    expect(findCanaries(state, "state.json", RUN)).toEqual([
      { where: "state.json", at: '$.resources[0].outputs["a.b"][0]', canary: canary("ts", "here") },
    ]);
    expect(
      findCanaries(`one\n{"diag": "${canary("yaml", "there")}"}\nthree ${canary("hand", "x")}`, "log", RUN),
    ).toEqual([
      { where: "log", at: "line 2: $.diag", canary: canary("yaml", "there") },
      { where: "log", at: "line 3", canary: canary("hand", "x") },
    ]);
    expect(findCanaries('{"ciphertext": "v1:abc"}', "state.json", RUN)).toEqual([]);
  });

  it("previews every door's program", async () => {
    const previews = await Promise.all(all().map((d) => op(d, "preview --diff", (s) => s.preview())));
    for (const preview of previews) expect(changes(preview)).toEqual({ create: 6 });
  });

  it("creates every kind, and the lookups give the canaries back as secrets", async () => {
    const ups = await Promise.all(
      all().map((d) => op(d, "up --diff", (s) => s.up({ skipPreview: true, diff: true }))),
    );
    for (const [i, d] of all().entries()) {
      const up = ups[i];
      expect(changes(up)).toEqual({ create: 6 });
      const out = up.outputs!;
      d.ids = out.ids.value as string[];
      const properties = {
        size: "small",
        password: canary(d.door, "thingPassword"),
        credentials: { apiToken: canary(d.door, "thingApiToken") },
      };
      // What `--show-secrets` reveals (never swept): the lookups did give the canaries back, secret.
      expect({ door: d.door, ...out.lookedUpProperties }).toEqual({
        door: d.door,
        value: properties,
        secret: true,
      });
      expect(out.listed).toMatchObject({
        value: [{ name: `${PREFIX[d.door]}-thing`, properties }],
        secret: true,
      });
      // The server got every canary.
      expect((await client.getResource(d.ids[4])).properties).toMatchObject(properties);
      const exported = async (name: string) =>
        (await client.exportEndpoint("Platform", `${PREFIX[d.door]}-${name}`)).properties;
      expect(await exported("plain")).toMatchObject({ password: canary(d.door, "plainPassword") });
      expect(await exported("git")).toMatchObject({ privateToken: canary(d.door, "gitToken") });
    }
  });

  it("refreshes with nothing to change", async () => {
    const refreshes = await Promise.all(
      all().map((d) => op(d, "refresh", (s) => s.refresh({ skipPreview: true }))),
    );
    for (const refresh of refreshes) expect(changes(refresh)).toEqual({});
  });

  it("rotates a password and a token and changes a description with an up", async () => {
    for (const d of all()) setProgramConfig(d, true);
    const up = (d: DoorStack) =>
      op(d, "up --diff (a change)", (s) => s.up({ skipPreview: true, diff: true }));
    const ups = await Promise.all(
      all().map(async (d) => {
        // On the plugin door, the pull request's view first: `pulumi preview --json` made a comment.
        if (d.door === "yaml") await expectPreviewComment(d);
        return up(d);
      }),
    );
    for (const [i, d] of all().entries()) {
      // The endpoint is updated; the deployment resource (whose API has no update) replaced.
      expect({ door: d.door, changes: changes(ups[i]) }).toEqual({
        door: d.door,
        changes: { update: 1, replace: 1 },
      });
      const jenkins = await client.exportEndpoint("Platform", `${PREFIX[d.door]}-jenkins`);
      expect(jenkins).toMatchObject({
        description: "rotated",
        properties: { password: canary(d.door, "jenkinsPassword2") },
      });
      d.ids = ups[i].outputs!.ids.value as string[];
      expect((await client.getResource(d.ids[4])).properties).toMatchObject({
        credentials: { apiToken: canary(d.door, "thingApiToken2") },
      });
    }
  });

  /** `pulumi preview --json` of the change, and aria-preview-comment's Markdown of it. */
  async function expectPreviewComment(d: DoorStack): Promise<void> {
    const plan = path.join(d.stack.workDir, "preview.json");
    fs.writeFileSync(plan, await pulumi(d, ["preview", "--json"]));
    const bin = path.join(d.stack.workDir, "node_modules", ".bin", "aria-preview-comment");
    const comment = await d.stack.command(bin, [plan, "--stack", d.stack.stackName]);
    keep(d.door, "aria-preview-comment", comment);
    expect({ code: comment.code, stderr: comment.stderr }).toEqual({ code: 0, stderr: "" });
    expect(comment.stdout).toMatch(/secret changed/);
  }

  describe("on the plugin door's stack", () => {
    let yaml: DoorStack;
    const tools: string[] = [];
    /** What was made on the server by hand, with canaries: the server shows the resource's in clear. */
    let hand: { endpoint: string; resource: string };
    beforeAll(async () => {
      yaml = opened.yaml!;
      const endpoint = await client.createEndpoint({
        name: "hand-jenkins",
        type: "jenkins",
        project: "Platform",
        properties: {
          url: "https://jenkins.example.com",
          username: "ci",
          password: canary("hand", "endpointPassword"),
        },
      });
      const made = await client.createResource({
        name: "hand-thing",
        type: "Custom.Canary.Hand",
        properties: {
          password: canary("hand", "thingPassword"),
          credentials: { apiToken: canary("hand", "thingApiToken") },
        },
      });
      // The emulator's clock moves the request on: no real wait.
      for (let i = 0; (await client.getRequest(made.requestId)).status !== "SUCCESSFUL"; i++) {
        expect(i).toBeLessThan(100);
        await yaml.stack.ops.advanceClock(100);
      }
      hand = { endpoint: endpoint.id, resource: made.resourceId };
    });
    afterAll(() => {
      for (const [i, text] of tools.entries())
        said.push({ label: `yaml: aria-reconcile output ${i + 1}`, text });
    });

    it("runs aria-reconcile with --json, --adopt and --policy", async () => {
      const s = ["--stack", yaml.stack.stackName];
      // The other doors' endpoints and the one made by hand are in the project, unmanaged here.
      const others = ["ts", "py"]
        .flatMap((p) => ["generic", "git", "jenkins", "plain"].map((n) => `${p}-${n}`))
        .concat("hand-jenkins")
        .sort();
      const found = await reconcileJson<{
        exitCode: number;
        drifted: unknown[];
        unmanaged: Array<{ name: string }>;
      }>(yaml.stack, s, tools);
      expect({
        code: found.code,
        drifted: found.report.drifted,
        unmanaged: found.report.unmanaged.map((u) => u.name).sort(),
      }).toEqual({
        code: 7,
        drifted: [],
        unmanaged: others,
      });
      const adopt = await reconcileJson<{
        exitCode: number;
        adoption?: { unmanaged: number; files: string[] };
      }>(yaml.stack, [...s, "--adopt", "adopt"], tools);
      expect(adopt.report.adoption).toMatchObject({
        unmanaged: others.length,
        files: ["README.md", "import.json"],
      });
      const policy = await reconcileJson<{ exitCode: number; policy?: { violations: unknown[] } }>(
        yaml.stack,
        [...s, "--policy"],
        tools,
      );
      expect(policy.report.policy).toEqual({ violations: [] });
    });

    it("imports the endpoint and the deployment resource made by hand, the server's credentials secret", async () => {
      const file = path.join(yaml.stack.workDir, "hand-import.json");
      fs.writeFileSync(
        file,
        JSON.stringify({
          resources: [
            { type: "aria:index:JenkinsEndpoint", name: "handJenkins", id: hand.endpoint },
            { type: "aria:index:DeploymentResource", name: "handThing", id: hand.resource },
          ],
        }),
      );
      const code = path.join(yaml.stack.workDir, "hand-import.yaml");
      await pulumi(yaml, ["import", "--file", file, "--protect=false", "--yes", "--out", code]);
      // The code Pulumi writes for what it imports holds its inputs, a secret as `fn::secret: <value>`
      // (its code generator does so for every provider): the one place a canary stands in clear, as
      // the user's own program does. The server masks an endpoint's secret, so none of it is there.
      const generated = fs.readFileSync(code, "utf8");
      expect(
        generated
          .split("\n")
          .filter((line) => line.includes(RUN))
          .map((line) => line.trim()),
      ).toEqual([
        `fn::secret: ${canary("hand", "thingApiToken")}`,
        `fn::secret: ${canary("hand", "thingPassword")}`,
      ]);

      // The deployment resource's server shows its credentials in clear: they are stored encrypted.
      const state = JSON.parse(await pulumi(yaml, ["stack", "export"])) as {
        deployment: { resources: Array<{ urn: string; outputs?: { properties?: Record<string, unknown> } }> };
      };
      const imported = state.deployment.resources.find((r) => r.urn.endsWith("::handThing"))!;
      expect(JSON.stringify(imported.outputs!.properties!.password)).toMatch(/ciphertext/);
      expect(JSON.stringify(imported.outputs!.properties!.credentials)).toMatch(/ciphertext/);
    });

    it("runs aria-export --stack, which sets the server's secrets into a stack's config", async () => {
      const bin = path.join(yaml.stack.workDir, "node_modules", ".bin", "aria-export");
      const user = userOf("yaml");
      const exported = await yaml.stack.command(
        bin,
        ["--out", path.join(yaml.stack.tmp, "exported"), "--project", "Platform", "--stack", "exported"],
        {
          VRA_URL: emulator.url,
          VRA_REFRESH_TOKEN: user.refreshToken,
          VRA_USERNAME: user.username,
          VRA_PASSWORD: user.password,
          VRA_ACCESS_TOKEN: canary("yaml", "accessToken"),
        },
      );
      keep("yaml", "aria-export --stack", exported);
      expect({ code: exported.code, stderr: exported.code === 0 ? "" : exported.stderr }).toEqual({
        code: 0,
        stderr: "",
      });
      // Every endpoint's secret of the three doors and the hand-made one: 13 canaries in the config.
      expect(exported.stdout).toMatch(/set 13 of its 13 secrets from the server's export/);
    });
  });

  it("shows no canary in `pulumi stack output --json` or `pulumi stack export`", async () => {
    for (const d of all()) {
      const outputs = JSON.parse(await pulumi(d, ["stack", "output", "--json"])) as Record<string, unknown>;
      expect(outputs.lookedUpProperties).toBe("[secret]");
      expect(await pulumi(d, ["stack", "export"])).toMatch(/ciphertext/);
    }
  });

  it("destroys everything, leaving nothing on the server", async () => {
    const destroyed = await Promise.all(all().map((d) => op(d, "destroy", (s) => s.destroy())));
    expect(destroyed.map(changes)).toEqual([{ delete: 6 }, { delete: 8 }, { delete: 6 }]);
    expect(await client.listAllEndpoints()).toEqual([]);
    expect((await client.listResources()).content).toEqual([]);
  });

  it("finds no canary in clear in the state files, their backups and history, the program directories or any output", () => {
    const files = all().flatMap(({ door, stack }) => [
      ...filesUnder(stack.tmp),
      ...filesUnder(stack.workDir, (file) => {
        const relative = path.relative(stack.workDir, file);
        // The YAML program holds the plain password as the user wrote it, and the code `pulumi
        // import` wrote holds the imported secrets as `fn::secret` (checked by the import's test).
        const program = door === "yaml" && ["Pulumi.yaml", "hand-import.yaml"].includes(relative);
        return relative.startsWith(`node_modules${path.sep}`) || program;
      }),
    ]);
    // What it looked in: the backups and the history of every stack, the adoption files, the export.
    for (const { stack } of all()) {
      for (const dir of ["backups", "history", "stacks"]) {
        expect(files.some((f) => f.startsWith(path.join(stack.backendDir(), ".pulumi", dir)))).toBe(true);
      }
    }
    const yaml = opened.yaml!.stack;
    for (const file of [
      "adopt/import.json",
      "adopt/README.md",
      "preview.json",
      `Pulumi.${yaml.stackName}.yaml`,
    ]) {
      expect(files).toContain(path.join(yaml.workDir, file));
    }
    expect(files).toContain(path.join(yaml.tmp, "exported", "Pulumi.exported.yaml"));
    // It sees a canary where one is: the plain password, in the YAML program as the user wrote it.
    expect(sweepFiles([path.join(yaml.workDir, "Pulumi.yaml")], RUN).map((f) => f.canary)).toEqual([
      canary("yaml", "plainPassword"),
    ]);
    const findings: Finding[] = [
      ...sweepFiles(files, RUN),
      ...said.flatMap(({ label, text }) => findCanaries(text, label, RUN)),
    ];
    upstream = findings.filter(inSdkDebugLog);
    expect(findings.filter((f) => !inSdkDebugLog(f)).map(describeFinding)).toEqual([]);
  });

  it("finds a canary only in the Node.js SDK's own debug log of each registration, of the TypeScript program", () => {
    // @pulumi/pulumi logs every RegisterResource answer at debug level (runtime/resource.js, still in
    // 3.276.0), with the resource's secret outputs in it in clear; the engine masks only the secret
    // config values in diagnostics. It is in the engine's event log (and `--debug`), not in the
    // CLI's output; pulumi-aria cannot change it (docs/guides/secrets.md says so).
    const ts = opened.ts!.stack;
    expect(upstream.filter((f) => !f.where.startsWith(`${ts.tmp}${path.sep}`)).map(describeFinding)).toEqual(
      [],
    );
  });
});

/** Findings in the debug diagnostics of the SDK's own: the second sweep test. */
let upstream: Finding[] = [];

/**
 * True for a finding in an event log's debug diagnostic that the Node.js SDK writes of every
 * RegisterResource answer ("RegisterResource RPC finished: ... resp: ...").
 */
function inSdkDebugLog({ where, at }: Finding): boolean {
  const line = /^line (\d+): \$\.diagnosticEvent\.message$/.exec(at);
  if (!line || !/events-\d+-\w+\.jsonl$/.test(where)) return false;
  const event = (
    JSON.parse(fs.readFileSync(where, "utf8").split("\n")[Number(line[1]) - 1]) as {
      diagnosticEvent: { severity: string; message: string };
    }
  ).diagnosticEvent;
  return event.severity === "debug" && event.message.startsWith("RegisterResource RPC finished: ");
}
