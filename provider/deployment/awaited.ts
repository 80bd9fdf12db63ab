/**
 * Finding an awaited creation again. A creation that ended as awaiting (./create.ts) leaves no state:
 * the engine writes none for a create. What is left is on the server: the resource its POST made,
 * listed with the name, type, project and properties it was created with, whose current request
 * (`expand=currentRequest`) is that creation's, gone through approval. So before a creation sends
 * anything, the resources matching it (./submit.ts lists them) are looked at: one whose current
 * request is pending approval, was approved (`approvedAt`) or was rejected is the awaited creation,
 * and the creation follows its request instead of sending a second POST.
 */
import type { Request, Resource, ResourceRequestResponse } from "../client/schemas";
import type { OperationDeps } from "./api";
import { isAwaitingApproval } from "./wait";

/** True when a resource's current request is a creation of it that went through approval. */
function wentThroughApproval(resourceId: string, request: Request | null | undefined): request is Request {
  if (!request?.id || !(request.resourceIds ?? []).includes(resourceId)) return false;
  return isAwaitingApproval(request) || request.status === "APPROVAL_REJECTED" || Boolean(request.approvedAt);
}

/**
 * The creation an earlier run awaited, among the resources that match this one; undefined when none
 * is. Fails when several are (it cannot tell which is this resource's).
 */
export async function awaitedCreation(
  deps: OperationDeps,
  matches: readonly Resource[],
  what: string,
): Promise<ResourceRequestResponse | undefined> {
  const found: ResourceRequestResponse[] = [];
  for (const match of matches) {
    const resource = await deps.api.getResource(match.id, ["currentRequest"]);
    const request = resource.currentRequest;
    if (!wentThroughApproval(match.id, request)) continue;
    found.push({
      resourceId: match.id,
      requestId: request.id,
      deploymentId: resource.deploymentId ?? match.deploymentId ?? "",
      projectId: resource.projectId ?? match.projectId ?? "",
    });
  }
  if (found.length > 1) {
    throw new Error(
      `${what}: ${found.length} resources with this name, type, project and properties have a creation ` +
        `request that went through approval (${found.map((f) => f.resourceId).join(", ")}); this creation cannot ` +
        "tell which one an earlier, awaited run made. Delete the ones this program should not manage and run " +
        "`pulumi up` again.",
    );
  }
  return found[0];
}
