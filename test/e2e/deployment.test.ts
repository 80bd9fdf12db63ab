import { AriaClient, isTerminalRequestStatus } from "../../provider/client";
import { changes, E2EStack, expectOk, openStack, OpResult } from "../support/program-stack";

/*
 * DeploymentResource through the real engine (Automation API, `file://` backend) against the
 * emulator: one program (programs/deployment-lifecycle) varied through config.
 */

// jest ignores `testTimeout` inside `projects`: set it here.
jest.setTimeout(10 * 60_000);

const PROGRAM = "test/e2e/programs/deployment-lifecycle";
const DELETE_ROUTE = "DELETE /deployment/api/deployments/{deploymentId}/resources/{resourceId}";
const REQUEST_ROUTE = "GET /deployment/api/requests/{requestId}";

let stack: E2EStack | undefined;
let client: AriaClient | undefined;

afterEach(async () => {
  client = undefined;
  await stack?.dispose();
  stack = undefined;
});

/** Opens the lifecycle stack on its own emulator (no seeded resources) and a client of that emulator. */
async function open(config: Record<string, string> = {}, requestDelayMs = 300): Promise<E2EStack> {
  stack = await openStack({
    program: PROGRAM,
    config,
    emulatorOptions: { seedResources: 0, requestDelayMs },
  });
  client = stack.client();
  return stack;
}

function output<T = string>(result: OpResult, name: string): T {
  return result.outputs?.[name]?.value as T;
}

async function resourceIds(): Promise<string[]> {
  return (await client!.listAllResources()).map((r) => r.id);
}

async function exists(id: string): Promise<boolean> {
  try {
    await client!.getResource(id);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "NotFound") return false;
    throw error;
  }
}

/** The DeploymentResources recorded in the stack's state. */
async function stateResources(
  s: E2EStack,
): Promise<Array<{ id?: string; outputs?: Record<string, unknown>; initErrors?: string[] }>> {
  type StateResource = {
    type: string;
    id?: string;
    outputs?: Record<string, unknown>;
    initErrors?: string[];
  };
  const exported = (await s.exportStack()) as { deployment?: { resources?: StateResource[] } };
  return (exported.deployment?.resources ?? []).filter(
    (r) => r.type === "pulumi-nodejs:dynamic/aria:DeploymentResource",
  );
}

describe("DeploymentResource end to end", () => {
  it("creates and waits; refresh then preview shows no changes; destroy waits for the delete request", async () => {
    const s = await open({}, 1500);
    const up = expectOk(await s.up());
    expect(changes(up)).toMatchObject({ create: expect.any(Number) });
    const id = output(up, "id");
    expect(output(up, "resourceId")).toBe(id);
    expect(output(up, "requestStatus")).toBe("SUCCESSFUL");
    expect(output(up, "projectName")).toBe("Default Project");
    expect(output(up, "properties")).toEqual({ size: "small" });
    expect(await exists(id)).toBe(true);
    // It polled the request until it succeeded (the emulator takes 1.5 s).
    expect((await s.requests()).counts[REQUEST_ROUTE]).toBeGreaterThanOrEqual(2);
    // Progress is visible while waiting.
    expect(up.stdout).toContain(`request ${output(up, "requestId")} is`);

    expect(changes(expectOk(await s.refresh()))).toEqual({});
    expect(changes(expectOk(await s.preview()))).toEqual({});
    expect(changes(expectOk(await s.up()))).toEqual({});

    await s.resetRequests();
    expectOk(await s.destroy());
    // destroy returned only after the delete request had succeeded.
    expect(await exists(id)).toBe(false);
    const log = await s.requests();
    expect(log.counts[DELETE_ROUTE]).toBe(1);
    expect(log.counts[REQUEST_ROUTE]).toBeGreaterThanOrEqual(2);
    expect(await resourceIds()).toEqual([]);
  });

  it("fails with the details of a failed request and leaves nothing behind", async () => {
    const s = await open({ properties: JSON.stringify({ emulatorFail: "no capacity left in cluster-7" }) });
    const up = await s.up();
    expect(up.ok).toBe(false);
    expect(`${up.error}\n${up.stdout}`).toMatch(
      /request [0-9a-f-]+ ended FAILED: no capacity left in cluster-7/,
    );
    expect(await stateResources(s)).toEqual([]);
    expect(await resourceIds()).toEqual([]);
  });

  it("cancels a request that outlives the wait and fails naming it", async () => {
    const s = await open({
      properties: JSON.stringify({ emulatorDelayMs: 120_000 }),
      waitTimeoutSeconds: "2",
    });
    const up = await s.up();
    expect(up.ok).toBe(false);
    const text = `${up.error}\n${up.stdout}`;
    const requestId = /timed out after \d+s waiting for request ([0-9a-f-]+)/.exec(text)?.[1];
    expect(requestId).toBeDefined();
    expect(text).toContain("The request was cancelled (ABORTED).");
    expect((await client!.getRequest(requestId!)).status).toBe("ABORTED");
    expect((await s.requests()).counts["POST /deployment/api/requests/{requestId}"]).toBe(1);
    expect(await stateResources(s)).toEqual([]);
    expect(await resourceIds()).toEqual([]);
  });

  it("replaces the resource when an input changes, reporting that input", async () => {
    const s = await open();
    const first = expectOk(await s.up());
    const oldId = output(first, "id");
    s.setConfig("properties", JSON.stringify({ size: "large" }));
    const preview = expectOk(await s.preview());
    expect(changes(preview)).toEqual({ replace: 1 });
    expect(preview.stdout).toContain("properties");
    const second = expectOk(await s.up());
    expect(changes(second)).toEqual({ replace: 1 });
    const newId = output(second, "id");
    expect(newId).not.toBe(oldId);
    expect(await exists(oldId)).toBe(false);
    expect(await resourceIds()).toEqual([newId]);
    expect(output(second, "properties")).toEqual({ size: "large" });
  });

  it("changes the wait settings in place without replacing anything", async () => {
    const s = await open();
    const id = output(expectOk(await s.up()), "id");
    s.setConfig("waitTimeoutSeconds", "90");
    const up = expectOk(await s.up());
    expect(changes(up)).toEqual({ update: 1 });
    expect(output(up, "id")).toBe(id);
  });

  it("re-creates a resource deleted out of band", async () => {
    const s = await open();
    const first = expectOk(await s.up());
    const oldId = output(first, "id");
    const deletion = await client!.deleteResource(output(first, "deploymentId"), oldId);
    while (!isTerminalRequestStatus((await client!.getRequest(deletion.id)).status)) {
      await s.ops.advanceClock(100);
    }
    expect(changes(expectOk(await s.refresh()))).toEqual({ delete: 1 });
    expect(changes(expectOk(await s.preview()))).toEqual({ create: 1 });
    const second = expectOk(await s.up());
    expect(changes(second)).toEqual({ create: 1 });
    expect(await resourceIds()).toEqual([output(second, "id")]);
  });

  it("records a creation it could neither finish nor cancel, and the next run replaces it", async () => {
    const s = await open({
      properties: JSON.stringify({ emulatorDelayMs: 60_000 }),
      waitTimeoutSeconds: "1",
    });
    // The server refuses every cancel.
    await s.ops.setFaults([
      { method: "POST", path: "^/deployment/api/requests/", kind: "status", status: 409 },
    ]);
    const up = await s.up();
    expect(up.ok).toBe(false);
    expect(`${up.error}\n${up.stdout}`).toContain("is recorded in the stack");
    const recorded = await stateResources(s);
    expect(recorded).toHaveLength(1);
    const oldId = recorded[0].id as string;
    const oldRequest = recorded[0].outputs?.requestId as string;
    expect(recorded[0].outputs?.requestStatus).toBe("INPROGRESS");
    expect(recorded[0].initErrors?.[0]).toContain("is recorded in the stack");

    await s.ops.clearFaults();
    // Nothing changed in the program, yet the unfinished resource is to be replaced.
    expect(changes(expectOk(await s.preview()))).toEqual({ replace: 1 });
    // (The harness keeps config set earlier on the stack: overwrite rather than unset.)
    s.setConfig("properties", JSON.stringify({ size: "small" }));
    s.setConfig("waitTimeoutSeconds", "60");
    const second = expectOk(await s.up());
    expect(changes(second)).toEqual({ replace: 1 });
    const newId = output(second, "id");
    expect(newId).not.toBe(oldId);
    // The old creation was cancelled before its deletion, so it can never appear later.
    expect((await client!.getRequest(oldRequest)).status).toBe("ABORTED");
    expect(await resourceIds()).toEqual([newId]);
    expect(changes(expectOk(await s.preview()))).toEqual({});
  });
});
