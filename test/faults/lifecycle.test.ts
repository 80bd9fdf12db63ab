import * as fs from "node:fs";
import * as path from "node:path";
import type { FaultRule } from "../../emulator";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { changes, E2EStack, expectOk, openStack, OpResult, USERS } from "../e2e/harness";

/*
 * The fault tier: a large stack through the real `pulumi` CLI while the emulator misbehaves as a real
 * server behind a load balancer and a rate limiter does: 10% of API requests answer 503, 5% answer 429
 * (Retry-After: 1), and 10% of writes are carried out but their answer is lost (the socket is cut).
 * `up`, an update of every endpoint and `destroy` must each succeed in one run, leave the server equal
 * to the state, never make a duplicate and never print a secret. Access tokens live a few seconds, so
 * every operation also outlives several of them. Then an `up` killed midway must converge with the
 * commands the README gives.
 */

jest.setTimeout(1_200_000);

const COUNT = Number(process.env.FAULTS_ENDPOINTS ?? 100);
const DEPLOYMENTS = 3;
const PASSWORD = "faults-Secret-Passw0rd-7";
const API = "^/(pipeline|codestream|deployment|iaas|csp)/";
/** Access-token lifetime: each operation below runs through several tokens. */
const TOKEN_TTL_SECONDS = 3;

/** The mix of faults, on API paths only (the emulator's own /__emulator routes never fail). */
export const FAULT_MIX: { rules: FaultRule[] } = {
  rules: [
    { kind: "status", status: 503, rate: 0.1, path: API },
    { kind: "status", status: 429, retryAfterSeconds: 1, rate: 0.05, path: API },
    ...["POST", "PUT", "DELETE", "PATCH"].map((method) => ({
      kind: "cut" as const,
      method,
      rate: 0.1,
      path: API,
    })),
  ],
};

let stack: E2EStack;
let client: AriaClient;

async function setFaults(body: { rules: FaultRule[] }): Promise<void> {
  await stack.ops.setFaults(body.rules);
}

/** The server's fleet endpoints and resources, read with faults off. */
async function onServer() {
  await setFaults({ rules: [] });
  try {
    const endpoints = (await client.listAllEndpoints()).filter((e) => e.name.startsWith("fleet-"));
    const resources = (await client.listAllResources()).filter((r) => r.name.startsWith("fleet-res-"));
    return { endpoints, resources };
  } finally {
    await setFaults(FAULT_MIX);
  }
}

/**
 * The README's repair for a local backend killed while writing its state: the storage library
 * rewrites a stack's `.attrs` side file in place, and a kill at that instant leaves it empty, which
 * every later command reports as "failed to load checkpoint: EOF". Deletes the empty ones.
 */
function removeEmptySideFiles(dir: string): string[] {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith(".attrs") && fs.statSync(file).size === 0) {
      fs.rmSync(file);
      removed.push(file);
    }
  }
  return removed;
}

/** Counts of each name: a duplicate shows as a count above one. */
function duplicates(names: string[]): string[] {
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([name]) => name);
}

/** Asserts that nothing the operation printed holds the secret or a token. */
function expectNoSecret(result: OpResult): void {
  const printed = `${result.stdout}\n${result.stderr ?? ""}\n${result.error ?? ""}`;
  expect(printed).not.toContain(PASSWORD);
  expect(printed).not.toContain(USERS.admin);
  expect(printed).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/); // no JWT
}

/** The ids the state holds for the fleet's endpoints and resources. */
async function stateIds(): Promise<{ endpoints: string[]; resources: string[] }> {
  const deployment = (await stack.exportStack()) as {
    deployment: { resources?: Array<{ type: string; id?: string; urn: string }> };
  };
  const resources = deployment.deployment.resources ?? [];
  return {
    endpoints: resources.filter((r) => r.type.endsWith("aria:Endpoint")).map((r) => r.id!),
    resources: resources.filter((r) => r.type.endsWith("aria:DeploymentResource")).map((r) => r.id!),
  };
}

async function expectServerEqualsState(): Promise<void> {
  const server = await onServer();
  const state = await stateIds();
  expect(duplicates(server.endpoints.map((e) => e.name))).toEqual([]);
  expect(duplicates(server.resources.map((r) => r.name))).toEqual([]);
  expect(server.endpoints.map((e) => e.id).sort()).toEqual([...state.endpoints].sort());
  expect(server.resources.map((r) => r.id).sort()).toEqual([...state.resources].sort());
}

/** The requests the faults answered in place of the server, from the emulator's log. */
async function faultCounts(): Promise<Record<string, number>> {
  const log = await stack.requests();
  const counts: Record<string, number> = {};
  for (const entry of log.entries) {
    if (entry.status === 429 || entry.status === 503) counts[entry.status] = (counts[entry.status] ?? 0) + 1;
  }
  return counts;
}

beforeAll(async () => {
  stack = await openStack({
    program: "test/faults/programs/fleet",
    projectName: "fleet",
    emulatorOptions: { tokenTtlSeconds: TOKEN_TTL_SECONDS },
  });
  stack.setConfig("url", stack.url);
  stack.setConfig("count", String(COUNT));
  stack.setConfig("deployments", String(DEPLOYMENTS));
  stack.setConfig("password", { value: PASSWORD, secret: true });
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
  await setFaults(FAULT_MIX);
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

describe(`${COUNT} endpoints and ${DEPLOYMENTS} deployment resources under 503s, 429s and lost answers`, () => {
  it("creates everything in one up, without a duplicate", async () => {
    await stack.resetRequests();
    const up = expectOk(await stack.up());
    expectNoSecret(up);
    expect(changes(up)).toEqual({ create: COUNT + DEPLOYMENTS + 1 });
    const faults = await faultCounts();
    // The faults really happened (or the test proves nothing).
    expect((faults[503] ?? 0) + (faults[429] ?? 0)).toBeGreaterThan(COUNT / 20);
    // Tokens expired during the run and were renewed (each process exchanges once at start).
    const log = await stack.requests();
    expect(log.counts["POST /iaas/api/login"] ?? 0).toBeGreaterThanOrEqual(3);
    await expectServerEqualsState();
    const server = await onServer();
    expect(server.endpoints).toHaveLength(COUNT);
    expect(server.resources).toHaveLength(DEPLOYMENTS);
  });

  it("updates every endpoint in one up", async () => {
    stack.setConfig("rev", "2");
    const up = expectOk(await stack.up());
    expectNoSecret(up);
    expect(changes(up)).toEqual({ update: COUNT });
    const server = await onServer();
    expect(server.endpoints.every((e) => e.description?.endsWith("revision 2"))).toBe(true);
    await expectServerEqualsState();
  });

  it("destroys everything in one run", async () => {
    const destroyed = expectOk(await stack.destroy());
    expectNoSecret(destroyed);
    const server = await onServer();
    expect(server.endpoints).toEqual([]);
    expect(server.resources).toEqual([]);
    expect(stack.rawState()).not.toContain(PASSWORD);
  });
});

describe("an up killed midway", () => {
  it("converges after refresh --clear-pending-creates and a new up, recognising what the killed run created", async () => {
    stack.setConfig("rev", "3");
    // (project, name) identifies an endpoint, so the next run recognises the ones the killed run
    // made. A deployment resource being created at the kill is forgotten by the engine and nothing
    // on the server ties it to the program (names are not unique): with `adopt`, the next run takes
    // over the one that matches instead of creating a second (README, "Interrupted runs").
    stack.setConfig("adoptResources", "true");
    const running = stack.up();
    // Kill the CLI and everything it started once part of the fleet exists on the server.
    const deadline = Date.now() + 300_000;
    for (;;) {
      const { endpoints } = await onServer();
      if (endpoints.length >= Math.min(30, COUNT / 3)) break;
      if (Date.now() > deadline) throw new Error("the up made no progress to kill");
      await new Promise((r) => setTimeout(r, 200));
    }
    stack.killAll();
    const killed = await running;
    expect(killed.ok).toBe(false);
    const createdByKilledRun = (await onServer()).endpoints.length;
    expect(createdByKilledRun).toBeGreaterThan(0);

    // What the README says to run after a killed run (cancel only where the backend holds a lock).
    await stack.pulumi(["cancel", "--yes", "--stack", stack.stackName]);
    let refreshed = await stack.refresh({ clearPendingCreates: true });
    if (!refreshed.ok && /failed to load checkpoint: EOF/.test(`${refreshed.error}${refreshed.stderr}`)) {
      // Killed in the instant the engine wrote its state: the README's repair, and only then.
      expect(removeEmptySideFiles(stack.backendDir()).length).toBeGreaterThan(0);
      refreshed = await stack.refresh({ clearPendingCreates: true });
    }
    expectOk(refreshed);
    expectNoSecret(refreshed);
    const up = expectOk(await stack.up());
    expectNoSecret(up);
    await expectServerEqualsState();
    const server = await onServer();
    expect(server.endpoints).toHaveLength(COUNT);
    expect(duplicates(server.endpoints.map((e) => e.name))).toEqual([]);
    expect(server.endpoints.every((e) => e.description?.endsWith("revision 3"))).toBe(true);
    expect(server.resources).toHaveLength(DEPLOYMENTS);

    expectOk(await stack.destroy());
    expect(await onServer()).toEqual({ endpoints: [], resources: [] });
  });
});
