import { ResourceAwaitError } from "../../../provider/core/kind";
import { deploymentResourceKind } from "../../../provider/deployment/provider";
import type { PreviewDigest } from "../../../provider/common/preview-digest";
import { withAwaiting } from "../../../provider/reconcile/awaiting";
import { formatReport } from "../../../provider/reconcile/human";
import type { DriftedResource, ReconcileReport } from "../../../provider/reconcile/report";
import { FakeClock } from "../../support/clock";
import { FakeDeploymentApi } from "../deployment/fakes";

/*
 * aria-reconcile's awaiting resources: a deployment resource whose creation the plugin ended as
 * awaiting is a create in the refresh preview; on the server its request waits for approval, and the
 * report says so (JSON `awaiting`, and the human table's action).
 */

const URN = "urn:pulumi:prod::p::aria:index:DeploymentResource::vm";
const declared = { name: "web-01", type: "Custom.Thing", properties: { size: "small" } };
const digest: PreviewDigest = {
  steps: [{ op: "create", urn: URN, newState: { type: "aria:index:DeploymentResource", inputs: declared } }],
};
const created: DriftedResource = {
  stack: "prod",
  urn: URN,
  name: "vm",
  type: "aria:index:DeploymentResource",
  action: "create",
  fields: [],
};

async function awaitedOnServer(approval: boolean) {
  const clock = new FakeClock();
  const api = new FakeDeploymentApi(clock);
  api.createScript = { durationMs: 2_000, outcome: "SUCCESSFUL", approval };
  const kind = deploymentResourceKind(() => ({
    api,
    clock,
    report: () => {},
    warn: async () => {},
    awaitApprovalAfterMs: () => 0,
  }));
  await kind.create(declared, { owner: URN, canAwait: true }).catch((error: unknown) => {
    if (!(error instanceof ResourceAwaitError)) throw error;
  });
  return api;
}

describe("awaiting resources in aria-reconcile", () => {
  it("marks a create whose resource's request waits for approval, with the request", async () => {
    const api = await awaitedOnServer(true);
    expect(await withAwaiting(api, [created], digest)).toEqual([
      { ...created, awaiting: { resourceId: "res-1", requestId: "req-2", status: "APPROVAL_PENDING" } },
    ]);
  });

  it("leaves a create alone when nothing on the server waits for approval", async () => {
    const api = await awaitedOnServer(false);
    expect(await withAwaiting(api, [created], digest)).toEqual([created]);
  });

  it("shows it in the human report's action", () => {
    const report: ReconcileReport = {
      result: "changes",
      exitCode: 7,
      stacks: [],
      drifted: [
        { ...created, awaiting: { resourceId: "res-1", requestId: "req-2", status: "APPROVAL_PENDING" } },
      ],
      unmanaged: [],
      events: [],
      duration: 1,
    };
    expect(formatReport(report)).toContain(
      "vm        aria:index:DeploymentResource  create (awaiting: request req-2 APPROVAL_PENDING)  -",
    );
  });
});
