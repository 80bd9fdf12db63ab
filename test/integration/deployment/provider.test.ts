import * as pulumi from "@pulumi/pulumi";
import { AriaClient, isTerminalRequestStatus } from "../../../provider/client";
import { provider as processProvider } from "../../../provider/dynamic/impl";

/** The provider process's deployment-resource kind, as the stub reaches it. */
const deploymentResourceProvider = processProvider("deploymentResource");
import { resetRuntimeContext, setProviderConfig } from "../../../provider/runtime/context";
import { adminSettings, clientFor, useServer } from "../client/harness";
import { rejectionOf } from "../../support/rejection";
import { checkThenCreate, PROVIDER } from "../dynamic-door";

/*
 * The deployment resource provider called as the engine calls it (check → create → read → diff →
 * update → delete), in-process, against the emulator on an ephemeral port, through the provider
 * process's configured client.
 */

const PLATFORM = "7c9d2b4e-1a3f-4e6b-8c5d-2f4a6b8c0d02";

const server = useServer({ seedResources: 0, requestDelayMs: 300, fresh: true });
let client: AriaClient;
let stderr: jest.SpyInstance;

beforeAll(() => {
  client = clientFor(adminSettings(server));
});

afterAll(async () => {
  await resetRuntimeContext();
  await client.close();
});

beforeEach(async () => {
  await resetRuntimeContext();
  const settings: Record<string, string> = { url: server.url, refreshToken: "admin-refresh-token" };
  setProviderConfig((key) => settings[key]);
  stderr = jest.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => stderr.mockRestore());

const provider = deploymentResourceProvider;

const thing = (extra: Record<string, unknown> = {}) => ({
  ...PROVIDER,
  name: "web-01",
  type: "Custom.Thing",
  projectId: PLATFORM,
  properties: { size: "small", replicas: 2 },
  pollIntervalMaxSeconds: 0.2,
  ...extra,
});

const createChecked = checkThenCreate(provider);

/** What a failed create rejects with: the id and properties of what the server made, if it made it. */
type CreateFailure = Error & { id?: string; properties?: Record<string, unknown> };

async function resourceCount(): Promise<number> {
  return (await client.listResources({ top: 1 })).totalElements ?? 0;
}

function progressLines(): string[] {
  return stderr.mock.calls.map((call) => String(call[0]));
}

describe("the deployment resource provider against the emulator", () => {
  it("creates a resource, waiting for its request, and outputs what the server reports", async () => {
    const { id, outs } = await createChecked(thing());
    expect(outs).toMatchObject({
      resourceId: id,
      name: "web-01",
      type: "Custom.Thing",
      projectId: PLATFORM,
      projectName: "Platform",
      deploymentName: "web-01",
      requestStatus: "SUCCESSFUL",
      syncStatus: "SUCCESS",
      origin: "ONBOARDED",
      properties: { size: "small", replicas: 2 },
      inputPropertyKeys: ["size", "replicas"],
    });
    expect(outs.createdAt).toEqual(expect.any(String));
    const request = await client.getRequest(outs.requestId as string);
    expect(request.status).toBe("SUCCESSFUL");
    const log = await server.requests();
    expect(log.counts["POST /deployment/api/resources"]).toBe(1);
    expect(log.counts["GET /deployment/api/requests/{requestId}"]).toBeGreaterThanOrEqual(2);
    expect(progressLines().some((l) => l.includes(`request ${outs.requestId} is SUCCESSFUL`))).toBe(true);
  });

  it("follows the resource a creation made when its answer was lost, leaving exactly one", async () => {
    await server.faults([{ method: "POST", path: "^/deployment/api/resources$", kind: "cut", count: 1 }]);
    const { id, outs } = await createChecked(thing());
    expect(outs).toMatchObject({ resourceId: id, requestStatus: "SUCCESSFUL" });
    const log = await server.requests();
    expect(log.counts["POST /deployment/api/resources"]).toBe(1);
    const named = (await client.listAllResources({ search: "web-01" })).filter((r) => r.name === "web-01");
    expect(named.map((r) => r.id)).toEqual([id]);
  });

  it("sends a creation answered 503 again once it made nothing, leaving exactly one", async () => {
    await server.faults([
      { method: "POST", path: "^/deployment/api/resources$", kind: "status", status: 503, count: 1 },
    ]);
    // The wait timeout bounds how long the provider looks for what the first POST made (at least 5s).
    const { id } = await createChecked(thing({ waitTimeoutSeconds: 5 }));
    const log = await server.requests();
    expect(log.counts["POST /deployment/api/resources"]).toBe(2);
    const named = (await client.listAllResources({ search: "web-01" })).filter((r) => r.name === "web-01");
    expect(named.map((r) => r.id)).toEqual([id]);
  });

  it("adopts the one existing resource that matches instead of creating another", async () => {
    const orphan = await createChecked(thing());
    await server.clearRequests();
    const adopted = await createChecked(thing({ adopt: true }));
    expect(adopted.id).toBe(orphan.id);
    expect(adopted.outs).toMatchObject({ resourceId: orphan.id, requestStatus: "SUCCESSFUL", adopt: true });
    const log = await server.requests();
    expect(log.counts["POST /deployment/api/resources"]).toBeUndefined();
    expect(await resourceCount()).toBe(1);
  });

  it("adds a resource to an existing deployment", async () => {
    const first = await createChecked(thing());
    const second = await createChecked(thing({ name: "web-02", deploymentId: first.outs.deploymentId }));
    expect(second.outs.deploymentId).toBe(first.outs.deploymentId);
  });

  it("fails with the request's details when the request fails, leaving nothing behind", async () => {
    const error = await rejectionOf<CreateFailure>(
      createChecked(thing({ properties: { emulatorFail: "no capacity left in cluster" } })),
    );
    expect(error.message).toMatch(
      /^create Custom.Thing 'web-01': request [0-9a-f-]+ ended FAILED: no capacity left in cluster$/,
    );
    expect(error.id).toBeUndefined();
    expect(await resourceCount()).toBe(0);
  });

  it("fails for a name the emulator rejects by convention", async () => {
    const error = await rejectionOf<CreateFailure>(createChecked(thing({ name: "fail-web" })));
    expect(error.message).toContain(
      "ended FAILED: Simulated failure: resource name 'fail-web' starts with 'fail-'",
    );
  });

  it("cancels the request on a timeout and fails naming it", async () => {
    const error = await rejectionOf<CreateFailure>(
      createChecked(thing({ waitTimeoutSeconds: 1, properties: { emulatorDelayMs: 60_000 } })),
    );
    const requestId = /waiting for request ([0-9a-f-]+)/.exec(error.message)?.[1];
    expect(requestId).toBeDefined();
    expect(error.message).toContain("The request was cancelled (ABORTED).");
    expect(error.id).toBeUndefined();
    expect((await client.getRequest(requestId as string)).status).toBe("ABORTED");
    const log = await server.requests();
    expect(log.counts["POST /deployment/api/requests/{requestId}"]).toBe(1);
    expect(await resourceCount()).toBe(0);
  });

  it("rejects an unknown project with the server's message", async () => {
    const error = await rejectionOf<CreateFailure>(createChecked(thing({ projectId: "no-such-project" })));
    expect(error.message).toContain("no-such-project");
  });

  it("reads back inputs that diff as unchanged (refresh then preview shows nothing)", async () => {
    const { id, inputs, outs } = await createChecked(thing());
    const read = await provider.read(id, outs);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(Object.fromEntries(Object.entries(outs).filter(([k]) => k !== "__provider")));
    expect(await provider.diff(id, { ...read.props, ...PROVIDER }, inputs)).toMatchObject({ changes: false });
    expect(
      await provider.diff(id, { ...read.props, ...PROVIDER }, { ...read.inputs, ...PROVIDER }),
    ).toMatchObject({
      changes: false,
    });
  });

  it("reads a resource deleted out of band as gone", async () => {
    const { id, outs } = await createChecked(thing());
    const deletion = await client.deleteResource(outs.deploymentId as string, id);
    while (!isTerminalRequestStatus((await client.getRequest(deletion.id)).status)) {
      await server.advanceClock(50);
    }
    expect(await provider.read(id, outs)).toEqual({});
  });

  it("reports a changed input as a replacement of that input", async () => {
    const { id, outs, inputs } = await createChecked(thing());
    expect(await provider.diff(id, outs, { ...inputs, properties: { size: "large", replicas: 2 } })).toEqual({
      changes: true,
      replaces: ["properties"],
      deleteBeforeReplace: false,
    });
    expect(await provider.diff(id, outs, { ...inputs, name: pulumi.runtime.unknownValue })).toMatchObject({
      replaces: ["name"],
    });
  });

  it("updates the wait settings without calling anything but a read", async () => {
    const { id, outs, inputs } = await createChecked(thing());
    await server.clearRequests();
    const updated = await provider.update(id, outs, { ...inputs, waitTimeoutSeconds: 90 });
    expect(updated.outs).toMatchObject({ waitTimeoutSeconds: 90, resourceId: id });
    const log = await server.requests();
    expect(log.counts).toEqual({ "GET /deployment/api/resources/{resourceId}": 1 });
  });

  it("deletes, waiting for the delete request, and treats a second delete as done", async () => {
    const { id, outs } = await createChecked(thing());
    await provider.delete(id, outs);
    expect(await resourceCount()).toBe(0);
    const log = await server.requests();
    expect(log.counts["DELETE /deployment/api/deployments/{deploymentId}/resources/{resourceId}"]).toBe(1);
    expect(
      progressLines().some((l) => /delete Custom.Thing 'web-01': request .* is SUCCESSFUL/.test(l)),
    ).toBe(true);
    await expect(provider.delete(id, outs)).resolves.toBeUndefined();
  });

  it("deletes although the answer to the DELETE was lost and its resend is answered 409", async () => {
    // The lost delete's request must still run when the client resends (its first retry waits at most
    // 500 ms): with the server's 300 ms default it sometimes finished first and the resend got a 404.
    const { id, outs } = await createChecked(thing({ properties: { size: "small", emulatorDelayMs: 2500 } }));
    await server.faults([{ method: "DELETE", path: "^/deployment/api/deployments/", kind: "cut", count: 1 }]);
    await provider.delete(id, outs);
    expect(await resourceCount()).toBe(0);
    const log = await server.requests();
    expect(log.entries.filter((e) => e.method === "DELETE").map((e) => e.status)).toEqual([0, 409, 404]);
  });

  it("fails a delete with the details of its failed request", async () => {
    const { id, outs } = await createChecked(
      thing({ properties: { emulatorFailDelete: "resource is locked" } }),
    );
    await expect(provider.delete(id, outs)).rejects.toThrow(/ended FAILED: resource is locked/);
    expect(await resourceCount()).toBe(1);
  });

  it("names the property of an invalid input in check", async () => {
    const checked = await provider.check({}, thing({ properties: [1, 2], waitTimeoutSeconds: -1 }));
    expect(checked.failures?.map((f) => f.property).sort()).toEqual(["properties", "waitTimeoutSeconds"]);
  });
});
