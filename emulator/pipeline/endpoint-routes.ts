import { ok } from "../core/api-response";
import type { Caller, RequestContext, RouteDef } from "../core/context";
import { badRequest, conflict, forbidden, notFound } from "../core/http-error";
import { newId } from "../core/ids";
import type { EmulatorClock } from "../core/clock";
import { microsOf } from "../core/time";
import type { ProjectStore } from "../state/projects";
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

function checkRestricted(caller: Caller, name: string, restricted: boolean): void {
  if (restricted && !caller.admin) {
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

/** Where endpoints are written: the endpoints and the projects they belong to, and the clock. */
export interface EndpointData {
  readonly store: EndpointStore;
  readonly projects: ProjectStore;
  /** What creation and update times are read from. */
  readonly clock: EmulatorClock;
}

/** Creates an endpoint from a checked body: a missing project means `Default Project`. */
export function createEndpoint(data: EndpointData, spec: EndpointSpecInput, caller: Caller): StoredEndpoint {
  const { store, projects } = data;
  const project =
    spec.project === undefined ? projects.defaultProject() : projects.requireByName(spec.project);
  const properties = checkedProperties(spec);
  checkRestricted(caller, spec.name, spec.isRestricted);
  checkUnique(store, project.name, spec.name);
  const now = microsOf(data.clock);
  const who = caller.username;
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

/** Full update from a checked body: a missing `project` keeps the current one; renames and moves are allowed. */
export function updateEndpoint(
  data: EndpointData,
  spec: EndpointSpecInput,
  existing: StoredEndpoint,
  caller: Caller,
): StoredEndpoint {
  const { store, projects } = data;
  const project =
    spec.project === undefined
      ? { name: existing.project, id: existing.projectId }
      : projects.requireByName(spec.project);
  const properties = checkedProperties(spec, existing.properties);
  checkRestricted(caller, existing.name, existing.isRestricted || spec.isRestricted);
  checkUnique(store, project.name, spec.name, existing.id);
  const updated: StoredEndpoint = {
    id: existing.id,
    ...specFields(spec, project, properties),
    createdMicros: existing.createdMicros,
    updatedMicros: Math.max(microsOf(data.clock), existing.updatedMicros + 1),
    createdBy: existing.createdBy,
    updatedBy: caller.username,
  };
  store.put(updated);
  return updated;
}

/** Full PUT of the endpoint `find` answers. */
function update(data: EndpointData, ctx: RequestContext, find: () => StoredEndpoint): StoredEndpoint {
  const spec = parseEndpointSpec(ctx.body);
  return updateEndpoint(data, spec, find(), callerOf(ctx));
}

function remove(store: EndpointStore, ctx: RequestContext, existing: StoredEndpoint): StoredEndpoint {
  checkRestricted(callerOf(ctx), existing.name, existing.isRestricted);
  store.remove(existing.id);
  return existing;
}

/** Endpoint CRUD and listing, by id and by `{project}/{name}`. */
export function endpointRoutes(data: EndpointData): RouteDef[] {
  const { store } = data;
  const view = (e: StoredEndpoint) => ok(endpointView(e));
  const named = (ctx: RequestContext) => () => byName(store, ctx.params.project, ctx.params.name);
  return [
    pipelineRoute("POST", "/endpoints", (ctx) =>
      view(createEndpoint(data, parseEndpointSpec(ctx.body), callerOf(ctx))),
    ),
    pipelineRoute("GET", "/endpoints", (ctx) => ok(listEndpoints(store, ctx.query))),
    pipelineRoute("GET", "/endpoints/{id}", (ctx) => view(byId(store, ctx.params.id))),
    pipelineRoute("PUT", "/endpoints/{id}", (ctx) =>
      view(update(data, ctx, () => byId(store, ctx.params.id))),
    ),
    pipelineRoute("DELETE", "/endpoints/{id}", (ctx) => view(remove(store, ctx, byId(store, ctx.params.id)))),
    pipelineRoute("GET", "/endpoints/{project}/{name}", (ctx) => view(named(ctx)())),
    pipelineRoute("PUT", "/endpoints/{project}/{name}", (ctx) => view(update(data, ctx, named(ctx)))),
    pipelineRoute("DELETE", "/endpoints/{project}/{name}", (ctx) => view(remove(store, ctx, named(ctx)()))),
  ];
}
