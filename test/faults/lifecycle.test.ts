import { changes, E2EStack, expectOk } from "../support/program-stack";
import { DEPLOYMENTS, duplicates, Fleet } from "./fleet";
import { readOwnerMark } from "../../provider/client/owner-mark";

/*
 * The fault tier: a large stack through the real `pulumi` CLI while the emulator misbehaves as a real
 * server behind a load balancer and a rate limiter does (./fleet.ts: 503s, 429s, lost answers).
 * `up`, an update of every endpoint and `destroy` must each succeed in one run, leave the server equal
 * to the state, never make a duplicate and never print a secret. Access tokens live a few seconds, so
 * every operation also outlives several of them. Then an `up` killed midway must converge with the
 * commands docs/guides/faults.md gives ("Interrupted runs").
 */

jest.setTimeout(1_200_000);

const COUNT = Number(process.env.FAULTS_ENDPOINTS ?? 100);
const PASSWORD = "faults-Secret-Passw0rd-7";

let fleet: Fleet;
let stack: E2EStack;

beforeAll(async () => {
  fleet = await Fleet.open({ program: "test/faults/programs/fleet", projectName: "fleet" }, PASSWORD);
  stack = fleet.stack;
  stack.setConfig("url", stack.url);
  stack.setConfig("count", String(COUNT));
  stack.setConfig("deployments", String(DEPLOYMENTS));
  stack.setConfig("password", { value: PASSWORD, secret: true });
});

afterAll(async () => {
  await fleet?.close();
});

describe(`${COUNT} endpoints and ${DEPLOYMENTS} deployment resources under 503s, 429s and lost answers`, () => {
  it("creates everything in one up, without a duplicate", async () => {
    await stack.resetRequests();
    const up = expectOk(await stack.up());
    fleet.expectNoSecret(up);
    expect(changes(up)).toEqual({ create: COUNT + DEPLOYMENTS + 1 });
    const faults = await fleet.faultCounts();
    // The faults really happened (or the test proves nothing).
    expect((faults[503] ?? 0) + (faults[429] ?? 0)).toBeGreaterThan(COUNT / 20);
    // Tokens expired during the run and were renewed (each process exchanges once at start).
    const log = await stack.requests();
    expect(log.counts["POST /iaas/api/login"] ?? 0).toBeGreaterThanOrEqual(3);
    await fleet.expectServerEqualsState();
    const server = await fleet.onServer();
    expect(server.endpoints).toHaveLength(COUNT);
    expect(server.resources).toHaveLength(DEPLOYMENTS);
  });

  it("updates every endpoint in one up", () => fleet.expectOneUpUpdatesAll(COUNT));

  it("destroys everything in one run", async () => {
    const destroyed = expectOk(await stack.destroy());
    fleet.expectNoSecret(destroyed);
    const server = await fleet.onServer();
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
    // over the one that matches instead of creating a second (docs/guides/faults.md, "Interrupted runs").
    stack.setConfig("adoptResources", "true");
    // Kill the CLI and everything it started once part of the fleet exists on the server: when the
    // emulator has answered that many endpoint creations (an event of the emulator's, no polling).
    const partOfTheFleet = stack.emulator.served(
      (entry) => entry.route === "POST /pipeline/api/endpoints" && entry.status < 300 && !entry.fault,
      Math.min(30, COUNT / 3),
    );
    const running = stack.up();
    const first = await Promise.race([partOfTheFleet.then(() => "progress"), running.then(() => "ended")]);
    if (first === "ended") throw new Error("the up ended before it created part of the fleet to kill");
    stack.killAll();
    const killed = await running;
    expect(killed.ok).toBe(false);
    const createdByKilledRun = (await fleet.onServer()).endpoints.length;
    expect(createdByKilledRun).toBeGreaterThan(0);

    // The kill as it lands in the instant the engine writes its state (the plugin door's faults test
    // meets whichever instant its kill lands in): every command, cancel too, fails until the guide's
    // repair. Then what docs/guides/faults.md says to run after a killed run.
    fleet.emptyStateSideFile();
    expect(await fleet.recoverFromKilledRun()).toEqual({ repaired: true });
    const server = await fleet.onServer();
    expect(server.endpoints).toHaveLength(COUNT);
    expect(duplicates(server.endpoints.map((e) => e.name))).toEqual([]);
    // Created by this stack: each bears the mark of its resource (provider/client/owner-mark.ts) until updated.
    expect(
      server.endpoints.every((e) => readOwnerMark(e.description ?? "").description.endsWith("revision 3")),
    ).toBe(true);
    expect(server.resources).toHaveLength(DEPLOYMENTS);

    expectOk(await stack.destroy());
    expect(await fleet.onServer()).toEqual({ endpoints: [], resources: [] });
  });
});
