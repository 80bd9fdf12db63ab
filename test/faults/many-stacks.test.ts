import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { AriaClient } from "../../provider/client";
import { Emulator } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";
import { duplicates } from "./fleet";

/*
 * Many stacks at once against one server (docs/guides/large-stacks.md, "Many stacks at once"): six
 * YAML stacks on the provider plugin, each its own provider process with its own client and nothing
 * shared, `up`, update every endpoint and `destroy` at once against one emulator that accepts
 * `RATE` requests a second and refuses the rest with 429 (its `--rate-limit`). Each client slows to
 * its share by itself and keeps going while refused, so every run succeeds, nothing is made twice
 * and nothing is left behind.
 */

jest.setTimeout(600_000);

const STACKS = 6;
const ENDPOINTS = Number(process.env.FAULTS_MANY_STACKS_ENDPOINTS ?? 8);
const RATE = 15;

let emulator: Emulator;
let admin: AriaClient;
const stacks: E2EStack[] = [];

/** Writes stack `k`'s endpoints (`many-<k>-<i>`) and one deployment resource into its Pulumi.yaml. */
function writeProgram(stack: E2EStack, k: number): void {
  const file = path.join(stack.workDir, "Pulumi.yaml");
  const program = parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  const resources: Record<string, unknown> = {};
  for (let i = 0; i < ENDPOINTS; i++) {
    resources[`ep${i}`] = {
      type: "aria:index:JenkinsEndpoint",
      properties: {
        project: "Platform",
        name: `many-${k}-${i}`,
        description: `stack ${k} endpoint ${i}, revision \${rev}`,
        url: `${emulator.url}/jenkins/${k}-${i}`,
        username: "bot",
        folderPath: "/jobs",
        password: "${password}",
      },
    };
  }
  resources.res = {
    type: "aria:index:DeploymentResource",
    properties: {
      name: `many-res-${k}`,
      type: "Custom.E2E.Thing",
      properties: { size: "small", index: k },
      pollIntervalMaxSeconds: 0.5,
    },
  };
  fs.writeFileSync(file, stringify({ ...program, resources }));
}

/** The stacks' endpoints and resources on the server (the admin's reads pass the limit too, patiently). */
async function onServer() {
  const endpoints = (await admin.listAllEndpoints()).filter((e) => e.name.startsWith("many-"));
  const resources = (await admin.listAllResources()).filter((r) => r.name.startsWith("many-res-"));
  return { endpoints, resources };
}

/** The 429s the server answered since the log was cleared, and all its API requests. */
async function refusals(): Promise<{ refused: number; total: number }> {
  const log = await emulator.ops.requests();
  return {
    refused: log.entries.filter((entry) => entry.status === 429).length,
    total: log.entries.length,
  };
}

beforeAll(async () => {
  emulator = await Emulator.start({ rateLimit: RATE });
  admin = emulator.client();
  for (let k = 0; k < STACKS; k++) {
    // Each stack on a backend of its own, as each team's: one project, six stacks.
    const stack = await openStack({
      program: "test/faults/programs/fleet-plugin",
      emulator: emulator.running,
      namespace: "aria",
    });
    stack.setConfig("password", { value: `many-Passw0rd-${k}`, secret: true });
    writeProgram(stack, k);
    stacks.push(stack);
  }
});

afterAll(async () => {
  for (const stack of stacks) await stack.dispose();
  await admin?.close();
  await emulator?.close();
});

describe(`${STACKS} stacks of ${ENDPOINTS} endpoints at once against a server accepting ${RATE} requests a second`, () => {
  it("all create in one up each, nothing twice, though the server refuses many requests", async () => {
    await emulator.ops.clearRequests();
    const ups = await Promise.all(stacks.map((stack) => stack.up()));
    for (const up of ups) expect(changes(expectOk(up))).toEqual({ create: ENDPOINTS + 2 });
    // The limit really refused requests (or the test proves nothing).
    expect((await refusals()).refused).toBeGreaterThan(STACKS);
    const server = await onServer();
    expect(duplicates(server.endpoints.map((e) => e.name))).toEqual([]);
    expect(server.endpoints).toHaveLength(STACKS * ENDPOINTS);
    expect(server.resources).toHaveLength(STACKS);
  });

  it("all update every endpoint in one up each", async () => {
    for (const stack of stacks) stack.setConfig("rev", "2");
    const ups = await Promise.all(stacks.map((stack) => stack.up()));
    for (const up of ups) expect(changes(expectOk(up))).toEqual({ update: ENDPOINTS });
    const server = await onServer();
    expect(server.endpoints.every((e) => e.description?.endsWith("revision 2"))).toBe(true);
  });

  it("all destroy in one run each, leaving nothing behind", async () => {
    const destroyed = await Promise.all(stacks.map((stack) => stack.destroy()));
    for (const result of destroyed) expectOk(result);
    expect(await onServer()).toEqual({ endpoints: [], resources: [] });
  });
});
