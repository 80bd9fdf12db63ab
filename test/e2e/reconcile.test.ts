import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { AriaClient } from "../../provider/client";
import { Emulator, USERS } from "../support/emulator";
import { changeByHand, openReconcileStack, reconcileJson as runReconcileJson } from "./reconcile-helpers";
import { changes, E2EStack, expectOk } from "../support/program-stack";

/*
 * `aria-reconcile`, installed from the packed package, with the real CLI against the emulator,
 * through both doors: a TypeScript program of dynamic resources (`vra:` settings) and a Pulumi YAML
 * program on the `aria` plugin (`aria:` settings). One stack each and one `up`: in sync; then a
 * description changed, an endpoint deleted and one made by hand, out of band; `--remediate`;
 * `--adopt` and the files it writes applied (`pulumi import --file`, or the `adopt: true`
 * declarations and `pulumi up`); and the failures (refused credentials, an unknown stack, a server
 * that is down), with no secret in any output. Every report carries its coverage and its events
 * (Pulumi Cloud's drift webhook names), checked against the published JSON Schema.
 */

jest.setTimeout(10 * 60_000);

const PASSWORD = "e2e-Reconcile-Passw0rd";
const GIT_TOKEN = "e2e-Reconcile-Git-T0ken";
const WRONG_TOKEN = "wrong-refresh-token-e2e";
const SECRETS = [PASSWORD, GIT_TOKEN, USERS.admin, WRONG_TOKEN];

const DOORS = [
  { door: "dynamic", program: "test/e2e/programs/reconcile-dynamic", ns: "vra" },
  { door: "plugin", program: "test/e2e/programs/reconcile-yaml", ns: "aria" },
] as const;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(DOORS)("aria-reconcile on a program of the $door door", ({ door, program, ns }) => {
  let stack: E2EStack;
  let client: AriaClient;
  let ids: { jenkins: string; git: string };
  let byHand: string;
  const outputs: string[] = [];

  /** Runs the installed aria-reconcile in the program directory; every output is kept for the secrets check. */
  async function reconcile(args: string[], env: Record<string, string> = {}) {
    const bin = path.join(stack.workDir, "node_modules", ".bin", "aria-reconcile");
    const result = await stack.command(bin, args, env);
    outputs.push(result.stdout, result.stderr);
    return result;
  }

  /** Runs it with --json: the exit code and the one document on stdout, checked against the schema. */
  const reconcileJson = (args: string[], env: Record<string, string> = {}) =>
    runReconcileJson(stack, args, outputs, env);

  beforeAll(async () => {
    let jenkinsId: string;
    let gitId: string;
    ({ stack, client, jenkinsId, gitId } = await openReconcileStack({
      program,
      prefix: ns,
      password: PASSWORD,
      gitToken: GIT_TOKEN,
    }));
    ids = { jenkins: jenkinsId, git: gitId };
  });

  afterAll(async () => {
    await stack?.dispose();
  });

  it("finds nothing on a stack in sync: exit 0 and empty lists", async () => {
    const { code, report, stderr } = await reconcileJson(["--stack", stack.stackName]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(report).toMatchObject({ result: "in-sync", drifted: [], unmanaged: [] });
    expect(report.coverage).toMatchObject({ managed: 2, total: 2, percent: 100 });
    expect(report.coverage!.servers).toEqual([
      {
        server: stack.url,
        managed: 2,
        total: 2,
        percent: 100,
        projects: [{ project: "Platform", managed: 2, total: 2, percent: 100 }],
      },
    ]);
    expect(report.events).toEqual([{ event: "drift_detection_succeeded", stack: stack.stackName }]);
    expect(report.stacks).toEqual([
      expect.objectContaining({ name: stack.stackName, door, endpoints: 2, drifted: 0, remediated: false }),
    ]);
  });

  it("names a changed description, a deleted endpoint and one made by hand: exit 7", async () => {
    await changeByHand(client, ids.jenkins, PASSWORD, { description: "changed by hand" });
    await client.deleteEndpoint(ids.git);
    byHand = (
      await client.createEndpoint({
        name: "made-by-hand",
        type: "jenkins",
        project: "Platform",
        properties: { url: "https://hand.example.com", username: "me" },
      })
    ).id;

    const { code, report } = await reconcileJson(["--stack", stack.stackName]);
    expect(code).toBe(7);
    expect(report.result).toBe("changes");
    const byName = Object.fromEntries(report.drifted.map((d) => [d.name, d]));
    expect(Object.keys(byName).sort()).toEqual(["git", "jenkins"]);
    expect(byName.jenkins).toMatchObject({ action: "update", fields: ["description"] });
    expect(byName.git).toMatchObject({ action: "create" });
    expect(report.unmanaged).toEqual([
      expect.objectContaining({ name: "made-by-hand", id: byHand, project: "Platform", type: "jenkins" }),
    ]);
    const adopt = report.unmanaged[0].adopt;
    expect(adopt.pulumiImport).toBe(
      `pulumi import --stack ${stack.stackName} aria:index:JenkinsEndpoint made-by-hand ${byHand}`,
    );
    expect(adopt.ariaExport).toContain(`--filter "name eq 'made-by-hand'"`);
    // Platform holds the jenkins endpoint (managed) and the hand-made one; git is gone.
    expect(report.coverage).toMatchObject({ managed: 1, total: 2, percent: 50 });
    expect(report.events).toEqual([
      { event: "drift_detection_succeeded", stack: stack.stackName },
      { event: "drift_detected", stack: stack.stackName, drifted: 2 },
    ]);

    // The human form: a table naming the same three, and the command that adopts the hand-made one.
    const human = await reconcile(["--stack", stack.stackName]);
    expect(human.code).toBe(7);
    expect(human.stdout).toMatch(/jenkins\s+\S+\s+update\s+description/);
    expect(human.stdout).toMatch(/git\s+\S+\s+create/);
    expect(human.stdout).toContain(door === "plugin" ? adopt.pulumiImport : adopt.ariaExport);
    expect(human.stdout).toContain("coverage 1/2 (50%)");
    expect(human.stdout).toMatch(new RegExp(`${stack.url}\\s+Platform\\s+1/2 \\(50%\\)`));
  });

  it("--remediate restores the description and re-creates the deleted one, leaving the hand-made one: exit 7", async () => {
    const { code, report } = await reconcileJson(["--stack", stack.stackName, "--remediate"]);
    expect(code).toBe(7);
    expect(report.drifted.map((d) => [d.name, d.remediated]).sort()).toEqual([
      ["git", true],
      ["jenkins", true],
    ]);
    expect(report.stacks[0].remediated).toBe(true);
    expect(report.unmanaged.map((u) => u.id)).toEqual([byHand]);
    expect(report.events).toEqual([
      { event: "drift_detection_succeeded", stack: stack.stackName },
      { event: "drift_detected", stack: stack.stackName, drifted: 2 },
      { event: "drift_remediation_succeeded", stack: stack.stackName, drifted: 2 },
    ]);

    expect((await client.getEndpoint(ids.jenkins)).description).toBe("CI server");
    const listed = await client.listAllEndpoints();
    expect(listed.filter((e) => e.name === "app-repo")).toHaveLength(1);
    expect(listed.find((e) => e.id === byHand)).toMatchObject({ name: "made-by-hand" });
    // Nothing but the hand-made endpoint is left to report.
    const after = await reconcileJson(["--stack", stack.stackName]);
    expect(after.report).toMatchObject({ result: "changes", drifted: [], unmanaged: [{ id: byHand }] });
  });

  it("--adopt writes what adopts the hand-made endpoint; applied, reconcile exits 0 with nothing unmanaged", async () => {
    const dir = path.join(stack.workDir, "adopt");
    const { code, report } = await reconcileJson(["--stack", stack.stackName, "--adopt", "adopt"]);
    expect(code).toBe(7);
    expect(report.adoption).toEqual({
      dir,
      unmanaged: 1,
      covered: 1,
      files:
        door === "plugin"
          ? ["README.md", "import.json"]
          : [
              "README.md",
              "typescript/Pulumi.yaml",
              "typescript/README.md",
              "typescript/index.ts",
              "typescript/package.json",
              "typescript/tsconfig.json",
            ],
      settings: [],
    });
    if (door === "plugin") {
      // The import file: aria-export's resource type and name, and the id; the import writes the code.
      const file = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as unknown;
      expect(file).toEqual({
        resources: [{ type: "aria:index:JenkinsEndpoint", name: "made-by-hand", id: byHand }],
      });
      const code = path.join(dir, "adopted.yaml");
      const imported = await stack.pulumi([
        "import",
        "--file",
        path.join(dir, "import.json"),
        "--protect=false",
        "--yes",
        "--out",
        code,
        "--stack",
        stack.stackName,
        "--non-interactive",
      ]);
      expect({ code: imported.code, stderr: imported.stderr }).toMatchObject({ code: 0 });
      const programFile = path.join(stack.workDir, "Pulumi.yaml");
      const program = parse(fs.readFileSync(programFile, "utf8")) as { resources: Record<string, unknown> };
      const generated = parse(fs.readFileSync(code, "utf8")) as { resources: Record<string, unknown> };
      expect(Object.keys(generated.resources)).toEqual(["made-by-hand"]);
      fs.writeFileSync(
        programFile,
        stringify({ ...program, resources: { ...program.resources, ...generated.resources } }),
      );
    } else {
      // The declarations with `adopt: true`, added to the program as a pull request would, then `pulumi up`.
      const generated = fs.readFileSync(path.join(dir, "typescript", "index.ts"), "utf8");
      expect(generated).toMatch(/new aria\.JenkinsEndpoint\("made-by-hand", \{[^}]*adopt: true/);
      const body = generated.slice(generated.indexOf("const config = new pulumi.Config();") + 35);
      fs.appendFileSync(path.join(stack.workDir, "index.ts"), body);
      const up = expectOk(await stack.up());
      expect(changes(up)).toEqual({ create: 1 });
    }
    const after = await reconcileJson(["--stack", stack.stackName]);
    expect({ code: after.code, unmanaged: after.report.unmanaged, drifted: after.report.drifted }).toEqual({
      code: 0,
      unmanaged: [],
      drifted: [],
    });
    expect(after.report.coverage).toMatchObject({ managed: 3, total: 3, percent: 100 });
    expect(after.report.stacks[0].endpoints).toBe(3);
    // The endpoint was adopted where it is, not made again.
    expect(
      (await client.listAllEndpoints()).filter((e) => e.name === "made-by-hand").map((e) => e.id),
    ).toEqual([byHand]);
  });

  it("--policy holds the pack's rules on what is: a URL made plain http by hand is exit 5, naming the rule", async () => {
    const clean = await reconcileJson(["--stack", stack.stackName, "--policy"]);
    expect({ code: clean.code, policy: clean.report.policy }).toEqual({
      code: 0,
      policy: { violations: [] },
    });

    await changeByHand(client, ids.jenkins, PASSWORD, { properties: { url: "http://jenkins.example.com" } });
    const { code, report } = await reconcileJson(["--stack", stack.stackName, "--policy"]);
    expect(code).toBe(5);
    expect(report.result).toBe("violations");
    expect(report.policy!.violations).toEqual([
      {
        stack: stack.stackName,
        urn: expect.stringContaining("::jenkins"),
        name: "jenkins",
        rule: "aria-endpoint-plain-http",
        enforcementLevel: "mandatory",
        message: expect.stringContaining(
          "properties.url (on a typed endpoint resource: its url input) uses plain http",
        ),
      },
    ]);
    // The drift is reported too; the policy's 5 comes before drift's 7.
    expect(report.drifted.map((d) => [d.name, d.fields])).toEqual([["jenkins", ["properties.url"]]]);
    const human = await reconcile(["--stack", stack.stackName, "--policy"]);
    expect(human.code).toBe(5);
    expect(human.stdout).toMatch(/jenkins\s+aria-endpoint-plain-http\s+mandatory/);

    // Put back by --remediate, the rule holds again.
    expect((await reconcileJson(["--stack", stack.stackName, "--remediate"])).code).toBe(0);
    const fixed = await reconcileJson(["--stack", stack.stackName, "--policy"]);
    expect({ code: fixed.code, policy: fixed.report.policy }).toEqual({
      code: 0,
      policy: { violations: [] },
    });
  });

  it("reconciles two stacks on two servers in one run, one by one or at once: each listed once, coverage per server, events per stack", async () => {
    const second = await Emulator.start({ seedResources: 0 });
    const secondClient = second.client();
    const other = `${stack.stackName}-other`;
    const pulumi = async (args: string[]) => {
      const result = await stack.pulumi([...args, "--stack", other, "--non-interactive"]);
      expect({ args, code: result.code, stderr: result.code === 0 ? "" : result.stderr }).toEqual({
        args,
        code: 0,
        stderr: "",
      });
    };
    try {
      await pulumi(["stack", "init"]);
      await pulumi(["config", "set", `${ns}:url`, second.url]);
      await pulumi(["config", "set", "--secret", `${ns}:refreshToken`, USERS.admin]);
      await pulumi(["config", "set", `${ns}:validateEndpoints`, "false"]);
      await pulumi(["config", "set", "--secret", "password", PASSWORD]);
      await pulumi(["config", "set", "--secret", "gitToken", GIT_TOKEN]);
      await pulumi(["up", "--yes", "--skip-preview"]);
      await secondClient.createEndpoint({
        name: "second-by-hand",
        type: "jenkins",
        project: "Platform",
        properties: { url: "https://second.example.com", username: "me" },
      });

      const { code, report } = await reconcileJson(["--stack", `${stack.stackName},${other}`]);
      expect(code).toBe(7);
      expect(report.stacks.map((s) => [s.name, s.endpoints])).toEqual([
        [stack.stackName, 3],
        [other, 3],
      ]);
      expect(report.drifted).toEqual([]);
      expect(report.unmanaged.map((u) => [u.name, u.project])).toEqual([["second-by-hand", "Platform"]]);
      expect(report.coverage!.servers.map((s) => [s.server, s.managed, s.total])).toEqual([
        [stack.url, 3, 3],
        [second.url, 3, 4],
      ]);
      expect(report.coverage).toMatchObject({ managed: 6, total: 7, percent: 85.7 });
      expect(report.events).toEqual([
        { event: "drift_detection_succeeded", stack: stack.stackName },
        { event: "drift_detection_succeeded", stack: other },
      ]);

      // Both stacks checked at once: the same report, in the same order, and the same exit code.
      const atOnce = await reconcileJson(["--stack", `${stack.stackName},${other}`, "--jobs", "2"]);
      const { stacks, drifted, unmanaged, coverage, events } = report;
      expect({ code: atOnce.code, ...atOnce.report }).toMatchObject({
        code,
        stacks,
        drifted,
        unmanaged,
        coverage,
        events,
      });
    } finally {
      await stack.pulumi(["destroy", "--yes", "--skip-preview", "--stack", other, "--non-interactive"]);
      await stack.pulumi(["stack", "rm", "--yes", "--force", "--stack", other, "--non-interactive"]);
      await secondClient.close();
      await second.close();
    }
  });

  it("beside an update holding the stack's lock: detects as usual, --remediate ends at once with exit 4, the lock untouched", async () => {
    // The lock a running `pulumi up` holds on a file backend (written as the CLI writes it): what an
    // update in progress looks like to any other command, without a race against a real one.
    const locks = path.join(
      stack.backendDir(),
      ".pulumi",
      "locks",
      "organization",
      stack.projectName,
      stack.stackName,
    );
    const lock = path.join(locks, "e2e-running-up.json");
    fs.mkdirSync(locks, { recursive: true });
    const content = JSON.stringify({
      pid: 1,
      username: "e2e",
      hostname: "runner",
      timestamp: new Date(0).toISOString(),
    });
    fs.writeFileSync(lock, content);
    try {
      await changeByHand(client, ids.jenkins, PASSWORD, { description: "changed during an update" });
      const detected = await reconcileJson(["--stack", stack.stackName]);
      expect(detected.code).toBe(7);
      expect(detected.report.drifted.map((d) => [d.name, d.fields])).toEqual([["jenkins", ["description"]]]);

      const remediated = await reconcileJson(["--stack", stack.stackName, "--remediate"]);
      expect(remediated.code).toBe(4);
      expect(remediated.report.error!.message).toContain(
        `Stack ${stack.stackName} is locked by another operation`,
      );
      expect(remediated.report.events.map((e) => e.event)).toEqual([
        "drift_detection_succeeded",
        "drift_detected",
        "drift_remediation_failed",
      ]);
      expect(fs.readFileSync(lock, "utf8")).toBe(content);
      expect((await client.getEndpoint(ids.jenkins)).description).toBe("changed during an update");
    } finally {
      fs.rmSync(lock, { force: true });
    }
    // The update over, --remediate puts it back.
    expect((await reconcileJson(["--stack", stack.stackName, "--remediate"])).code).toBe(0);
  });

  it("exits 3 when the server refuses the credentials, naming the server and the setting", async () => {
    stack.setConfig(`${ns}:refreshToken`, { value: WRONG_TOKEN, secret: true });
    try {
      const { code, report, stderr } = await reconcileJson(["--stack", stack.stackName]);
      expect(code).toBe(3);
      expect(report.result).toBe("error");
      expect(stderr).toContain(`server ${stack.url} refused the credentials of stack ${stack.stackName}`);
      expect(report.error!.message).toContain(`${ns}:refreshToken`);
      expect(report.events).toEqual([
        { event: "drift_detection_failed", stack: stack.stackName, message: report.error!.message },
      ]);
      expect(report.coverage).toBeUndefined();
    } finally {
      stack.setConfig(`${ns}:refreshToken`, { value: USERS.admin, secret: true });
    }
  });

  it("exits 2 for a stack that does not exist, naming it", async () => {
    const { code, stderr } = await reconcile(["--stack", "no-such-stack"]);
    expect(code).toBe(2);
    expect(stderr).toContain("stack no-such-stack");
  });

  it("exits 4 when the server is down, naming it, and changes nothing", async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    stack.setConfig(`${ns}:url`, down);
    try {
      const { code, report, stderr } = await reconcileJson(["--stack", stack.stackName, "--remediate"], {
        VRA_MAX_RETRIES: "0",
      });
      expect(code).toBe(4);
      expect(report.error!.message).toContain(`server ${down}`);
      expect(report.events.map((e) => [e.event, e.stack])).toEqual([
        ["drift_detection_failed", stack.stackName],
      ]);
      expect(stderr).toContain(`server ${down}`);
    } finally {
      stack.setConfig(`${ns}:url`, stack.url);
    }
    expect((await client.getEndpoint(byHand)).name).toBe("made-by-hand");
  });

  it("printed no secret in any output", () => {
    expect(outputs.length).toBeGreaterThan(0);
    for (const text of outputs) for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
