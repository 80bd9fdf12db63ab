/**
 * Deployment requests, as create and delete follow them: how long to wait, waiting with progress
 * notes, describing how one ended, and cancelling one.
 */
import { errorMessage } from "../common/api-failures";
import type { Request } from "../client/schemas";
import { reporter } from "../common/report";
import type { OperationDeps } from "./api";
import { DEFAULT_WAIT_TIMEOUT_SECONDS } from "./schema";
import { Settings } from "./state";
import { backoffWithCap, isAwaitingApproval, waitForRequest, WaitOutcome } from "./wait";

/** How often, at most, a wait for an approval says that it still waits. */
export const AWAITING_NOTE_INTERVAL_MS = 60_000;

/** How long to wait, at most, for a cancelled request or a clean-up to settle. */
export const SETTLE_TIMEOUT_MS = 2 * 60 * 1000;

/** The wait timeout of some settings, in milliseconds. */
export function timeoutMs(settings: Settings): number {
  return (settings.waitTimeoutSeconds ?? DEFAULT_WAIT_TIMEOUT_SECONDS) * 1000;
}

/** "12s", "3m05s": a duration for messages. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

/** How long a cancel or a clean-up may take: {@link SETTLE_TIMEOUT_MS}, or the wait timeout when shorter, but at least 5s. */
export function settleMs(settings: Settings): number {
  return Math.max(5_000, Math.min(SETTLE_TIMEOUT_MS, timeoutMs(settings)));
}

/**
 * Waits for request `requestId`, reporting each status change as `<what>: request <id> is <status>`,
 * and, while it waits for an approval, that it still does (every {@link AWAITING_NOTE_INTERVAL_MS}).
 * `limitMs` overrides the settings' timeout (for settling after a cancel or a clean-up);
 * `awaitAfterMs` ends the wait as `awaiting` once a request pending approval was waited for that long.
 */
export function waitForDeploymentRequest(
  deps: OperationDeps,
  requestId: string,
  what: string,
  settings: Settings,
  limitMs: number = timeoutMs(settings),
  awaitAfterMs?: number,
): Promise<WaitOutcome<Request>> {
  const { report } = reporter(deps);
  let noted = 0;
  return waitForRequest(() => deps.api.getRequest(requestId), {
    timeoutMs: limitMs,
    backoff: backoffWithCap(settings.pollIntervalMaxSeconds),
    clock: deps.clock,
    awaitAfterMs,
    onProgress: (request, elapsed) => {
      noted = elapsed;
      report(
        `${what}: request ${requestId} is ${request.status ?? "(no status)"} after ${formatDuration(elapsed)}`,
      );
    },
    onUnchanged: (request, elapsed) => {
      if (!isAwaitingApproval(request) || elapsed - noted < AWAITING_NOTE_INTERVAL_MS) return;
      noted = elapsed;
      report(
        `${what}: request ${requestId} is still ${request.status} after ${formatDuration(elapsed)}: waiting for ` +
          `its approval in Aria Automation (at most ${formatDuration(limitMs)}, waitTimeoutSeconds)`,
      );
    },
  });
}

/**
 * The message of a request its approver rejected: says so, who and why as the server tells
 * (`details`), and what to do.
 */
export function rejectedMessage(what: string, request: Request): string {
  const said = request.details ? ` (${request.details})` : "";
  return (
    `${what}: request ${request.id} was rejected by its approver: APPROVAL_REJECTED${said}. ` +
    "Ask the approver (the request is under Deployments in Aria Automation) or change the resource, " +
    "then run `pulumi up` again: it sends a new request."
  );
}

/** The request's status and details for a message: `FAILED: disk quota exceeded`. */
export function describeOutcome(request: Request): string {
  const status = request.status ?? "(no status)";
  return request.details ? `${status}: ${request.details}` : status;
}

/** Asks the server to cancel a request; a refusal is reported, not thrown (the wait that follows tells). */
export async function cancelRequest(deps: OperationDeps, requestId: string, what: string): Promise<void> {
  const { report } = reporter(deps);
  try {
    await deps.api.cancelRequest(requestId);
    report(`${what}: cancel sent for request ${requestId}`);
  } catch (error) {
    report(`${what}: cancelling request ${requestId} failed: ${errorMessage(error)}`);
  }
}
