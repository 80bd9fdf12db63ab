import { createApiError } from "../../../provider/client/errors";
import type { Request, Resource, ResourceCreateRequest, ResourcePage } from "../../../provider/client";
import type { DeploymentApi } from "../../../provider/deployment/api";
import type { FakeClock } from "../../support/clock";

/** A 404 as the client raises it. */
export function notFound(path = "/deployment/api/resources/x"): Error {
  return createApiError({ operation: "read resource", method: "GET", path, status: 404 });
}

/** How a scripted request behaves. */
export interface Script {
  /** Milliseconds until it reaches its outcome. */
  durationMs: number;
  /** Its outcome. */
  outcome: "SUCCESSFUL" | "FAILED" | "APPROVAL_REJECTED";
  /** `details` of a failure. */
  details?: string;
  /** What a cancel does: abort it (default), be refused (409), or be accepted and ignored. */
  cancel?: "abort" | "refuse" | "ignore";
  /**
   * Held for approval: APPROVAL_PENDING (its resource listed) until {@link FakeDeploymentApi.decide};
   * approved, it runs `durationMs` from then.
   */
  approval?: boolean;
}

interface FakeRequest extends Script {
  id: string;
  kind: "create" | "delete";
  startedAt: number;
  abortedAt?: number;
  resourceId: string;
  approvedAt?: number;
  rejected?: string;
}

/**
 * A scripted Deployment API on a fake clock: requests move CREATED → INPROGRESS → outcome over
 * `durationMs`; a created resource exists once its request succeeded; a deleted one disappears
 * once the delete request succeeded.
 */
export class FakeDeploymentApi implements DeploymentApi {
  readonly calls: string[] = [];
  readonly requests = new Map<string, FakeRequest>();
  readonly resources = new Map<string, Resource>();
  private readonly pendingResources = new Map<string, Resource>();
  private seq = 0;
  /** The script of the next create request. */
  createScript: Script = { durationMs: 2_000, outcome: "SUCCESSFUL" };
  /** The script of delete requests. */
  deleteScript: Script = { durationMs: 1_000, outcome: "SUCCESSFUL" };
  /** When set, `getRequest` throws it. */
  getRequestError?: Error;
  /** When set, `deleteResource` throws it. */
  deleteError?: Error;

  constructor(private readonly clock: FakeClock) {}

  async createResource(body: ResourceCreateRequest) {
    this.calls.push(`POST /resources ${body.name}`);
    const n = ++this.seq;
    const resourceId = `res-${n}`;
    const deploymentId = body.deploymentId ?? `dep-${n}`;
    const projectId = body.projectId ?? "proj-default";
    const request = this.addRequest("create", resourceId, this.createScript);
    const pending = this.createScript.approval ? this.resources : this.pendingResources;
    pending.set(resourceId, {
      id: resourceId,
      name: body.name,
      type: body.type,
      properties: { ...(body.properties ?? {}), serverAdded: "yes" },
      deploymentId,
      projectId,
      syncStatus: "SUCCESS",
      origin: "ONBOARDED",
      createdAt: "2024-01-01T00:00:00Z",
      orgId: "org-1",
      project: { id: projectId, name: "Default Project" },
      deployment: { id: deploymentId, name: body.name },
    });
    return { deploymentId, projectId, requestId: request.id, resourceId };
  }

  async getRequest(requestId: string): Promise<Request> {
    this.calls.push(`GET /requests/${requestId}`);
    if (this.getRequestError) throw this.getRequestError;
    const r = this.requests.get(requestId);
    if (!r) throw notFound(`/deployment/api/requests/${requestId}`);
    return this.view(r);
  }

  async cancelRequest(requestId: string): Promise<void> {
    this.calls.push(`POST /requests/${requestId}?action=cancel`);
    const r = this.requests.get(requestId);
    if (!r) throw notFound(`/deployment/api/requests/${requestId}`);
    const status = this.view(r).status;
    if (r.cancel === "refuse" || ["SUCCESSFUL", "FAILED", "ABORTED"].includes(String(status))) {
      throw createApiError({
        operation: "cancel request",
        method: "POST",
        path: `/deployment/api/requests/${requestId}`,
        status: 409,
      });
    }
    if (r.cancel !== "ignore") r.abortedAt = this.clock.now();
  }

  /** One page of the resources in name order, ties by id (the only order the fake knows). */
  async listResources(query: { skip?: number; top?: number; projects?: readonly string[] } = {}) {
    this.calls.push(`GET /resources?$skip=${query.skip ?? 0}&$top=${query.top ?? 20}`);
    this.settle();
    const all = [...this.resources.values()]
      .filter((r) => query.projects === undefined || query.projects.includes(String(r.projectId)))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const skip = query.skip ?? 0;
    const content = all.slice(skip, skip + (query.top ?? 20));
    const last = skip + content.length >= all.length;
    return { content, totalElements: all.length, last } as unknown as ResourcePage;
  }

  async listAllResources(
    query: { search?: string; resourceTypes?: readonly string[]; projects?: readonly string[] } = {},
  ) {
    this.calls.push(`GET /resources?search=${query.search ?? ""}`);
    this.settle();
    return [...this.resources.values()].filter(
      (r) =>
        (query.search === undefined || r.name.includes(query.search)) &&
        (query.resourceTypes === undefined || query.resourceTypes.includes(r.type)) &&
        (query.projects === undefined || query.projects.includes(String(r.projectId))),
    );
  }

  async getResource(id: string, expand?: readonly string[]): Promise<Resource> {
    this.calls.push(`GET /resources/${id}`);
    this.settle();
    const resource = this.resources.get(id);
    if (!resource) throw notFound(`/deployment/api/resources/${id}`);
    if (!expand?.includes("currentRequest")) return resource;
    const latest = [...this.requests.values()].filter((r) => r.resourceId === id).pop();
    return { ...resource, currentRequest: latest ? this.view(latest) : undefined };
  }

  async deleteResource(deploymentId: string, resourceId: string): Promise<Request> {
    this.calls.push(`DELETE /deployments/${deploymentId}/resources/${resourceId}`);
    if (this.deleteError) throw this.deleteError;
    this.settle();
    const resource = this.resources.get(resourceId);
    if (!resource || resource.deploymentId !== deploymentId) {
      throw notFound(`/deployment/api/deployments/${deploymentId}/resources/${resourceId}`);
    }
    // As the server: no second request while one runs on the resource.
    const running = [...this.requests.values()].find(
      (r) =>
        r.resourceId === resourceId &&
        !["SUCCESSFUL", "FAILED", "ABORTED", "APPROVAL_REJECTED"].includes(this.status(r)),
    );
    if (running) {
      throw createApiError({
        operation: "delete resource",
        method: "DELETE",
        path: `/deployment/api/deployments/${deploymentId}/resources/${resourceId}`,
        status: 409,
      });
    }
    return this.view(this.addRequest("delete", resourceId, this.deleteScript));
  }

  /** An approver's decision on a request held for approval: it runs from now, or ends rejected. */
  decide(requestId: string, approve: boolean, details = "Rejected by approver"): void {
    const r = this.requests.get(requestId) as FakeRequest;
    if (approve) {
      r.approvedAt = this.clock.now();
      r.startedAt = this.clock.now();
    } else {
      r.rejected = details;
    }
  }

  /** Applies finished requests (resources appear and disappear). */
  settle(): void {
    for (const r of this.requests.values()) {
      if (this.status(r) !== "SUCCESSFUL") continue;
      if (r.kind === "create" && this.pendingResources.has(r.resourceId)) {
        this.resources.set(r.resourceId, this.pendingResources.get(r.resourceId) as Resource);
        this.pendingResources.delete(r.resourceId);
      }
      if (r.kind === "delete") this.resources.delete(r.resourceId);
    }
  }

  private addRequest(kind: "create" | "delete", resourceId: string, script: Script): FakeRequest {
    const request: FakeRequest = {
      ...script,
      id: `req-${++this.seq}`,
      kind,
      startedAt: this.clock.now(),
      resourceId,
    };
    this.requests.set(request.id, request);
    return request;
  }

  private status(r: FakeRequest): string {
    if (r.abortedAt !== undefined) return "ABORTED";
    if (r.rejected !== undefined) return "APPROVAL_REJECTED";
    if (r.approval && r.approvedAt === undefined) return "APPROVAL_PENDING";
    const elapsed = this.clock.now() - r.startedAt;
    if (elapsed >= r.durationMs) return r.outcome;
    return elapsed < r.durationMs / 10 ? "CREATED" : "INPROGRESS";
  }

  private view(r: FakeRequest): Request {
    this.settle();
    const status = this.status(r);
    return {
      id: r.id,
      status,
      details:
        status === "ABORTED"
          ? "Request was cancelled"
          : status === "APPROVAL_REJECTED" && r.rejected !== undefined
            ? r.rejected
            : status === r.outcome
              ? r.details
              : undefined,
      resourceIds: [r.resourceId],
      ...(r.approvedAt !== undefined && { approvedAt: new Date(r.approvedAt).toISOString() }),
    };
  }
}
