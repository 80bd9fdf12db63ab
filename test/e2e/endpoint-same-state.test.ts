import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { markedOwner } from "../../provider/endpoint/owner";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * An `up` leaves the state of the endpoints it does not change exactly as it found it, whatever wrote
 * that state: a create, an update, or a refresh (whose inputs are `read`'s, rebuilt from the
 * outputs). The engine compares each unchanged resource's checked inputs (and outputs) with the
 * stored ones and writes the whole state once for each that differs in anything, however little: an
 * `up` changing one endpoint of N then costs O(N²) in the engine. `check` once put back the dynamic
 * door's `__owner` that a refresh's `read` had left out, so every `up` after a refresh (and every
 * `up --refresh`) rewrote every endpoint. Through the real CLI, with the state exported in clear
 * (`--show-secrets`: a rewritten secret is encrypted again with a new nonce, the same value or not).
 */

const COUNT = 5;
const CHANGED = 2;
const MOVED = 3;
const ENDPOINT_TYPE = "pulumi-nodejs:dynamic/aria:Endpoint";

jest.setTimeout(600_000);

interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
}

let stack: E2EStack;
let client: AriaClient;

beforeAll(async () => {
  stack = await openStack({ program: "test/e2e/programs/endpoint-many" });
  stack.setConfig("url", stack.url);
  stack.setConfig("count", String(COUNT));
  stack.setConfig("password", { value: "e2e-Same-Passw0rd", secret: true });
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

/** Each endpoint's whole state entry as `pulumi stack export --show-secrets` prints it, by URN. */
async function endpointEntries(): Promise<Map<string, string>> {
  const exported = await stack.pulumi(["stack", "export", "--show-secrets", "--stack", stack.stackName]);
  expect(exported.code).toBe(0);
  const resources = (JSON.parse(exported.stdout) as { deployment: { resources: StateResource[] } }).deployment
    .resources;
  const entries = resources.filter((r) => r.type === ENDPOINT_TYPE);
  expect(entries).toHaveLength(COUNT);
  return new Map(entries.map((r) => [r.urn, JSON.stringify(r)]));
}

const urnOf = (entries: Map<string, string>, i: number): string => {
  const urn = [...entries.keys()].find((u) => u.endsWith(`::many-${i}`));
  if (!urn) throw new Error(`no endpoint many-${i} in the state`);
  return urn;
};

/** The entries of `after` that differ from `before`'s, by URN. */
function changedEntries(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((urn) => before.get(urn) !== after.get(urn)).sort();
}

describe("an up leaves the endpoints it does not change as they were stored", () => {
  it("after the create: an up with nothing changed rewrites none", async () => {
    expect(changes(expectOk(await stack.up()))).toEqual({ create: COUNT + 1 });
    const created = await endpointEntries();
    expect(changes(expectOk(await stack.up()))).toEqual({});
    expect(changedEntries(created, await endpointEntries())).toEqual([]);
  });

  it("after a refresh: an up with nothing changed rewrites none, nor one changing one endpoint", async () => {
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
    const refreshed = await endpointEntries();
    expect(changes(expectOk(await stack.up()))).toEqual({});
    const unchanged = await endpointEntries();
    expect(changedEntries(refreshed, unchanged)).toEqual([]);

    stack.setConfig("changed", String(CHANGED));
    expect(changes(expectOk(await stack.up()))).toEqual({ update: 1 });
    const updated = await endpointEntries();
    expect(changedEntries(unchanged, updated)).toEqual([urnOf(updated, CHANGED)]);
  });

  it("after a refresh: an up --refresh with nothing changed rewrites none", async () => {
    const before = await endpointEntries();
    expect(changes(expectOk(await stack.up({ refresh: true })))).toEqual({});
    expect(changedEntries(before, await endpointEntries())).toEqual([]);
  });

  it("a replacement after a refresh still marks the new endpoint with its resource's URN", async () => {
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
    stack.setConfig("moved", String(MOVED));
    expect(changes(expectOk(await stack.up()))).toEqual({ replace: 1 });
    const entries = await endpointEntries();
    const urn = urnOf(entries, MOVED);
    const id = (JSON.parse(entries.get(urn)!) as StateResource).id!;
    const onServer = await client.getEndpoint(id);
    expect(onServer.project).toBe("Payments");
    // The create's owner mark (provider/endpoint/owner.ts) names the resource: the URN as the
    // program composes it (without a parent's type), which here, with no parent, is the engine's.
    expect(markedOwner(onServer.description)).toBe(urn);
  });
});
