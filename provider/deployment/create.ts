/**
 * Creating a deployment resource: `POST /deployment/api/resources` answers at once with a request
 * id, and the resource exists only once that request is `SUCCESSFUL`.
 *
 * The POST itself is sent by ./submit.ts, which recovers from answers that leave it open whether
 * the server acted (never a duplicate). No failure after it leaves an orphan that a re-run cannot see:
 * - the request ends `FAILED`, `ABORTED` or `APPROVAL_REJECTED`: the half-created resource is
 *   deleted, and the error carries the request's `details`;
 * - the wait times out: the request is cancelled, the resource deleted, and the error names the
 *   request (a request that finishes `SUCCESSFUL` while being cancelled is kept as a success);
 * - anything else after the server accepted the request (the cancel does not settle, the clean-up
 *   fails, the API becomes unreachable): the error is a {@link ResourceInitError} carrying the
 *   resource id, which the engine records in the stack as a resource whose creation did not finish.
 *   The next `pulumi up` deletes and re-creates it (see `diff`), `pulumi destroy` deletes it.
 *
 * Awaiting (a door that can, with `awaitAfterMs`: the plugin): a request still pending approval
 * after that long ends the creation as a {@link ResourceAwaitError}. The engine writes no state; the
 * next run finds the resource on the server by what it was created with (./awaited.ts) and
 * continues the same request, without another POST. A request its approver rejects fails with a
 * message that says so (./requests.ts `rejectedMessage`), and its resource is deleted.
 */
import { DeploymentResourceInputs, DeploymentResourceState } from "./schema";
import type { OperationDeps } from "./api";
import { deleteAndWait } from "./delete";
import {
  cancelRequest,
  describeOutcome,
  formatDuration,
  rejectedMessage,
  settleMs,
  waitForDeploymentRequest,
} from "./requests";
import { errorMessage } from "../common/api-failures";
import { reporter } from "../common/report";
import type { Resource } from "../client/schemas";
import { CREATED, incompleteState, READ_EXPAND, Settings, settingsOf, stateFromServer } from "./state";
import { submitCreation } from "./submit";
import { ResourceAwaitError, ResourceInitError } from "../core/kind";

/** A creation that did not finish (see the module comment), recorded in the stack by the door. */
export { ResourceInitError };

/** The result of a successful creation: the id and the outputs. */
export interface Created {
  readonly id: string;
  readonly outs: DeploymentResourceState;
}

/**
 * Creates the resource and waits for it; see the module comment for failures. With `awaitAfterMs`
 * (a door that can await), a request pending approval that long ends it as awaiting.
 */
export async function createDeploymentResource(
  deps: OperationDeps,
  inputs: DeploymentResourceInputs,
  awaitAfterMs?: number,
): Promise<Created> {
  const { report } = reporter(deps);
  const what = `create ${inputs.type} '${inputs.name}'`;
  const settings = settingsOf(inputs);
  const { answer, removeLateDuplicates, adopted, continued } = await submitCreation(
    deps,
    inputs,
    what,
    settings,
  );
  const ids = { ...answer, projectId: answer.projectId ?? undefined };
  if (continued) {
    report(`${what}: continuing request ${answer.requestId} of resource ${answer.resourceId}`);
  } else if (!adopted) {
    report(
      `${what}: request ${answer.requestId} accepted (resource ${answer.resourceId}, deployment ${answer.deploymentId})`,
    );
  }
  const recordIncomplete = (message: string, requestStatus: string): ResourceInitError =>
    new ResourceInitError(
      `${message} The resource ${answer.resourceId} is recorded in the stack: the next \`pulumi up\` deletes and ` +
        `re-creates it, \`pulumi destroy\` deletes it.`,
      answer.resourceId,
      incompleteState(inputs, ids, requestStatus),
    );

  let settled: Settled;
  try {
    settled = adopted
      ? await settleAdopted(deps, answer.requestId, what, settings)
      : await settle(deps, answer.requestId, what, settings, awaitAfterMs);
  } catch (error) {
    throw recordIncomplete(
      `${what}: lost track of request ${answer.requestId}: ${errorMessage(error)}.`,
      "UNKNOWN",
    );
  }
  if (settled.kind === "stuck") throw recordIncomplete(settled.problem, settled.status);
  if (settled.kind === "awaiting") {
    // The engine shows an await as "resource is awaiting": the warning says what and what to run.
    await reporter(deps).warn(settled.problem);
    throw new ResourceAwaitError(settled.problem);
  }
  if (settled.kind === "failed") {
    let removal: "absent" | "deleted";
    try {
      removal = await deleteAndWait(deps, ids, what, settings, settleMs(settings));
    } catch (error) {
      throw recordIncomplete(
        `${settled.problem} Deleting the half-created resource failed: ${errorMessage(error)}.`,
        settled.status,
      );
    }
    throw new Error(
      removal === "deleted" ? `${settled.problem} The half-created resource was deleted.` : settled.problem,
    );
  }
  await removeLateDuplicates();
  let resource: Resource;
  try {
    resource = await deps.api.getResource(answer.resourceId, READ_EXPAND);
  } catch (error) {
    // The request succeeded: recorded as created, the next run's update reads it again.
    throw recordIncomplete(
      `${what}: created, but reading resource ${answer.resourceId} failed: ${errorMessage(error)}.`,
      CREATED,
    );
  }
  return {
    id: resource.id,
    outs: stateFromServer(resource, {
      settings,
      inputPropertyKeys: Object.keys(inputs.properties ?? {}),
      requestId: answer.requestId,
      requestStatus: CREATED,
    }),
  };
}

/**
 * Waits for the latest request of an adopted resource when it still runs (the creation a killed run
 * left, say). The resource was listed, so it exists whatever that request ends in (a failed day-2
 * action leaves it in place): never deleted here.
 */
async function settleAdopted(
  deps: OperationDeps,
  requestId: string,
  what: string,
  settings: Settings,
): Promise<Settled> {
  const outcome = await waitForDeploymentRequest(deps, requestId, what, settings);
  if (outcome.kind === "terminal") return { kind: "created" };
  return {
    kind: "stuck",
    status: outcome.request.status ?? "UNKNOWN",
    problem:
      `${what}: timed out after ${formatDuration(outcome.elapsedMs)} waiting for request ${requestId} of the ` +
      "adopted resource; raise waitTimeoutSeconds if it needs longer.",
  };
}

/** Where a creation request ended up. */
type Settled =
  | { readonly kind: "created" }
  | { readonly kind: "failed"; readonly status: string; readonly problem: string }
  | { readonly kind: "stuck"; readonly status: string; readonly problem: string }
  | { readonly kind: "awaiting"; readonly problem: string };

/**
 * Waits for the creation request; on a timeout cancels it and waits for the cancel to settle. A
 * request that finishes `SUCCESSFUL` while being cancelled counts as created. With `awaitAfterMs`,
 * a request pending approval that long is left to run: `awaiting`.
 */
async function settle(
  deps: OperationDeps,
  requestId: string,
  what: string,
  settings: Settings,
  awaitAfterMs?: number,
): Promise<Settled> {
  const outcome = await waitForDeploymentRequest(deps, requestId, what, settings, undefined, awaitAfterMs);
  const status = outcome.request.status ?? "UNKNOWN";
  if (outcome.kind === "awaiting") {
    return {
      kind: "awaiting",
      problem:
        `${what}: request ${requestId} is ${status} after ${formatDuration(outcome.elapsedMs)}; awaiting it ` +
        "(aria:awaitApprovalAfter). Once it is approved in Aria Automation, run `pulumi up` again: it continues " +
        "this request.",
    };
  }
  if (outcome.kind === "terminal") {
    if (status === "APPROVAL_REJECTED") {
      return { kind: "failed", status, problem: rejectedMessage(what, outcome.request) };
    }
    return status === CREATED
      ? { kind: "created" }
      : {
          kind: "failed",
          status,
          problem: `${what}: request ${requestId} ended ${describeOutcome(outcome.request)}`,
        };
  }
  const problem =
    `${what}: timed out after ${formatDuration(outcome.elapsedMs)} waiting for request ${requestId} ` +
    `(last status ${status}); raise waitTimeoutSeconds if it needs longer.`;
  await cancelRequest(deps, requestId, what);
  const after = await waitForDeploymentRequest(deps, requestId, what, settings, settleMs(settings));
  const finalStatus = after.request.status ?? "UNKNOWN";
  if (after.kind === "timeout") {
    return {
      kind: "stuck",
      status: finalStatus,
      problem: `${problem} Cancelling it did not settle it (${finalStatus}).`,
    };
  }
  if (finalStatus === CREATED) {
    reporter(deps).report(
      `${what}: request ${requestId} finished SUCCESSFUL while being cancelled; keeping it`,
    );
    return { kind: "created" };
  }
  return {
    kind: "failed",
    status: finalStatus,
    problem: `${problem} The request was cancelled (${finalStatus}).`,
  };
}
