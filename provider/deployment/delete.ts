/** Deleting a deployment resource: the `DELETE`, a conflict with a request already running, the wait. */
import { isConflict } from "../common/api-failures";
import { unlessNotFound } from "../client/errors";
import type { Request } from "../client/schemas";
import { reporter } from "../common/report";
import type { OperationDeps } from "./api";
import { describeOutcome, formatDuration, timeoutMs, waitForDeploymentRequest } from "./requests";
import { Settings } from "./state";

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
  const { clock } = deps;
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
