import { ResourceAwaitError, ResourceInitError } from "../../../provider/core/kind";
import { deploymentResourceKind } from "../../../provider/deployment/provider";
import { createDeploymentResourceProvider } from "../../../provider/dynamic/providers";
import { FakeClock, ManualClock } from "../../support/clock";
import { FakeDeploymentApi } from "./fakes";
import { rejectionOf } from "../../support/rejection";

/*
 * A deployment resource's creation whose request waits for approval: the plugin door (`canAwait`)
 * ends it as awaiting after `awaitApprovalAfter`, and the next creation continues the same request
 * (no second POST) to the resource, or fails saying it was rejected; the dynamic door keeps waiting,
 * saying so.
 */

const inputs = {
  name: "web-01",
  type: "Custom.Thing",
  properties: { size: "small" },
  waitTimeoutSeconds: 600,
};
const POST = "POST /resources web-01";

function setup(awaitAfterMs = 30_000) {
  const clock = new FakeClock();
  const api = new FakeDeploymentApi(clock);
  api.createScript = { durationMs: 2_000, outcome: "SUCCESSFUL", approval: true };
  const messages: string[] = [];
  const warnings: string[] = [];
  const deps = {
    api,
    clock,
    report: (m: string) => messages.push(m),
    warn: async (m: string) => {
      warnings.push(m);
    },
    awaitApprovalAfterMs: () => awaitAfterMs,
  };
  const kind = deploymentResourceKind(() => deps);
  const create = () =>
    kind.create(inputs, { owner: "urn:pulumi:s::p::aria:index:DeploymentResource::web", canAwait: true });
  return { clock, api, messages, warnings, kind, create, deps };
}

describe("a creation pending approval, on a door that can await", () => {
  it("ends as awaiting once it has waited awaitApprovalAfter, leaving the request to run", async () => {
    const { api, clock, create, warnings } = setup();
    const error = await rejectionOf(create());
    expect(error).toBeInstanceOf(ResourceAwaitError);
    expect(error).not.toBeInstanceOf(ResourceInitError);
    expect(error.message).toBe(
      "create Custom.Thing 'web-01': request req-2 is APPROVAL_PENDING after 30s; awaiting it " +
        "(aria:awaitApprovalAfter). Once it is approved in Aria Automation, run `pulumi up` again: it continues " +
        "this request.",
    );
    expect(warnings).toEqual([error.message]);
    // Exactly the setting, never past it; nothing cancelled or deleted.
    expect(clock.t).toBe(30_000);
    expect(api.calls.filter((c) => c.startsWith("POST /requests") || c.startsWith("DELETE"))).toEqual([]);
  });

  it("with 0, ends at the first poll that shows it pending", async () => {
    const { clock, create } = setup(0);
    expect(await rejectionOf(create())).toBeInstanceOf(ResourceAwaitError);
    expect(clock.t).toBe(0);
  });

  it("continues the same request on the next run once approved, with no second POST", async () => {
    const { api, clock, create, messages } = setup(0);
    await rejectionOf(create());
    clock.advance(3_600_000);
    api.decide("req-2", true);
    const created = await create();
    expect(created.id).toBe("res-1");
    expect(created.outs).toMatchObject({ requestId: "req-2", requestStatus: "SUCCESSFUL" });
    expect(api.calls.filter((c) => c === POST)).toHaveLength(1);
    expect(messages).toContain("create Custom.Thing 'web-01': continuing request req-2 of resource res-1");
  });

  it("awaits again on the next run while still pending, without a second POST", async () => {
    const { api, create } = setup(0);
    await rejectionOf(create());
    expect(await rejectionOf(create())).toBeInstanceOf(ResourceAwaitError);
    expect(api.calls.filter((c) => c === POST)).toHaveLength(1);
  });

  it("fails on the next run when rejected, saying who and why and what to do, and removes the resource", async () => {
    const { api, create } = setup(0);
    await rejectionOf(create());
    api.decide("req-2", false, "Rejected by alice: too large");
    const error = await rejectionOf(create());
    expect(error).not.toBeInstanceOf(ResourceAwaitError);
    expect(error.message).toBe(
      "create Custom.Thing 'web-01': request req-2 was rejected by its approver: APPROVAL_REJECTED (Rejected by " +
        "alice: too large). Ask the approver (the request is under Deployments in Aria Automation) or change the " +
        "resource, then run `pulumi up` again: it sends a new request. The half-created resource was deleted.",
    );
    expect(api.calls.filter((c) => c === POST)).toHaveLength(1);
    expect(api.resources.size).toBe(0);
  });

  it("does not take over a matching resource that needed no approval", async () => {
    const { api, clock, create } = setup(0);
    api.createScript = { durationMs: 2_000, outcome: "SUCCESSFUL" };
    await create();
    clock.advance(10_000);
    api.createScript = { durationMs: 2_000, outcome: "SUCCESSFUL", approval: true };
    expect(await rejectionOf(create())).toBeInstanceOf(ResourceAwaitError);
    expect(api.calls.filter((c) => c === POST)).toHaveLength(2);
  });
});

describe("a creation pending approval, on the dynamic door", () => {
  it("keeps waiting, noting every minute that it still waits for approval", async () => {
    const clock = new ManualClock();
    const api = new FakeDeploymentApi(clock as unknown as FakeClock);
    api.createScript = { durationMs: 2_000, outcome: "SUCCESSFUL", approval: true };
    const messages: string[] = [];
    const deps = { api, clock, report: (m: string) => messages.push(m), awaitApprovalAfterMs: () => 0 };
    const provider = createDeploymentResourceProvider(() => deps);
    const creating = provider.create({ __provider: "stub", ...inputs });
    let done = false;
    void creating.then(() => (done = true));
    // Five minutes of pending, then an approval: the wait goes on to the resource.
    while (clock.t < 300_000) {
      await clock.someoneSleeps();
      clock.advance(10_000);
    }
    api.decide("req-2", true);
    while (!done) {
      await Promise.race([clock.someoneSleeps(), creating]);
      clock.advance(10_000);
    }
    expect((await creating).id).toBe("res-1");
    const notes = messages.filter((m) => m.includes("is still APPROVAL_PENDING"));
    expect(notes).toHaveLength(4);
    expect(notes[0]).toBe(
      "create Custom.Thing 'web-01': request req-2 is still APPROVAL_PENDING after 1m00s: waiting for its " +
        "approval in Aria Automation (at most 10m00s, waitTimeoutSeconds)",
    );
  });
});
