import { ok } from "../core/api-response";
import type { RouteDef } from "../core/context";
import { badRequest, conflict, notFound } from "../core/http-error";
import { requestView } from "../deployment/request-view";
import type { ApprovalPolicy, DeploymentStore } from "../deployment/store";
import { op } from "./ops-routes";

/*
 * Approvals on the operations surface (`/__emulator/approvals`): the product's approval policies
 * (Service Broker) and its approvers, reduced to what a test needs. A policy makes the creations of a
 * project (id) and resource type wait at APPROVAL_PENDING; an approver's decision lets one go on
 * (`approvedAt` set, it runs its duration from then) or ends it APPROVAL_REJECTED, with `details`
 * naming who rejected it and why.
 */

/** The body of `PUT /__emulator/approvals`. */
function policiesOf(body: unknown): ApprovalPolicy[] {
  const policies = (body as { policies?: unknown } | undefined)?.policies;
  if (!Array.isArray(policies)) {
    throw badRequest(
      "Body must be an object with 'policies', a list of {projectId?, type?} (an empty list: none)",
    );
  }
  return policies.map((policy, index) => {
    if (typeof policy !== "object" || policy === null)
      throw badRequest(`policies[${index}] must be an object`);
    const { projectId, type } = policy as Record<string, unknown>;
    for (const [field, value] of Object.entries({ projectId, type })) {
      if (value !== undefined && typeof value !== "string") {
        throw badRequest(`policies[${index}].${field} must be a string (or left out: any)`);
      }
    }
    return {
      ...(projectId !== undefined && { projectId: projectId as string }),
      ...(type !== undefined && { type: type as string }),
    };
  });
}

/** The body of `POST /__emulator/approvals/{requestId}`. */
function decisionOf(body: unknown): { approve: boolean; approver: string; reason?: string } {
  const { decision, approver, reason } = (body ?? {}) as Record<string, unknown>;
  if (decision !== "APPROVE" && decision !== "REJECT") {
    throw badRequest("Body must be an object with 'decision': APPROVE or REJECT (and 'approver', 'reason')");
  }
  if (approver !== undefined && typeof approver !== "string") throw badRequest("'approver' must be a string");
  if (reason !== undefined && typeof reason !== "string") throw badRequest("'reason' must be a string");
  return {
    approve: decision === "APPROVE",
    approver: (approver as string | undefined) ?? "approver",
    ...(reason !== undefined && { reason: reason as string }),
  };
}

/** `GET` and `PUT /__emulator/approvals`, `POST /__emulator/approvals/{requestId}`. */
export function approvalRoutes(store: DeploymentStore): RouteDef[] {
  const view = () =>
    ok({
      policies: store.approvalPolicies,
      pending: store.awaitingApproval().map((req) => requestView(req, store.now())),
    });
  return [
    op("GET", "/approvals", view),
    op("PUT", "/approvals", (ctx) => {
      store.approvalPolicies = policiesOf(ctx.body);
      return view();
    }),
    op("POST", "/approvals/{requestId}", (ctx) => {
      const req = store.requests.get(ctx.params.requestId);
      if (!req) throw notFound(`Request with id '${ctx.params.requestId}' not found`);
      const { approve, approver, reason } = decisionOf(ctx.body);
      if (!store.decide(req, approve, approver, reason)) {
        throw conflict(`Request '${req.id}' is not waiting for approval`);
      }
      return ok(requestView(req, store.now()));
    }),
  ];
}
