import { ok } from "../core/api-response";
import type { RequestContext, RouteDef } from "../core/context";
import { badRequest, conflict, forbidden, notFound } from "../core/http-error";
import { newId } from "../core/ids";
import { nowMicros } from "../core/time";
import { DEFAULT_PROJECT, requireProjectByName } from "../state/projects";
import { listEndpoints } from "./endpoint-list";
import { parseEndpointSpec, propertyProblem, unmaskSecrets, type EndpointSpecInput } from "./endpoint-spec";
import type { EndpointStore, PropertyValue, StoredEndpoint } from "./endpoint-store";
import { endpointView } from "./endpoint-view";
import { callerOf, pipelineRoute } from "./routes-common";
import { tileFor } from "./tiles";

const RESTRICTED_MESSAGE = "only an administrator can create, update or delete restricted endpoints";

function checkedProperties(
  spec: EndpointSpecInput,
  stored?: Record<string, PropertyValue>,
): Record<string, PropertyValue> {
  const tile = tileFor(spec.type);
  if (!tile) throw badRequest(`Unknown endpoint type '${spec.type}'`);
  const { properties, problem } = unmaskSecrets(tile, spec.properties, stored);
  const issue = problem ?? propertyProblem(tile, properties);
  if (issue) throw badRequest(issue);
  return properties;
}

function checkRestricted(ctx: RequestContext, name: string, restricted: boolean): void {
  if (restricted && !callerOf(ctx).admin) {
    throw forbidden(`Endpoint '${name}' is restricted: ${RESTRICTED_MESSAGE}`);
  }
}

function checkUnique(store: EndpointStore, project: string, name: string, selfId?: string): void {
  const other = store.findByName(project, name);
  if (other && other.id !== selfId) {
    throw conflict(`An endpoint named '${name}' already exists in project '${project}' (id ${other.id})`);
  }
}

function byId(store: EndpointStore, id: string): StoredEndpoint {
  const endpoint = store.get(id);
  if (!endpoint) throw notFound(`Endpoint with id '${id}' not found`);
  return endpoint;
}

function byName(store: EndpointStore, project: string, name: string): StoredEndpoint {
  const endpoint = store.findByName(project, name);
  if (!endpoint) throw notFound(`Endpoint '${name}' not found in project '${project}'`);
  return endpoint;
}

function create(store: EndpointStore, ctx: RequestContext): StoredEndpoint {
  const spec = parseEndpointSpec(ctx.body);
  const project = requireProjectByName(spec.project ?? DEFAULT_PROJECT.name);
  const properties = checkedProperties(spec);
  checkRestricted(ctx, spec.name, spec.isRestricted);
  checkUnique(store, project.name, spec.name);
  const now = nowMicros();
  const who = callerOf(ctx).username;
  const endpoint: StoredEndpoint = {
    id: newId(),
    ...specFields(spec, project, properties),
    createdMicros: now,
    updatedMicros: now,
    createdBy: who,
    updatedBy: who,
  };
  store.put(endpoint);
  return endpoint;
}

/** The stored fields that a create or a full PUT takes from the request. */
function specFields(
  spec: EndpointSpecInput,
  project: { name: string; id: string },
  properties: Record<string, PropertyValue>,
): Pick<
  StoredEndpoint,
  "name" | "project" | "projectId" | "type" | "description" | "isRestricted" | "properties" | "cloudProxyId"
> {
  return {
    name: spec.name,
    project: project.name,
    projectId: project.id,
    type: spec.type,
    description: spec.description,
    isRestricted: spec.isRestricted,
    properties,
    ...(spec.cloudProxyId !== undefined && { cloudProxyId: spec.cloudProxyId }),
  };
}

/** Full PUT: a missing `project` keeps the current one; renames and moves are allowed. */
function update(store: EndpointStore, ctx: RequestContext, find: () => StoredEndpoint): StoredEndpoint {
  const spec = parseEndpointSpec(ctx.body);
  const existing = find();
  const project =
    spec.project === undefined
      ? { name: existing.project, id: existing.projectId }
      : requireProjectByName(spec.project);
  const properties = checkedProperties(spec, existing.properties);
  checkRestricted(ctx, existing.name, existing.isRestricted || spec.isRestricted);
  checkUnique(store, project.name, spec.name, existing.id);
  const updated: StoredEndpoint = {
    id: existing.id,
    ...specFields(spec, project, properties),
    createdMicros: existing.createdMicros,
    updatedMicros: Math.max(nowMicros(), existing.updatedMicros + 1),
    createdBy: existing.createdBy,
    updatedBy: callerOf(ctx).username,
  };
  store.put(updated);
  return updated;
}

function remove(store: EndpointStore, ctx: RequestContext, existing: StoredEndpoint): StoredEndpoint {
  checkRestricted(ctx, existing.name, existing.isRestricted);
  store.remove(existing.id);
  return existing;
}

/** Endpoint CRUD and listing, by id and by `{project}/{name}`. */
export function endpointRoutes(store: EndpointStore): RouteDef[] {
  const view = (e: StoredEndpoint) => ok(endpointView(e));
  const named = (ctx: RequestContext) => () => byName(store, ctx.params.project, ctx.params.name);
  return [
    pipelineRoute("POST", "/endpoints", (ctx) => view(create(store, ctx))),
    pipelineRoute("GET", "/endpoints", (ctx) => ok(listEndpoints(store, ctx.query))),
    pipelineRoute("GET", "/endpoints/{id}", (ctx) => view(byId(store, ctx.params.id))),
    pipelineRoute("PUT", "/endpoints/{id}", (ctx) =>
      view(update(store, ctx, () => byId(store, ctx.params.id))),
    ),
    pipelineRoute("DELETE", "/endpoints/{id}", (ctx) => view(remove(store, ctx, byId(store, ctx.params.id)))),
    pipelineRoute("GET", "/endpoints/{project}/{name}", (ctx) => view(named(ctx)())),
    pipelineRoute("PUT", "/endpoints/{project}/{name}", (ctx) => view(update(store, ctx, named(ctx)))),
    pipelineRoute("DELETE", "/endpoints/{project}/{name}", (ctx) => view(remove(store, ctx, named(ctx)()))),
  ];
}
