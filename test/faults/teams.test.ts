import { AriaClient } from "../../provider/client";
import { Emulator, USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";
import { duplicates } from "./fleet";

/*
 * Four teams' stacks `up` at once against one server that rate-limits them (docs/guides/teams.md):
 * each team on its own credentials, the server answering a fifth of the API's requests with 429
 * (`Retry-After: 1`). All converge in one run each, nothing is made twice, and no endpoint of one team
 * is created, updated or deleted by another (the server's `createdBy`/`updatedBy` say who).
 */

jest.setTimeout(900_000);

const TEAMS = ["team-1", "team-2", "team-3", "team-4"];
const OWN = Number(process.env.FAULTS_TEAM_ENDPOINTS ?? 10);

let emulator: Emulator;
let admin: AriaClient;
const stacks = new Map<string, E2EStack>();

async function teamEndpoints() {
  await emulator.ops.setFaults([]);
  try {
    return await admin.listAllEndpoints();
  } finally {
    await rateLimited();
  }
}

async function rateLimited(): Promise<void> {
  await emulator.ops.setFaults([
    { kind: "status", status: 429, retryAfterSeconds: 1, rate: 0.2, path: "^/(pipeline|iaas)/" },
  ]);
}

beforeAll(async () => {
  emulator = await Emulator.start({
    users: [
      { username: "admin", password: "admin-password", admin: true, refreshToken: USERS.admin },
      ...TEAMS.map((team) => ({ username: team, password: `${team}-password` })),
    ],
  });
  admin = emulator.client();
  for (const team of TEAMS) {
    const stack = await openStack({
      program: "test/e2e/programs/teams-dynamic",
      projectName: team,
      emulator: emulator.running,
      noCredentials: true,
      config: { team, shared: "false", ownCount: String(OWN) },
    });
    stack.setConfig("vra:url", emulator.url);
    stack.setConfig("vra:refreshToken", { value: `${team}-refresh-token`, secret: true });
    stacks.set(team, stack);
  }
  await rateLimited();
});

afterAll(async () => {
  for (const stack of stacks.values()) await stack.dispose();
  await admin?.close();
  await emulator?.close();
});

describe(`${TEAMS.length} teams' stacks at once, ${OWN} endpoints each, under 429s`, () => {
  it("all converge, nothing twice, no team touching another's endpoints", async () => {
    await emulator.ops.clearRequests();
    const ups = await Promise.all([...stacks.values()].map((stack) => stack.up()));
    for (const up of ups) expect(changes(expectOk(up))).toEqual({ create: OWN + 1 });
    const log = await emulator.ops.requests();
    expect(log.entries.filter((entry) => entry.status === 429).length).toBeGreaterThan(TEAMS.length);
    const server = await teamEndpoints();
    expect(server).toHaveLength(TEAMS.length * OWN);
    expect(duplicates(server.map((e) => e.name))).toEqual([]);
    for (const team of TEAMS) {
      const mine = server.filter((e) => e.name.startsWith(`${team}-`));
      expect(mine).toHaveLength(OWN);
      for (const endpoint of mine) {
        expect(endpoint.createdBy).toBe(team);
        expect(endpoint.updatedBy).toBe(team);
      }
      const outputs = (await stacks.get(team)!.run("outputs", {})).outputs;
      expect([...(outputs?.ownIds.value as string[])].sort()).toEqual(mine.map((e) => e.id).sort());
    }
    for (const stack of stacks.values()) expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("each destroys its own, at once", async () => {
    const destroyed = await Promise.all([...stacks.values()].map((stack) => stack.destroy()));
    for (const result of destroyed) expectOk(result);
    expect(await teamEndpoints()).toEqual([]);
  });
});
