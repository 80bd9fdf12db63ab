import { isoTimestamp } from "../core/time";
import type { RequestStatus, StoredRequest } from "./model";
import { requestEndMs, runStartMs } from "./store";

/** Share of a request's duration spent in CREATED before it turns INPROGRESS. */
const CREATED_SHARE = 0.1;

/**
 * A request's status at a given time. The product applies a request's effects before it reports
 * the outcome, so the outcome shows only once the store has settled the request (its resource
 * created or deleted): a request that has come due but is not settled yet still reads INPROGRESS.
 * The clock only tells CREATED from INPROGRESS, never when the request ends.
 */
export function requestStatus(req: StoredRequest, now: number): RequestStatus {
  if (req.abortedAtMs !== undefined) return "ABORTED";
  if (req.settled) return req.outcome;
  if (req.approval?.state === "pending") return "APPROVAL_PENDING";
  const elapsed = now - runStartMs(req);
  return elapsed < req.durationMs * CREATED_SHARE ? "CREATED" : "INPROGRESS";
}

/** Whether a status is final. */
export function isTerminal(status: RequestStatus): boolean {
  return (
    status === "SUCCESSFUL" || status === "FAILED" || status === "ABORTED" || status === "APPROVAL_REJECTED"
  );
}

/** A request in the deployment API's `Request` shape. */
export function requestView(req: StoredRequest, now: number): Record<string, unknown> {
  const status = requestStatus(req, now);
  const terminal = isTerminal(status);
  const approval = req.approval;
  const decidedMs = approval?.decidedAtMs;
  const startedMs = Math.min(runStartMs(req), now) + Math.floor(req.durationMs * CREATED_SHARE);
  const updatedMs = terminal
    ? requestEndMs(req)
    : status === "INPROGRESS"
      ? startedMs
      : (decidedMs ?? req.createdAtMs);
  return {
    id: req.id,
    name: req.name,
    requestedBy: req.requestedBy,
    actionId: req.actionId,
    deploymentId: req.deploymentId,
    resourceIds: req.resourceIds,
    inputs: req.inputs,
    outputs: {},
    status,
    ...(status === "FAILED" && req.failureDetails !== undefined && { details: req.failureDetails }),
    ...(status === "APPROVAL_REJECTED" && { details: rejectionDetails(approval) }),
    ...(approval?.state === "approved" && decidedMs !== undefined && { approvedAt: isoTimestamp(decidedMs) }),
    ...(status === "ABORTED" && { details: "Request was cancelled" }),
    cancelable: !terminal,
    dismissed: req.dismissed,
    totalTasks: 1,
    completedTasks: status === "SUCCESSFUL" ? 1 : 0,
    createdAt: isoTimestamp(req.createdAtMs),
    updatedAt: isoTimestamp(updatedMs),
    ...(!["CREATED", "APPROVAL_PENDING", "APPROVAL_REJECTED"].includes(status) && {
      initializedAt: isoTimestamp(Math.min(startedMs, updatedMs)),
    }),
    ...(terminal && { completedAt: isoTimestamp(requestEndMs(req)) }),
  };
}

/** The `details` of a rejected request: who rejected it, and why when they said. */
function rejectionDetails(approval: StoredRequest["approval"]): string {
  const by = approval?.approver ?? "an approver";
  return approval?.reason ? `Rejected by ${by}: ${approval.reason}` : `Rejected by ${by}`;
}
