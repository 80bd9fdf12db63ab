import { REAL_TIME, type EmulatorClock } from "../core/clock";
import { ProjectStore } from "../state/projects";
import type { StoredDeployment, StoredRequest, StoredResource } from "./model";

/**
 * An approval policy: creations of resources of this project (id) and type (either may be left out:
 * any) wait at APPROVAL_PENDING until approved or rejected (`/__emulator/approvals`, ../ops).
 */
export interface ApprovalPolicy {
  projectId?: string;
  type?: string;
}

/** Everything the deployment service keeps, in a persistable form. */
export interface DeploymentSnapshot {
  deployments: StoredDeployment[];
  resources: StoredResource[];
  requests: StoredRequest[];
}

/** When a request reaches its outcome (or was aborted). */
export function requestEndMs(req: StoredRequest): number {
  if (req.abortedAtMs !== undefined) return req.abortedAtMs;
  return runStartMs(req) + req.durationMs;
}

/**
 * When a request starts running: when it was made, or when it was approved; never while its
 * approval is pending (then it has no end), and a rejected one ends at the rejection.
 */
export function runStartMs(req: StoredRequest): number {
  const approval = req.approval;
  if (approval === undefined) return req.createdAtMs;
  if (approval.state === "pending") return Number.POSITIVE_INFINITY;
  const decided = approval.decidedAtMs ?? req.createdAtMs;
  return approval.state === "rejected" ? decided - req.durationMs : decided;
}

/**
 * Deployments, resources and requests. Requests progress with time and are settled lazily:
 * every operation first applies the effects of requests that have come due (a created resource
 * appears, a deleted one disappears), so no timers need cleaning up and pending requests
 * survive a restart.
 */
export class DeploymentStore {
  readonly resources = new Map<string, StoredResource>();
  readonly deployments = new Map<string, StoredDeployment>();
  readonly requests = new Map<string, StoredRequest>();
  private readonly pending = new Set<string>();
  /** The approval policies in force (kept in memory, not in the data file). */
  approvalPolicies: ApprovalPolicy[] = [];
  private readonly latestByResource = new Map<string, string>();

  constructor(
    private readonly onChange: () => void = () => undefined,
    /** The emulator's projects (resources belong to one by id). */
    readonly projects: ProjectStore = new ProjectStore(),
    /** What requests progress by. */
    private readonly clock: EmulatorClock = REAL_TIME,
  ) {}

  /** The current time, as requests see it. */
  now(): number {
    return this.clock.now();
  }

  /** The name of the project with this id, if it exists. */
  projectName(id: string): string | undefined {
    return this.projects.byId(id)?.name;
  }

  /** Replaces all contents. */
  load(snapshot: DeploymentSnapshot): void {
    this.resources.clear();
    this.deployments.clear();
    this.requests.clear();
    this.pending.clear();
    this.latestByResource.clear();
    for (const d of snapshot.deployments) this.deployments.set(d.id, d);
    for (const r of snapshot.resources) this.resources.set(r.id, r);
    for (const q of [...snapshot.requests].sort((a, b) => a.createdAtMs - b.createdAtMs)) this.track(q);
    this.onChange();
  }

  /** A copy-free view for persistence. */
  snapshot(): DeploymentSnapshot {
    return {
      deployments: [...this.deployments.values()],
      resources: [...this.resources.values()],
      requests: [...this.requests.values()],
    };
  }

  /** Whether a creation of this project and type needs approval under the policies in force. */
  needsApproval(projectId: string, type: string): boolean {
    return this.approvalPolicies.some(
      (policy) =>
        (policy.projectId === undefined || policy.projectId === projectId) &&
        (policy.type === undefined || policy.type === type),
    );
  }

  /** Requests waiting for approval, oldest first. */
  awaitingApproval(): StoredRequest[] {
    this.settle();
    return [...this.requests.values()]
      .filter((req) => req.approval?.state === "pending" && !req.settled)
      .sort((a, b) => a.createdAtMs - b.createdAtMs);
  }

  /** Adds (or replaces) a resource. */
  addResource(resource: StoredResource): void {
    this.resources.set(resource.id, resource);
    this.onChange();
  }

  /** Records a new request. */
  addRequest(req: StoredRequest): void {
    this.track(req);
    this.onChange();
  }

  /** Adds a deployment. */
  addDeployment(deployment: StoredDeployment): void {
    this.deployments.set(deployment.id, deployment);
    this.onChange();
  }

  /** Marks a request aborted now; answers false when it had already ended. */
  abort(req: StoredRequest, now = this.now()): boolean {
    this.settle(now);
    if (req.settled) return false;
    req.abortedAtMs = now;
    req.settled = true;
    this.pending.delete(req.id);
    this.onChange();
    return true;
  }

  /**
   * Decides a request's pending approval now: approved, it runs its duration from now; rejected, it
   * ends APPROVAL_REJECTED at once (its resource stays, as the product leaves a rejected deployment,
   * until deleted). Answers false when the request was not waiting for approval.
   */
  decide(req: StoredRequest, approve: boolean, approver: string, reason: string | undefined): boolean {
    this.settle();
    if (req.approval?.state !== "pending" || req.settled) return false;
    const now = this.now();
    req.approval = {
      state: approve ? "approved" : "rejected",
      decidedAtMs: now,
      approver,
      ...(reason !== undefined && { reason }),
    };
    if (!approve) {
      req.outcome = "APPROVAL_REJECTED";
      req.settled = true;
      this.pending.delete(req.id);
    }
    this.onChange();
    this.settle(now);
    return true;
  }

  /** Marks a failed request dismissed. */
  dismiss(req: StoredRequest): void {
    req.dismissed = true;
    this.onChange();
  }

  /** The most recent request touching a resource. */
  latestRequestOf(resourceId: string): StoredRequest | undefined {
    const id = this.latestByResource.get(resourceId);
    return id === undefined ? undefined : this.requests.get(id);
  }

  /** Requests that have not ended yet. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Applies the effects of every request that has come due by `now`. */
  settle(now = this.now()): void {
    if (this.pending.size === 0) return;
    const due = [...this.pending]
      .map((id) => this.requests.get(id) as StoredRequest)
      .filter((req) => requestEndMs(req) <= now)
      .sort((a, b) => requestEndMs(a) - requestEndMs(b));
    for (const req of due) {
      this.pending.delete(req.id);
      req.settled = true;
      if (req.outcome !== "SUCCESSFUL") continue;
      if (req.kind === "create" && req.draft) this.resources.set(req.draft.id, req.draft);
      if (req.kind === "delete") for (const id of req.resourceIds) this.resources.delete(id);
    }
    if (due.length > 0) this.onChange();
  }

  private track(req: StoredRequest): void {
    this.requests.set(req.id, req);
    if (!req.settled) this.pending.add(req.id);
    for (const id of req.resourceIds) this.latestByResource.set(id, req.id);
  }
}
