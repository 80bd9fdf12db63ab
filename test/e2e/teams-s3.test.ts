import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { AriaClient } from "../../provider/client";
import { Emulator, USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";
import { S3Server, startS3Server } from "../support/s3-server";

/*
 * Many teams on one server, with their state in S3 (docs/guides/teams.md): an S3-compatible server on
 * loopback (moto_server, ../support/s3-server.ts) holds two teams' stacks, each on its door. Team A
 * (dynamic resources) declares `shared-jira` and an endpoint of its own; team B (provider plugin)
 * declares an identical `shared-jira`: its `up` fails naming it instead of sharing it silently, and
 * each `destroy` removes only its own. Two `up`s of one stack at once: the backend's lock lets one
 * change anything, the other fails with the engine's lock message, and the state stays whole. A
 * killed run's stale lock: `pulumi cancel`, then the next `up` converges.
 */

jest.setTimeout(900_000);

let s3: S3Server;
let emulator: Emulator;
let client: AriaClient;
let teamA: E2EStack;
let teamB: E2EStack;

/** Team B's program: its own endpoint, and `shared-jira` while it declares it. */
function writeTeamB(declareShared: boolean): void {
  const jira = (name: string, description: string, url: string, username: string) => ({
    type: "aria:index:Endpoint",
    properties: {
      name,
      type: "jira",
      project: "Platform",
      description,
      properties: { url, username },
      validate: false,
    },
  });
  const resources: Record<string, unknown> = {
    own: jira("team-b-jira", "team-b's Jira, revision 1", "https://jira.example.com/team-b", "team-b"),
  };
  // Identical, field for field, to team A's.
  if (declareShared) {
    resources.shared = jira(
      "shared-jira",
      "Jira every team's pipelines use",
      "https://jira.example.com",
      "pipelines",
    );
  }
  const file = path.join(teamB.workDir, "Pulumi.yaml");
  const program = { ...(parse(fs.readFileSync(file, "utf8")) as object), resources };
  fs.writeFileSync(file, stringify(program));
}

/** The server's endpoints by name, with their ids. */
async function onServer(): Promise<Record<string, string>> {
  const all = await client.listAllEndpoints();
  return Object.fromEntries(all.map((e) => [e.name, e.id]));
}

beforeAll(async () => {
  s3 = await startS3Server();
  emulator = await Emulator.start();
  client = emulator.client();
  teamA = await openStack({
    program: "test/e2e/programs/teams-dynamic",
    projectName: "team-a",
    emulator: emulator.running,
    env: s3.env,
    config: { team: "team-a" },
  });
  teamB = await openStack({
    program: "test/e2e/programs/teams-plugin",
    projectName: "teams-plugin",
    emulator: emulator.running,
    env: s3.env,
    noCredentials: true,
  });
  teamB.setConfig("aria:url", emulator.url);
  teamB.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
});

afterAll(async () => {
  await teamA?.dispose();
  await teamB?.dispose();
  await client?.close();
  await emulator?.close();
  await s3?.close();
});

describe("two teams' stacks with their state in S3, on one server", () => {
  it("keeps the state in the bucket", async () => {
    expect(changes(expectOk(await teamA.up()))).toEqual({ create: 3 });
    const keys = await s3.keys(".pulumi/stacks/");
    expect(keys).toContain(`.pulumi/stacks/team-a/${teamA.stackName}.json`);
    expect(Object.keys(await onServer()).sort()).toEqual(["shared-jira", "team-a-jira"]);
  });

  it("refuses team B's identical endpoint, naming it and how to take it over", async () => {
    writeTeamB(true);
    const up = await teamB.up();
    expect(up.ok).toBe(false);
    const printed = `${up.stdout}\n${up.stderr}`;
    expect(printed).toContain("Cannot create endpoint 'shared-jira' in project 'Platform'");
    expect(printed).toMatch(/created by Pulumi for another resource, urn:pulumi:\w+::team-a::/);
    expect(printed).toContain("set `adopt: true`");
    expect(printed).not.toContain(USERS.admin);
    // Team A's endpoint is as it was: still one, not taken over.
    const server = await onServer();
    expect(server["shared-jira"]).toBeDefined();
    writeTeamB(false);
    expectOk(await teamB.up());
    expect(Object.keys(await onServer()).sort()).toEqual(["shared-jira", "team-a-jira", "team-b-jira"]);
  });

  it("lets one of two concurrent ups of a stack change anything, and leaves the state whole", async () => {
    teamA.setConfig("rev", "2");
    // Config written once, before both start (each `up` would otherwise write it too).
    await teamA.pulumi(["config", "get", "team", "--stack", teamA.stackName]);
    const [first, second] = await Promise.all([teamA.up(), teamA.up()]);
    const results = [first, second];
    const failed = results.filter((r) => !r.ok);
    const changed = results.filter((r) => r.ok && Object.keys(changes(r)).length > 0);
    // At most one changed anything; a loser fails with the engine's lock message and its hint.
    expect(changed.length).toBeLessThanOrEqual(1);
    for (const r of failed)
      expect(`${r.stdout}\n${r.stderr}`).toMatch(/currently locked by 1 lock\(s\)[\s\S]*pulumi cancel/);
    // The S3 (diy) backend writes its lock, then looks for others' (pkg/backend/diy/lock.go): two runs
    // that both write before either looks are both refused, and the rerun the hint asks for applies it.
    if (changed.length === 1) expect(changes(changed[0])).toEqual({ update: 1 });
    else expect(changes(expectOk(await teamA.up()))).toEqual({ update: 1 });
    expect(changes(expectOk(await teamA.preview()))).toEqual({});
    expect(await s3.keys(".pulumi/locks/")).toEqual([]);
  });

  it("clears a killed run's stale lock with `pulumi cancel`, then converges", async () => {
    teamA.setConfig("rev", "3");
    // Killed once its provider talks to the server: the engine took the lock before the program ran.
    const talking = emulator.running.served(() => true, 1);
    const running = teamA.up();
    const first = await Promise.race([talking.then(() => "progress"), running.then(() => "ended")]);
    if (first === "ended") throw new Error("the up ended before it reached the server");
    teamA.killAll();
    expect((await running).ok).toBe(false);
    expect((await s3.keys(".pulumi/locks/")).length).toBe(1);
    const blocked = await teamA.up();
    expect(blocked.ok).toBe(false);
    expect(`${blocked.stdout}\n${blocked.stderr}`).toMatch(/currently locked by 1 lock\(s\)/);
    // The runbook (docs/guides/teams.md): make sure no run is going on, then cancel its lock.
    const cancel = await teamA.pulumi(["cancel", "--yes", "--stack", teamA.stackName]);
    expect(cancel.code).toBe(0);
    expectOk(await teamA.up());
    expect(changes(expectOk(await teamA.preview()))).toEqual({});
  });

  it("destroys each team's own endpoints only", async () => {
    const before = await onServer();
    expectOk(await teamB.destroy());
    const afterB = await onServer();
    expect(Object.keys(afterB).sort()).toEqual(["shared-jira", "team-a-jira"]);
    expect(afterB["shared-jira"]).toBe(before["shared-jira"]);
    expectOk(await teamA.destroy());
    expect(await onServer()).toEqual({});
  });
});
