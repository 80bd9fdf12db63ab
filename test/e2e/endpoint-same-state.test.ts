import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * An `up` leaves the state of the endpoints it does not change as it found it, whatever wrote that
 * state: a create, an update, or a refresh (whose inputs are `read`'s, rebuilt from the outputs).
 * The engine compares each unchanged resource's checked inputs (and outputs) with the stored ones
 * and writes the whole state once for each that differs in anything: an `up` changing one endpoint
 * of N then costs O(N²) in the engine. `check` once put back the dynamic door's `__owner` that a
 * refresh's `read` had left out, so every `up` after a refresh (and every `up --refresh`) rewrote
 * every endpoint. Through the real CLI: the inputs and outputs in the state exported in clear
 * (`--show-secrets`: a rewritten secret is encrypted again with a new nonce, the same value or not),
 * compared as the engine compares them (a key holding null is no key), and the engine's own verdict
 * for each unchanged resource, from its verbose log.
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
  outputs?: Record<string, unknown>;
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

/** A property value as the engine compares it: an object's keys holding null left out. */
function compared(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compared);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, compared(v)]),
  );
}

/** Each endpoint's inputs and outputs as `pulumi stack export --show-secrets` prints them, by URN. */
async function endpointEntries(): Promise<Map<string, unknown>> {
  const exported = await stack.pulumi(["stack", "export", "--show-secrets", "--stack", stack.stackName]);
  expect(exported.code).toBe(0);
  const resources = (JSON.parse(exported.stdout) as { deployment: { resources: StateResource[] } }).deployment
    .resources;
  const entries = resources.filter((r) => r.type === ENDPOINT_TYPE);
  expect(entries).toHaveLength(COUNT);
  return new Map(entries.map((r) => [r.urn, compared({ inputs: r.inputs, outputs: r.outputs })]));
}

/**
 * Expects `after` to hold `before`'s entries unchanged, but for `changed` (URNs): the whole of each
 * differing entry is shown on failure.
 */
function expectUnchanged(before: Map<string, unknown>, after: Map<string, unknown>, changed: string[] = []) {
  const keep = (entries: Map<string, unknown>) =>
    Object.fromEntries([...entries].filter(([urn]) => !changed.includes(urn)));
  expect(keep(after)).toEqual(keep(before));
  for (const urn of changed) expect(after.get(urn)).not.toEqual(before.get(urn));
}

/**
 * `pulumi up` with the engine's verbose log: how many "same" steps it wrote the state for, and how
 * many it did not (backend/snapshot.go, `sameSnapshotMutation`).
 */
async function upWithSnapshotLog(): Promise<{ written: string[]; elided: number }> {
  const r = await stack.pulumi([
    ...["up", "--yes", "--skip-preview", "--non-interactive", "--stack", stack.stackName],
    ...["-v=9", "--logtostderr"],
  ]);
  expect(r.code).toBe(0);
  const log = `${r.stdout}\n${r.stderr}`;
  return {
    written: log.match(/SnapshotManager: mustWrite\(\) true because of \w+/g) ?? [],
    elided: (log.match(/sameSnapshotMutation\.End\(\) eliding write/g) ?? []).length,
  };
}

const urnOf = (entries: Map<string, unknown>, i: number): string => {
  const urn = [...entries.keys()].find((u) => u.endsWith(`::many-${i}`));
  if (!urn) throw new Error(`no endpoint many-${i} in the state`);
  return urn;
};

describe("an up leaves the endpoints it does not change as they were stored", () => {
  it("after the create: an up with nothing changed rewrites none", async () => {
    expect(changes(expectOk(await stack.up()))).toEqual({ create: COUNT + 1 });
    const created = await endpointEntries();
    expect(changes(expectOk(await stack.up()))).toEqual({});
    expectUnchanged(created, await endpointEntries());
  });

  it("after a refresh: an up changing one endpoint writes the state for none of the others", async () => {
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
    const refreshed = await endpointEntries();
    stack.setConfig("changed", String(CHANGED));
    const { written, elided } = await upWithSnapshotLog();
    expect(written).toEqual([]);
    // The stack, the provider and the endpoints but the changed one: the log says what it claims.
    expect(elided).toBeGreaterThanOrEqual(COUNT - 1);
    const updated = await endpointEntries();
    expectUnchanged(refreshed, updated, [urnOf(updated, CHANGED)]);
  });

  it("after a refresh: an up --refresh with nothing changed rewrites none", async () => {
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
    const before = await endpointEntries();
    expect(changes(expectOk(await stack.up({ refresh: true })))).toEqual({});
    expectUnchanged(before, await endpointEntries());
  });

  it("a replacement after a refresh still marks the new endpoint with its resource's URN", async () => {
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
    stack.setConfig("moved", String(MOVED));
    expect(changes(expectOk(await stack.up()))).toEqual({ replace: 1 });
    const exported = await stack.pulumi(["stack", "export", "--stack", stack.stackName]);
    const resources = (JSON.parse(exported.stdout) as { deployment: { resources: StateResource[] } })
      .deployment.resources;
    const moved = resources.find((r) => r.type === ENDPOINT_TYPE && r.urn.endsWith(`::many-${MOVED}`))!;
    const onServer = await client.getEndpoint(moved.id!);
    expect(onServer.project).toBe("Payments");
    // The create's owner mark (provider/client/owner-mark.ts, read into `createdFor`) names the
    // resource: the URN as the program composes it (without a parent's type), which here, with no
    // parent, is the engine's.
    expect(onServer.createdFor).toBe(moved.urn);
  });
});
