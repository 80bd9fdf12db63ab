import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk } from "../support/program-stack";
import { DEPLOYMENTS, duplicates, Fleet } from "./fleet";

/*
 * The fault tier through the provider plugin: the fleet of lifecycle.test.ts as a Pulumi YAML program
 * on `pulumi-resource-aria` (typed jenkins endpoints validated by the server, deployment resources),
 * while the emulator answers 503s and 429s and loses the answers of writes it carried out, and access
 * tokens live a few seconds. The plugin serves the same core as the dynamic resources, so `up`, an
 * update of every endpoint and `destroy` must each succeed in one run with the server equal to the
 * state, no duplicate, and no secret printed.
 */

jest.setTimeout(1_200_000);

const COUNT = Number(process.env.FAULTS_PLUGIN_ENDPOINTS ?? 50);
const PASSWORD = "faults-Plugin-Passw0rd-9";

let fleet: Fleet;
let stack: E2EStack;

/**
 * Writes the fleet's resources into the program's Pulumi.yaml; `adoptResources` sets the deployment
 * resources' `adopt` (the killed-run phase).
 */
function writeFleet(url: string, adoptResources = false): void {
  const file = path.join(stack.workDir, "Pulumi.yaml");
  const program = parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  const resources: Record<string, unknown> = {};
  for (let i = 0; i < COUNT; i++) {
    resources[`ep${i}`] = {
      type: "aria:index:JenkinsEndpoint",
      properties: {
        project: "Platform",
        name: `fleet-${i}`,
        description: `fleet endpoint ${i}, revision \${rev}`,
        url: `${url}/jenkins/${i}`,
        username: "bot",
        folderPath: "/jobs",
        password: "${password}",
      },
    };
  }
  for (let i = 0; i < DEPLOYMENTS; i++) {
    resources[`res${i}`] = {
      type: "aria:index:DeploymentResource",
      properties: {
        name: `fleet-res-${i}`,
        type: "Custom.E2E.Thing",
        properties: { size: "small", index: i },
        pollIntervalMaxSeconds: 0.5,
        ...(adoptResources ? { adopt: true } : {}),
      },
    };
  }
  fs.writeFileSync(file, stringify({ ...program, resources }));
}

beforeAll(async () => {
  fleet = await Fleet.open(
    { program: "test/faults/programs/fleet-plugin", projectName: "fleet-plugin", noCredentials: true },
    PASSWORD,
  );
  stack = fleet.stack;
  stack.setConfig("aria:url", stack.url);
  stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
  stack.setConfig("password", { value: PASSWORD, secret: true });
  writeFleet(stack.url);
});

afterAll(async () => {
  await fleet?.close();
});

describe(`the plugin: ${COUNT} endpoints and ${DEPLOYMENTS} deployment resources under 503s, 429s and lost answers`, () => {
  it("creates everything in one up, without a duplicate", async () => {
    await stack.resetRequests();
    const up = expectOk(await stack.up());
    fleet.expectNoSecret(up);
    // The stack and the fleet (the default provider is not counted).
    expect(changes(up)).toEqual({ create: COUNT + DEPLOYMENTS + 1 });
    const faults = await fleet.faultCounts();
    // The faults really happened (or the test proves nothing).
    expect((faults[503] ?? 0) + (faults[429] ?? 0)).toBeGreaterThan(COUNT / 20);
    const log = await stack.requests();
    // Endpoints validated by the server, and tokens renewed as they expired.
    expect(log.counts["POST /pipeline/api/endpoint-validation"] ?? 0).toBeGreaterThanOrEqual(COUNT);
    expect(log.counts["POST /iaas/api/login"] ?? 0).toBeGreaterThanOrEqual(2);
    await fleet.expectServerEqualsState();
    const server = await fleet.onServer();
    expect(server.endpoints).toHaveLength(COUNT);
    expect(server.resources).toHaveLength(DEPLOYMENTS);
    expect(stack.rawState()).not.toContain(PASSWORD);
  });

  it("updates every endpoint in one up", () => fleet.expectOneUpUpdatesAll(COUNT));

  it("previews no change and refreshes nothing, faults and all", async () => {
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    const refreshed = expectOk(await stack.refresh());
    fleet.expectNoSecret(refreshed);
    expect(changes(refreshed)).toEqual({});
  });

  it("destroys everything in one run", async () => {
    const destroyed = expectOk(await stack.destroy());
    fleet.expectNoSecret(destroyed);
    const server = await fleet.onServer();
    expect(server.endpoints).toEqual([]);
    expect(server.resources).toEqual([]);
  });
});

describe("the plugin: an up killed midway", () => {
  it("converges after refresh --clear-pending-creates and a new up, recognising what the killed run created", async () => {
    // As lifecycle.test.ts: each endpoint the killed run made bears its resource's URN, so the next
    // run takes it back (provider/client/owner-mark.ts); the deployment resources need `adopt`.
    stack.setConfig("rev", "3");
    writeFleet(stack.url, true);
    const partOfTheFleet = stack.emulator.served(
      (entry) => entry.route === "POST /pipeline/api/endpoints" && entry.status < 300 && !entry.fault,
      Math.min(20, COUNT / 3),
    );
    const running = stack.up();
    const first = await Promise.race([partOfTheFleet.then(() => "progress"), running.then(() => "ended")]);
    if (first === "ended") throw new Error("the up ended before it created part of the fleet to kill");
    stack.killAll();
    expect((await running).ok).toBe(false);
    expect((await fleet.onServer()).endpoints.length).toBeGreaterThan(0);

    await fleet.recoverFromKilledRun();
    const server = await fleet.onServer();
    expect(server.endpoints).toHaveLength(COUNT);
    expect(duplicates(server.endpoints.map((e) => e.name))).toEqual([]);
    expect(server.resources).toHaveLength(DEPLOYMENTS);

    expectOk(await stack.destroy());
    expect(await fleet.onServer()).toEqual({ endpoints: [], resources: [] });
  });
});
