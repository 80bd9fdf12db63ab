import { startHarness, waitForRequest, type Harness, type Json } from "./helpers/client";

/*
 * Approvals (`/__emulator/approvals`): a policy holds the creations of a project and type at
 * APPROVAL_PENDING, their resource listed, until an approver decides; approved, the request runs from
 * then (`approvedAt`); rejected, it ends APPROVAL_REJECTED with `details` naming who and why, and its
 * resource can be deleted.
 */

const R = "/deployment/api/resources";

describe("approvals", () => {
  let h: Harness;
  beforeAll(async () => (h = await startHarness({ requestDelayMs: 150 })));
  afterAll(() => h.close());
  afterEach(() => h.ops.setApprovalPolicies([]));

  const create = async (name: string, type = "Custom.Approved"): Promise<Json> =>
    (await h.admin.post(R, { name, type, properties: { size: "small" } })).body;
  const request = async (id: string): Promise<Json> =>
    (await h.admin.get(`/deployment/api/requests/${id}`)).body;

  it("holds a creation under a policy at APPROVAL_PENDING until approved, then runs it", async () => {
    await h.ops.setApprovalPolicies([{ type: "Custom.Approved" }]);
    const answer = await create("held-1");
    await h.ops.advanceClock(3_600_000);
    expect(await request(answer.requestId)).toMatchObject({ status: "APPROVAL_PENDING", cancelable: true });
    expect((await h.ops.approvals()).pending.map((q) => q.id)).toEqual([answer.requestId]);
    const listed = await h.admin.get(`${R}/${answer.resourceId}?expand=currentRequest`);
    expect(listed.body.currentRequest).toMatchObject({ id: answer.requestId, status: "APPROVAL_PENDING" });
    const approved = await h.ops.decide(answer.requestId, { decision: "APPROVE" });
    expect(approved.approvedAt).toEqual(expect.any(String));
    expect((await waitForRequest(h.admin, answer.requestId)).request.status).toBe("SUCCESSFUL");
    expect((await h.ops.approvals()).pending).toEqual([]);
  });

  it("ends a rejected creation APPROVAL_REJECTED, saying who and why; its resource can be deleted", async () => {
    await h.ops.setApprovalPolicies([{ type: "Custom.Approved" }]);
    const answer = await create("held-2");
    await h.ops.decide(answer.requestId, { decision: "REJECT", approver: "alice", reason: "too large" });
    expect(await request(answer.requestId)).toMatchObject({
      status: "APPROVAL_REJECTED",
      details: "Rejected by alice: too large",
      cancelable: false,
    });
    await expect(h.ops.decide(answer.requestId, { decision: "APPROVE" })).rejects.toThrow(/409/);
    const deleted = await h.admin.delete(
      `/deployment/api/deployments/${answer.deploymentId}/resources/${answer.resourceId}`,
    );
    expect(deleted.status).toBe(200);
    expect((await waitForRequest(h.admin, deleted.body.id)).request.status).toBe("SUCCESSFUL");
  });

  it("holds nothing outside its policies", async () => {
    await h.ops.setApprovalPolicies([{ type: "Custom.Approved", projectId: "no-such-project" }]);
    const answer = await create("free-1");
    expect((await waitForRequest(h.admin, answer.requestId)).request.status).toBe("SUCCESSFUL");
    const other = await create("free-2", "Custom.Other");
    expect((await waitForRequest(h.admin, other.requestId)).request.status).toBe("SUCCESSFUL");
  });

  it("refuses a malformed policy or decision, saying what it takes", async () => {
    await expect(h.ops.setApprovalPolicies([{ type: 3 } as never])).rejects.toThrow(
      /policies\[0\]\.type must be a string/,
    );
    const answer = await create("free-3");
    await expect(h.ops.decide(answer.requestId, { decision: "MAYBE" } as never)).rejects.toThrow(
      /APPROVE or REJECT/,
    );
  });
});
