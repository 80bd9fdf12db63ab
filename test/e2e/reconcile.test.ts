import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, REPO_ROOT } from "../support/program-stack";

/*
 * `aria-reconcile`, installed from the packed package, with the real CLI against the emulator,
 * through both doors: a TypeScript program of dynamic resources (`vra:` settings) and a Pulumi YAML
 * program on the `aria` plugin (`aria:` settings). One stack each and one `up`: in sync; then a
 * description changed, an endpoint deleted and one made by hand, out of band; `--remediate`; and the
 * failures (refused credentials, an unknown stack, a server that is down), with no secret in any output.
 */

jest.setTimeout(10 * 60_000);

const PASSWORD = "e2e-Reconcile-Passw0rd";
const GIT_TOKEN = "e2e-Reconcile-Git-T0ken";
const WRONG_TOKEN = "wrong-refresh-token-e2e";
const SECRETS = [PASSWORD, GIT_TOKEN, USERS.admin, WRONG_TOKEN];

const schema = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, "provider", "reconcile", "report.schema.json"), "utf8"),
) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

interface Report {
  result: string;
  exitCode: number;
  stacks: { name: string; door?: string; endpoints: number; remediated: boolean }[];
  drifted: { name: string; action: string; fields: string[]; remediated?: boolean }[];
  unmanaged: {
    name: string;
    id: string;
    project: string;
    adopt: { pulumiImport: string; ariaExport: string };
  }[];
  error?: { message: string };
}

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
  async function reconcileJson(args: string[], env: Record<string, string> = {}) {
    const result = await reconcile(["--json", ...args], env);
    const report = JSON.parse(result.stdout) as Report;
    expect(validate(report) ? [] : validate.errors).toEqual([]);
    expect(report.exitCode).toBe(result.code);
    return { ...result, report };
  }

  beforeAll(async () => {
    stack = await openStack({ program, noCredentials: true, emulatorOptions: { seedResources: 0 } });
    stack.setConfig(`${ns}:url`, stack.url);
    stack.setConfig(`${ns}:refreshToken`, { value: USERS.admin, secret: true });
    stack.setConfig(`${ns}:validateEndpoints`, "false");
    stack.setConfig("password", { value: PASSWORD, secret: true });
    stack.setConfig("gitToken", { value: GIT_TOKEN, secret: true });
    client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 3 });
    ids = { jenkins: up.outputs!.jenkinsId.value as string, git: up.outputs!.gitId.value as string };
  });

  afterAll(async () => {
    await client?.close();
    await stack?.dispose();
  });

  it("finds nothing on a stack in sync: exit 0 and empty lists", async () => {
    const { code, report, stderr } = await reconcileJson(["--stack", stack.stackName]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(report).toMatchObject({ result: "in-sync", drifted: [], unmanaged: [] });
    expect(report.stacks).toEqual([
      expect.objectContaining({ name: stack.stackName, door, endpoints: 2, drifted: 0, remediated: false }),
    ]);
  });

  it("names a changed description, a deleted endpoint and one made by hand: exit 7", async () => {
    const jenkins = await client.getEndpoint(ids.jenkins);
    await client.updateEndpoint(ids.jenkins, {
      name: jenkins.name,
      type: jenkins.type,
      project: jenkins.project ?? undefined,
      description: "changed by hand",
      properties: { ...jenkins.properties, password: PASSWORD },
    });
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

    // The human form: a table naming the same three, and the command that adopts the hand-made one.
    const human = await reconcile(["--stack", stack.stackName]);
    expect(human.code).toBe(7);
    expect(human.stdout).toMatch(/jenkins\s+\S+\s+update\s+description/);
    expect(human.stdout).toMatch(/git\s+\S+\s+create/);
    expect(human.stdout).toContain(door === "plugin" ? adopt.pulumiImport : adopt.ariaExport);
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

    expect((await client.getEndpoint(ids.jenkins)).description).toBe("CI server");
    const listed = await client.listAllEndpoints();
    expect(listed.filter((e) => e.name === "app-repo")).toHaveLength(1);
    expect(listed.find((e) => e.id === byHand)).toMatchObject({ name: "made-by-hand" });
    // Nothing but the hand-made endpoint is left to report.
    const after = await reconcileJson(["--stack", stack.stackName]);
    expect(after.report).toMatchObject({ result: "changes", drifted: [], unmanaged: [{ id: byHand }] });
  });

  it("exits 3 when the server refuses the credentials, naming the server and the setting", async () => {
    stack.setConfig(`${ns}:refreshToken`, { value: WRONG_TOKEN, secret: true });
    try {
      const { code, report, stderr } = await reconcileJson(["--stack", stack.stackName]);
      expect(code).toBe(3);
      expect(report.result).toBe("error");
      expect(stderr).toContain(`server ${stack.url} refused the credentials of stack ${stack.stackName}`);
      expect(report.error!.message).toContain(`${ns}:refreshToken`);
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
