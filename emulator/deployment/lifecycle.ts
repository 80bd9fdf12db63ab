import type { Caller } from "../core/context";
import { badRequest, conflict, notFound } from "../core/http-error";
import { newId } from "../core/ids";
import { isoTimestamp } from "../core/time";
import {
  CLOUD_ACCOUNTS,
  ORG_ID,
  cloudTypeOf,
  type StoredRequest,
  type StoredResource,
  type Tag,
} from "./model";
import { isTerminal, requestStatus } from "./request-view";
import type { DeploymentStore } from "./store";

/** The answer to `POST /resources`. */
export interface ResourceRequestResponse {
  deploymentId: string;
  projectId: string;
  requestId: string;
  resourceId: string;
}

type Body = Record<string, unknown>;

function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw badRequest(`Field '${field}' must be a string`);
  return value;
}

function requiredString(body: Body, field: string): string {
  const value = optionalString(body, field);
  if (value === undefined || value.trim() === "") throw badRequest(`Field '${field}' is required`);
  return value;
}

/** `properties.emulatorDelayMs` overrides the request duration. */
function durationOf(properties: Body, fallbackMs: number): number {
  const raw = properties.emulatorDelayMs;
  if (raw === undefined) return fallbackMs;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw badRequest("Property 'emulatorDelayMs' must be a non-negative number");
  return value;
}

function tagsOf(properties: Body): Tag[] {
  const raw = properties.tags;
  if (Array.isArray(raw)) {
    return raw
      .filter((t): t is Body => typeof t === "object" && t !== null && typeof (t as Body).key === "string")
      .map((t) => ({ key: String(t.key), value: t.value === undefined ? "" : String(t.value) }));
  }
  if (typeof raw === "object" && raw !== null) {
    return Object.entries(raw as Body).map(([key, value]) => ({ key, value: String(value) }));
  }
  return [];
}

function cloudAccountOf(properties: Body, cloudType: string | undefined): string | undefined {
  const wanted = properties.cloudAccountId ?? properties.account;
  const named = CLOUD_ACCOUNTS.find((a) => a.id === wanted || a.name === wanted);
  return named?.id ?? CLOUD_ACCOUNTS.find((a) => a.cloudType === cloudType)?.id;
}

/**
 * `POST /resources`: validates, creates the deployment when none is given and starts an
 * asynchronous create request. Names starting with `fail-` or a `properties.emulatorFail`
 * make it end FAILED. Under an approval policy (../deployment/store.ts) the request waits at
 * APPROVAL_PENDING, its resource listed, until approved or rejected.
 */
export function submitCreate(
  store: DeploymentStore,
  body: unknown,
  caller: Caller,
  delayMs: number,
): ResourceRequestResponse {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Request body must be a JSON object holding the resource specification");
  }
  const b = body as Body;
  const name = requiredString(b, "name");
  const type = requiredString(b, "type");
  const properties = b.properties ?? {};
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) {
    throw badRequest("Field 'properties' must be an object");
  }
  const props = properties as Body;
  const deploymentId = optionalString(b, "deploymentId");
  const projectIdGiven = optionalString(b, "projectId");
  const existing = deploymentId === undefined ? undefined : store.deployments.get(deploymentId);
  if (deploymentId !== undefined && !existing)
    throw badRequest(`Deployment with id '${deploymentId}' does not exist`);
  const projectId = projectIdGiven ?? existing?.projectId;
  const project =
    projectId !== undefined ? store.projects.requireById(projectId) : store.projects.defaultProject();
  if (existing && existing.projectId !== project.id) {
    throw badRequest(
      `Deployment '${existing.id}' belongs to project '${existing.projectId}', not '${project.id}'`,
    );
  }
  const durationMs = durationOf(props, delayMs);
  const now = store.now();
  const deployment = existing ?? {
    id: newId(),
    name,
    description: "",
    projectId: project.id,
    ownedBy: caller.username,
    createdAt: isoTimestamp(now),
  };
  if (!existing) store.addDeployment(deployment);
  const cloudType = cloudTypeOf(type);
  const draft: StoredResource = {
    id: newId(),
    name,
    type,
    description: optionalString(b, "description") ?? "",
    properties: props,
    createdAt: isoTimestamp(now),
    syncStatus: "SUCCESS",
    origin: "ONBOARDED",
    expense: {
      totalExpense: 0,
      computeExpense: 0,
      storageExpense: 0,
      additionalExpense: 0,
      unit: "USD",
      lastUpdatedTime: isoTimestamp(now),
    },
    deploymentId: deployment.id,
    projectId: project.id,
    orgId: ORG_ID,
    ...(cloudType !== undefined && { cloudType }),
    ...(cloudAccountOf(props, cloudType) !== undefined && {
      cloudAccountId: cloudAccountOf(props, cloudType),
    }),
    tags: tagsOf(props),
  };
  const failure =
    props.emulatorFail !== undefined && props.emulatorFail !== null && props.emulatorFail !== false
      ? String(props.emulatorFail)
      : name.startsWith("fail-")
        ? `Simulated failure: resource name '${name}' starts with 'fail-'`
        : undefined;
  const needsApproval = store.needsApproval(project.id, type);
  const request: StoredRequest = {
    id: newId(),
    kind: "create",
    name: "Create",
    actionId: "Create",
    requestedBy: caller.username,
    deploymentId: deployment.id,
    resourceIds: [draft.id],
    inputs: { name, type, projectId: project.id, deploymentId: deployment.id, properties: props },
    createdAtMs: now,
    durationMs,
    outcome: failure === undefined ? "SUCCESSFUL" : "FAILED",
    ...(failure !== undefined && { failureDetails: failure }),
    dismissed: false,
    settled: false,
    draft,
    ...(needsApproval && { approval: { state: "pending" as const } }),
  };
  // Held for approval, the resource is there (its deployment shows the request waiting), as the
  // product shows it; otherwise it appears when its request succeeds.
  if (needsApproval) store.addResource(draft);
  store.addRequest(request);
  store.settle(now);
  return { deploymentId: deployment.id, projectId: project.id, requestId: request.id, resourceId: draft.id };
}

/** `DELETE /deployments/{d}/resources/{r}`: starts an asynchronous delete request (409 while another runs). */
export function submitDelete(
  store: DeploymentStore,
  deploymentId: string,
  resourceId: string,
  caller: Caller,
  delayMs: number,
): StoredRequest {
  const resource = store.resources.get(resourceId);
  if (!resource || resource.deploymentId !== deploymentId) {
    throw notFound(`Resource with id '${resourceId}' not found in deployment '${deploymentId}'`);
  }
  const now = store.now();
  const running = store.latestRequestOf(resourceId);
  if (running && !isTerminal(requestStatus(running, now))) {
    throw conflict(`Resource '${resourceId}' already has a request in progress (${running.id})`);
  }
  const failure = resource.properties.emulatorFailDelete;
  const request: StoredRequest = {
    id: newId(),
    kind: "delete",
    name: "Delete",
    actionId: "Delete",
    requestedBy: caller.username,
    deploymentId,
    resourceIds: [resourceId],
    inputs: {},
    createdAtMs: now,
    durationMs: durationOf(resource.properties, delayMs),
    outcome: failure === undefined ? "SUCCESSFUL" : "FAILED",
    ...(failure !== undefined && { failureDetails: String(failure) }),
    dismissed: false,
    settled: false,
  };
  store.addRequest(request);
  store.settle(now);
  return request;
}
