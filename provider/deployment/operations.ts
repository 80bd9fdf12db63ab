/**
 * What the deployment provider needs around the API client: the subset of client methods it calls,
 * the clock and the progress reporter, injected so that tests can drive them; and the waits on a
 * request that create and delete share.
 */
import type { AriaClient } from "../client";
import { errorMessage, isConflict, unlessNotFound } from "../common/api-failures";
import type { Request } from "../client/schemas";
import { reporter, type Reporting } from "../common/report";
import { DEFAULT_WAIT_TIMEOUT_SECONDS } from "./schema";
import { Settings } from "./state";
import { backoffWithCap, Clock, systemClock, waitForRequest, WaitOutcome } from "./wait";

/** The client methods the deployment provider calls. */
export type DeploymentApi = Pick<
  AriaClient,
  "createResource" | "listAllResources" | "getResource" | "getRequest" | "cancelRequest" | "deleteResource"
>;

/** Everything the provider's operations depend on; `report` (progress) and `warn` as in ../common/report.ts. */
export interface OperationDeps extends Reporting {
  /** The API. */
  readonly api: DeploymentApi;
  /** Time; default the real clock. */
  readonly clock?: Clock;
}

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
    clock: deps.clock ?? systemClock,
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

/**
 * Deletes a resource and waits for the delete request. Resolves `"absent"` when it was already gone
 * (404), `"deleted"` when the request succeeded; throws when the request failed or timed out.
 */
export async function deleteAndWait(
  deps: OperationDeps,
  ids: { resourceId: string; deploymentId: string },
  what: string,
  settings: Settings,
  limitMs: number = timeoutMs(settings),
): Promise<"absent" | "deleted"> {
  // One limit for the whole delete: waiting for a request already running on the resource (see
  // sendDelete) uses part of it, and the delete's own request gets what is left.
  const clock = deps.clock ?? systemClock;
  const started = clock.now();
  const request = await sendDelete(deps, ids, what, settings, limitMs);
  if (request === undefined) return "absent";
  reporter(deps).report(`${what}: delete request ${request.id} sent for resource ${ids.resourceId}`);
  if (request.status === "SUCCESSFUL") return "deleted";
  const remainingMs = Math.max(0, started + limitMs - clock.now());
  const outcome = await waitForDeploymentRequest(deps, request.id, what, settings, remainingMs);
  if (outcome.kind === "timeout") {
    throw new Error(
      `${what}: timed out after ${formatDuration(clock.now() - started)} waiting for delete request ${request.id} ` +
        `(last status ${outcome.request.status ?? "unknown"}). The resource ${ids.resourceId} stays in the stack; ` +
        `run the command again once the request has finished, or raise waitTimeoutSeconds.`,
    );
  }
  if (outcome.request.status !== "SUCCESSFUL") {
    throw new Error(
      `${what}: delete request ${request.id} for resource ${ids.resourceId} ended ${describeOutcome(outcome.request)}`,
    );
  }
  return "deleted";
}

/**
 * `DELETE`, answering undefined when the resource is gone. A 409 says a request runs on the resource:
 * the delete whose answer was lost (the client sent it again), or another action. That request is
 * waited for, and the delete sent once more (a 404 then: the lost delete did it).
 */
async function sendDelete(
  deps: OperationDeps,
  ids: { resourceId: string; deploymentId: string },
  what: string,
  settings: Settings,
  limitMs: number,
): Promise<Request | undefined> {
  const send = () => unlessNotFound(() => deps.api.deleteResource(ids.deploymentId, ids.resourceId));
  try {
    return await send();
  } catch (error) {
    if (!isConflict(error)) throw error;
    const resource = await unlessNotFound(() => deps.api.getResource(ids.resourceId, ["currentRequest"]));
    if (resource === undefined) return undefined;
    const running = resource.currentRequest?.id;
    if (!running) throw error;
    reporter(deps).report(
      `${what}: request ${running} runs on resource ${ids.resourceId}; waiting for it before deleting`,
    );
    const outcome = await waitForDeploymentRequest(deps, running, what, settings, limitMs);
    if (outcome.kind === "timeout") {
      throw new Error(
        `${what}: request ${running} still runs on resource ${ids.resourceId} after ` +
          `${formatDuration(outcome.elapsedMs)}, so it cannot be deleted yet. The resource stays in the stack; ` +
          "run the command again once that request has finished.",
      );
    }
    return send();
  }
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

/** How long a cancel or a clean-up may take: {@link SETTLE_TIMEOUT_MS}, or the wait timeout when shorter, but at least 5s. */
export function settleMs(settings: Settings): number {
  return Math.max(5_000, Math.min(SETTLE_TIMEOUT_MS, timeoutMs(settings)));
}
