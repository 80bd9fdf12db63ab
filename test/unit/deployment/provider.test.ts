import { createApiError } from "../../../provider/client/errors";
import { ResourceInitError } from "../../../provider/deployment/create";
import { createDeploymentResourceProvider } from "../../../provider/dynamic/providers";
import { FakeClock } from "../../support/clock";
import { FakeDeploymentApi, notFound } from "./fakes";
import { rejectionOf } from "../../support/rejection";

const PROVIDER = { __provider: "serialised stub" };
const inputs = {
  ...PROVIDER,
  name: "web-01",
  type: "Custom.Thing",
  properties: { size: "small" },
  waitTimeoutSeconds: 60,
};

function setup() {
  const clock = new FakeClock();
  const api = new FakeDeploymentApi(clock);
  const messages: string[] = [];
  const provider = createDeploymentResourceProvider(() => ({ api, clock, report: (m) => messages.push(m) }));
  return { clock, api, messages, provider };
}

/** What a failed create rejects with: a ResourceInitError where the server made the resource. */
type CreateFailure = Error & Partial<ResourceInitError>;

describe("create", () => {
  it("posts, waits for the request and returns the server's resource as outputs", async () => {
    const { api, clock, messages, provider } = setup();
    const result = await provider.create(inputs);
    expect(result.id).toBe("res-1");
    expect(result.outs).toMatchObject({
      name: "web-01",
      type: "Custom.Thing",
      resourceId: "res-1",
      requestId: "req-2",
      requestStatus: "SUCCESSFUL",
      deploymentId: "dep-1",
      projectId: "proj-default",
      properties: { size: "small", serverAdded: "yes" },
      inputPropertyKeys: ["size"],
      waitTimeoutSeconds: 60,
      projectName: "Default Project",
      deploymentName: "web-01",
      syncStatus: "SUCCESS",
      origin: "ONBOARDED",
    });
    expect(clock.t).toBeGreaterThanOrEqual(2_000);
    expect(messages[0]).toContain("request req-2 accepted");
    expect(messages.some((m) => m.includes("request req-2 is INPROGRESS"))).toBe(true);
    expect(messages.some((m) => m.includes("request req-2 is SUCCESSFUL"))).toBe(true);
    // The resources that already match are listed first: a lost answer is recovered against them.
    expect(api.calls.slice(0, 2)).toEqual(["GET /resources?search=web-01", "POST /resources web-01"]);
  });

  it("never sends the wait settings or __provider to the API", async () => {
    const { api, provider } = setup();
    const spy = jest.spyOn(api, "createResource");
    await provider.create(inputs);
    expect(spy).toHaveBeenCalledWith({ name: "web-01", type: "Custom.Thing", properties: { size: "small" } });
  });

  it.each([
    ["FAILED", "request req-2 ended FAILED: quota exceeded in project"],
    [
      "APPROVAL_REJECTED",
      "request req-2 was rejected by its approver: APPROVAL_REJECTED (quota exceeded in project). Ask the " +
        "approver (the request is under Deployments in Aria Automation) or change the resource, then run " +
        "`pulumi up` again: it sends a new request.",
    ],
  ] as const)(
    "fails with the request's details when it ends %s, recording nothing",
    async (outcome, said) => {
      const { api, provider } = setup();
      api.createScript = { durationMs: 3_000, outcome, details: "quota exceeded in project" };
      const error = await rejectionOf<CreateFailure>(provider.create(inputs));
      expect(error).not.toBeInstanceOf(ResourceInitError);
      expect(error.message).toBe(`create Custom.Thing 'web-01': ${said}`);
      // It looked for a half-created resource to remove.
      expect(api.calls).toContain("DELETE /deployments/dep-1/resources/res-1");
    },
  );

  it("on a timeout cancels the request and fails naming it", async () => {
    const { api, clock, provider } = setup();
    api.createScript = { durationMs: 10 * 60_000, outcome: "SUCCESSFUL" };
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    expect(error).not.toBeInstanceOf(ResourceInitError);
    expect(error.message).toMatch(
      /^create Custom.Thing 'web-01': timed out after 1m00s waiting for request req-2 \(last status INPROGRESS\); raise waitTimeoutSeconds/,
    );
    expect(error.message).toContain("The request was cancelled (ABORTED).");
    expect(api.calls).toContain("POST /requests/req-2?action=cancel");
    expect(clock.t).toBeLessThan(70_000);
    expect(api.resources.size).toBe(0);
  });

  it("keeps a resource whose request finished while being cancelled", async () => {
    const { api, provider } = setup();
    api.createScript = { durationMs: 62_000, outcome: "SUCCESSFUL", cancel: "ignore" };
    const result = await provider.create(inputs);
    expect(result.id).toBe("res-1");
  });

  it("records the resource in the stack when the cancel does not settle the request", async () => {
    const { api, provider } = setup();
    api.createScript = { durationMs: 5 * 60_000, outcome: "SUCCESSFUL", cancel: "refuse" };
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    expect(error).toBeInstanceOf(ResourceInitError);
    expect(error.id).toBe("res-1");
    expect(error.message).toContain("timed out after 1m00s waiting for request req-2");
    expect(error.message).toContain("The resource res-1 is recorded in the stack");
    expect(error.properties).toMatchObject({
      ...PROVIDER,
      resourceId: "res-1",
      requestId: "req-2",
      requestStatus: "INPROGRESS",
      deploymentId: "dep-1",
      name: "web-01",
      properties: { size: "small" },
    });
  });

  it("records the resource when removing a failed creation fails", async () => {
    const { api, provider } = setup();
    api.createScript = { durationMs: 1_000, outcome: "FAILED", details: "boom" };
    api.deleteError = new Error("socket hang up");
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    expect(error).toBeInstanceOf(ResourceInitError);
    expect(error.message).toContain(
      "ended FAILED: boom Deleting the half-created resource failed: socket hang up.",
    );
    expect(error.properties?.requestStatus).toBe("FAILED");
  });

  it("records the resource when it loses track of the request", async () => {
    const { api, provider } = setup();
    api.getRequestError = new Error("ECONNRESET");
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    expect(error).toBeInstanceOf(ResourceInitError);
    expect(error.message).toContain("lost track of request req-2: ECONNRESET");
    expect(error.properties?.requestStatus).toBe("UNKNOWN");
  });

  it("says where to look when the creation may have reached the server before failing", async () => {
    const { api, provider } = setup();
    jest.spyOn(api, "createResource").mockRejectedValue(
      createApiError({
        operation: "create resource",
        method: "POST",
        path: "/deployment/api/resources",
        status: 502,
      }),
    );
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    expect(error.message).toContain("The server may have accepted the creation before the failure");
    expect(error.message).toContain(`getResources({ search: "web-01" })`);
  });

  it("fails without recording anything when the server refuses the creation", async () => {
    const { api, provider } = setup();
    jest
      .spyOn(api, "createResource")
      .mockRejectedValue(new Error("400 Bad Request: Field 'type' is required"));
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    expect(error).not.toBeInstanceOf(ResourceInitError);
  });
});

describe("read", () => {
  it("returns the server's state and the inputs projected onto the program's keys", async () => {
    const { provider } = setup();
    const created = await provider.create(inputs);
    const read = await provider.read!(created.id, { ...created.outs, ...PROVIDER });
    expect(read.id).toBe("res-1");
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toEqual({
      name: "web-01",
      type: "Custom.Thing",
      projectId: "proj-default",
      deploymentId: "dep-1",
      properties: { size: "small" },
      waitTimeoutSeconds: 60,
    });
  });

  it("imports (no state): the inputs a user declares, without the deployment or the wait settings", async () => {
    const { provider } = setup();
    const created = await provider.create(inputs);
    const read = await provider.read!(created.id, {});
    expect(read.id).toBe("res-1");
    expect(read.inputs).toEqual({
      name: "web-01",
      type: "Custom.Thing",
      projectId: "proj-default",
      // Every property the server holds: nothing tells the ones it added from the ones sent.
      properties: { size: "small", serverAdded: "yes" },
    });
  });

  it("answers an empty id when the resource is gone", async () => {
    const { api, provider } = setup();
    const created = await provider.create(inputs);
    api.resources.clear();
    expect(await provider.read!(created.id, created.outs)).toEqual({});
  });

  it("refreshes the request status of a creation recorded as unfinished", async () => {
    const { api, clock, provider } = setup();
    api.createScript = { durationMs: 60 * 60_000, outcome: "SUCCESSFUL", cancel: "refuse" };
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    clock.t += 2 * 60 * 60_000;
    const read = await provider.read!(error.id as string, error.properties);
    expect(read.props).toMatchObject({ requestStatus: "SUCCESSFUL", resourceId: "res-1" });
  });

  it("propagates errors other than 404", async () => {
    const { api, provider } = setup();
    jest.spyOn(api, "getResource").mockRejectedValue(new Error("503"));
    await expect(provider.read!("res-1", {})).rejects.toThrow("503");
  });
});

describe("update", () => {
  it("changes only the settings and re-reads the resource", async () => {
    const { api, provider } = setup();
    const created = await provider.create(inputs);
    api.calls.length = 0;
    const updated = await provider.update!(created.id, created.outs, { ...inputs, waitTimeoutSeconds: 120 });
    expect(updated.outs).toMatchObject({
      waitTimeoutSeconds: 120,
      resourceId: "res-1",
      requestStatus: "SUCCESSFUL",
    });
    expect(api.calls).toEqual(["GET /resources/res-1"]);
  });

  it("fails with advice when the resource is gone", async () => {
    const { api, provider } = setup();
    const created = await provider.create(inputs);
    api.resources.clear();
    await expect(provider.update!(created.id, created.outs, inputs)).rejects.toThrow(/pulumi refresh/);
  });
});

describe("delete", () => {
  it("deletes through the deployment and waits for the delete request", async () => {
    const { api, messages, provider } = setup();
    const created = await provider.create(inputs);
    await provider.delete!(created.id, created.outs);
    expect(api.resources.size).toBe(0);
    expect(api.calls).toContain("DELETE /deployments/dep-1/resources/res-1");
    expect(messages.some((m) => /delete Custom.Thing 'web-01': request req-\d+ is SUCCESSFUL/.test(m))).toBe(
      true,
    );
  });

  it("waits for the delete a lost answer hid when the resend is answered 409, and counts it done", async () => {
    const { api, messages, provider } = setup();
    const created = await provider.create(inputs);
    // The first DELETE reached the server, its answer was lost: its request runs.
    const lost = await api.deleteResource(created.outs.deploymentId as string, created.id);
    await provider.delete!(created.id, { ...created.outs, ...PROVIDER });
    expect(api.resources.has(created.id)).toBe(false);
    expect(messages).toContainEqual(
      expect.stringContaining(`request ${lost.id} runs on resource ${created.id}`),
    );
  });

  it("bounds the whole delete by the wait timeout when a request already runs on the resource", async () => {
    const { api, clock, provider } = setup();
    const created = await provider.create(inputs);
    // Another request runs on the resource for 40 s and fails; the delete then takes 40 s of its own.
    api.deleteScript = { durationMs: 40_000, outcome: "FAILED" };
    await api.deleteResource(created.outs.deploymentId as string, created.id);
    api.deleteScript = { durationMs: 40_000, outcome: "SUCCESSFUL" };
    const started = clock.t;
    await expect(provider.delete!(created.id, { ...created.outs, ...PROVIDER })).rejects.toThrow(
      /timed out after 1m00s waiting for delete request req-\d+/,
    );
    expect(clock.t - started).toBeLessThanOrEqual(60_000);
    expect(api.resources.has(created.id)).toBe(true);
  });

  it("counts a resource already gone as deleted", async () => {
    const { api, provider } = setup();
    const created = await provider.create(inputs);
    api.resources.clear();
    await expect(provider.delete!(created.id, created.outs)).resolves.toBeUndefined();
  });

  it("fails with the details of a failed delete request", async () => {
    const { api, provider } = setup();
    const created = await provider.create(inputs);
    api.deleteScript = { durationMs: 1_000, outcome: "FAILED", details: "resource is locked" };
    await expect(provider.delete!(created.id, created.outs)).rejects.toThrow(
      /delete Custom.Thing 'web-01': delete request req-\d+ for resource res-1 ended FAILED: resource is locked/,
    );
  });

  it("fails naming the delete request when it times out", async () => {
    const { api, provider } = setup();
    const created = await provider.create(inputs);
    api.deleteScript = { durationMs: 10 * 60_000, outcome: "SUCCESSFUL" };
    await expect(provider.delete!(created.id, created.outs)).rejects.toThrow(
      /timed out after 1m00s waiting for delete request req-\d+ \(last status INPROGRESS\)/,
    );
  });

  it("cancels a creation still running before deleting a resource recorded as unfinished", async () => {
    const { api, provider } = setup();
    api.createScript = { durationMs: 60 * 60_000, outcome: "SUCCESSFUL", cancel: "refuse" };
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    api.requests.get("req-2")!.cancel = "abort";
    api.calls.length = 0;
    await provider.delete!(error.id as string, error.properties as Record<string, unknown>);
    expect(api.calls).toEqual([
      "GET /requests/req-2",
      "POST /requests/req-2?action=cancel",
      "GET /requests/req-2",
      "DELETE /deployments/dep-1/resources/res-1",
    ]);
  });

  it("keeps a resource recorded as unfinished while its creation cannot be cancelled", async () => {
    const { api, provider } = setup();
    api.createScript = { durationMs: 60 * 60_000, outcome: "SUCCESSFUL", cancel: "refuse" };
    const error = await rejectionOf<CreateFailure>(provider.create(inputs));
    await expect(
      provider.delete!(error.id as string, error.properties as Record<string, unknown>),
    ).rejects.toThrow(
      /its creation request req-2 is still CREATED and could not be cancelled; the resource stays in the stack/,
    );
    expect(api.calls.some((c) => c.startsWith("DELETE"))).toBe(false);
  });

  it("looks the deployment up when the state has none", async () => {
    const { api, provider } = setup();
    const created = await provider.create(inputs);
    const { deploymentId: _d, ...state } = created.outs;
    await provider.delete!(created.id, state);
    expect(api.resources.size).toBe(0);
    jest.spyOn(api, "getResource").mockRejectedValue(notFound());
    await expect(provider.delete!(created.id, state)).resolves.toBeUndefined();
  });
});
