import { badRequest } from "../core/http-error";
import { queryList } from "../core/query";
import type { StoredResource } from "./model";
import { requestView } from "./request-view";
import type { DeploymentStore } from "./store";

/** Objects `expand` may fill. */
export const EXPANDABLE = ["project", "deployment", "currentRequest"] as const;

/** Parses `expand` (comma-separated, repeatable); 400 names an unknown object. */
export function parseExpand(query: URLSearchParams, allowed: readonly string[] = EXPANDABLE): Set<string> {
  const items = queryList(query, "expand") ?? [];
  for (const item of items) {
    if (!allowed.includes(item)) {
      throw badRequest(`Invalid expand '${item}'. Expandable objects: ${allowed.join(", ")}`);
    }
  }
  return new Set(items);
}

/**
 * A resource in the API's shape; the `project`, `deployment` and `currentRequest` objects are
 * present only when expanded (`currentRequest` is the latest request that touched the resource).
 */
export function resourceView(
  store: DeploymentStore,
  r: StoredResource,
  expand: Set<string>,
): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: r.id,
    name: r.name,
    type: r.type,
    description: r.description,
    properties: r.properties,
    createdAt: r.createdAt,
    syncStatus: r.syncStatus,
    origin: r.origin,
    expense: r.expense,
    deploymentId: r.deploymentId,
    projectId: r.projectId,
    orgId: r.orgId,
  };
  if (expand.has("project")) {
    const project = store.projects.byId(r.projectId);
    if (project) view.project = { id: project.id, name: project.name, description: project.description };
  }
  if (expand.has("deployment")) {
    const d = store.deployments.get(r.deploymentId);
    if (d) view.deployment = { id: d.id, name: d.name, description: d.description, ownedBy: d.ownedBy };
  }
  if (expand.has("currentRequest")) {
    const request = store.latestRequestOf(r.id);
    if (request) view.currentRequest = requestView(request, store.now());
  }
  return view;
}

/** A resource as the deployment-scoped operations answer it (`DeploymentResource`). */
export function deploymentResourceView(
  store: DeploymentStore,
  r: StoredResource,
  expand: Set<string>,
): Record<string, unknown> {
  const { projectId: _p, orgId: _o, ...rest } = resourceView(store, r, expand);
  return { ...rest, state: "OK", dependsOn: [] };
}
