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
import { backoffWithCap, waitForRequest, WaitOutcome } from "./wait";

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
 * Waits for request `requestId`, reporting each status change as `<what>: request <id> is <status>`.
 * `limitMs` overrides the settings' timeout (for settling after a cancel or a clean-up).
 */
export function waitForDeploymentRequest(
  deps: OperationDeps,
  requestId: string,
  what: string,
  settings: Settings,
  limitMs: number = timeoutMs(settings),
): Promise<WaitOutcome<Request>> {
  const { report } = reporter(deps);
  return waitForRequest(() => deps.api.getRequest(requestId), {
    timeoutMs: limitMs,
    backoff: backoffWithCap(settings.pollIntervalMaxSeconds),
    clock: deps.clock,
    onProgress: (request, elapsed) =>
      report(
        `${what}: request ${requestId} is ${request.status ?? "(no status)"} after ${formatDuration(elapsed)}`,
      ),
  });
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
