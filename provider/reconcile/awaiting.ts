/**
 * Deployment resources awaiting approval: a creation the `aria` plugin ended as awaiting
 * (../deployment/create.ts) leaves nothing in the stack, so the refresh preview shows it as a create;
 * on the server its resource is there, its current request pending approval. Each drifted create of
 * a `DeploymentResource` is looked up by what the program declares (name, type and project) and, when
 * one of those resources' current request waits for approval, reported as awaiting with that request.
 */
import type { AriaClient } from "../client";
import type { PreviewDigest } from "../common/preview-digest";
import { isAwaitingApproval } from "../deployment/wait";
import type { DriftedResource } from "./report";

/** The plugin's deployment resource type (the dynamic door never awaits). */
const DEPLOYMENT_RESOURCE = "aria:index:DeploymentResource";

/** The declared inputs of each URN's step in a preview. */
function declaredInputs(digest: PreviewDigest): Map<string, Record<string, unknown>> {
  const byUrn = new Map<string, Record<string, unknown>>();
  for (const step of digest.steps ?? []) {
    if (step.newState?.inputs) byUrn.set(step.urn, step.newState.inputs);
  }
  return byUrn;
}

/** True when `drifted` may be an awaited creation. */
export function mayBeAwaiting(drifted: DriftedResource): boolean {
  return drifted.action === "create" && drifted.type === DEPLOYMENT_RESOURCE;
}

/**
 * `drifted`, each create of a deployment resource whose resource on the server waits for approval
 * marked `awaiting` with its request; the others as they were.
 */
export async function withAwaiting(
  client: Pick<AriaClient, "listAllResources" | "getResource">,
  drifted: readonly DriftedResource[],
  digest: PreviewDigest,
): Promise<DriftedResource[]> {
  const inputs = declaredInputs(digest);
  const out: DriftedResource[] = [];
  for (const entry of drifted) {
    const declared = inputs.get(entry.urn);
    const name = declared?.name;
    const type = declared?.type;
    if (!mayBeAwaiting(entry) || typeof name !== "string" || typeof type !== "string") {
      out.push(entry);
      continue;
    }
    const projectId = typeof declared?.projectId === "string" ? declared.projectId : undefined;
    const listed = await client.listAllResources({
      search: name,
      resourceTypes: [type],
      ...(projectId !== undefined && { projects: [projectId] }),
    });
    let awaiting: DriftedResource["awaiting"];
    for (const resource of listed.filter((r) => r.name === name && r.type === type)) {
      const request = (await client.getResource(resource.id, ["currentRequest"])).currentRequest;
      if (!request?.id || !isAwaitingApproval(request)) continue;
      awaiting = { resourceId: resource.id, requestId: request.id, status: String(request.status) };
      break;
    }
    out.push(awaiting ? { ...entry, awaiting } : entry);
  }
  return out;
}
