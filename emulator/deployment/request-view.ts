import { isoTimestamp } from "../core/time";
import type { RequestStatus, StoredRequest } from "./model";
import { requestEndMs } from "./store";

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
  const elapsed = now - req.createdAtMs;
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
  const startedMs = req.createdAtMs + Math.floor(req.durationMs * CREATED_SHARE);
  const updatedMs = terminal ? requestEndMs(req) : status === "INPROGRESS" ? startedMs : req.createdAtMs;
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
    ...(status === "ABORTED" && { details: "Request was cancelled" }),
    cancelable: !terminal,
    dismissed: req.dismissed,
    totalTasks: 1,
    completedTasks: status === "SUCCESSFUL" ? 1 : 0,
    createdAt: isoTimestamp(req.createdAtMs),
    updatedAt: isoTimestamp(updatedMs),
    ...(status !== "CREATED" && { initializedAt: isoTimestamp(Math.min(startedMs, updatedMs)) }),
    ...(terminal && { completedAt: isoTimestamp(requestEndMs(req)) }),
  };
}
