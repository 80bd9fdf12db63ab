import type { ApiResponse } from "../core/api-response";
import { noContent, ok } from "../core/api-response";
import type { Caller, RequestContext, RouteDef } from "../core/context";
import { badRequest, conflict, forbidden, notFound } from "../core/http-error";
import { newId } from "../core/ids";
import { queryInt, queryParam } from "../core/query";
import { parseOrdering } from "../core/sorting";
import { ORG_ID } from "../deployment/model";
import { compileFilter, FilterSyntaxError, parseFilter, type FieldTypes } from "../pipeline/odata";
import type { Project, ProjectStore } from "../state/projects";

/** Projects on one page when the request gives no `$top` (the product's default is not published). */
export const DEFAULT_PROJECT_PAGE_SIZE = 20;

/** What the projects API needs besides the projects. */
export interface ProjectRouteDeps {
  readonly projects: ProjectStore;
  /** Why a project cannot be deleted (it still holds endpoints or resources), or undefined. */
  readonly inUse: (project: Project) => string | undefined;
  /** How many pipeline endpoints belong to the project (they refer to it by name). */
  readonly endpointCount: (project: Project) => number;
}

/** Fields `$filter` may reference in `GET /iaas/api/projects`. */
const PROJECT_FILTER_FIELDS: FieldTypes = {
  id: "string",
  name: "string",
  description: "string",
  orgId: "string",
};

/** Fields `$orderby` may name in `GET /iaas/api/projects`. */
const PROJECT_SORT_KEYS = {
  name: (p: Project) => p.name.toLowerCase(),
  id: (p: Project) => p.id,
  description: (p: Project) => p.description.toLowerCase(),
};

/** The projects `$filter` selects (all without one); 400 quoting the filter and its problem. */
function filtered(projects: readonly Project[], query: URLSearchParams): Project[] {
  const text = queryParam(query, "filter");
  if (text === undefined || text.trim() === "") return [...projects];
  let matches: (project: Project) => boolean;
  try {
    const read = (p: Project, field: string) =>
      field === "orgId" ? ORG_ID : (p[field as keyof Project] as string | undefined);
    matches = compileFilter(parseFilter(text, PROJECT_FILTER_FIELDS), read);
  } catch (e) {
    if (e instanceof FilterSyntaxError) throw badRequest(`Invalid $filter '${text}': ${e.message}`);
    throw e;
  }
  return projects.filter(matches);
}

/** Reads a PATCH body: `name` and `description` change; the product's other project fields are ignored. */
function parsePatch(body: unknown): { name?: string; description?: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Request body must be a JSON object holding the fields to change, e.g. {description}");
  }
  const { name, description } = body as Record<string, unknown>;
  const changes: { name?: string; description?: string } = {};
  if (name !== undefined && name !== null) {
    if (typeof name !== "string") throw badRequest("Field 'name' must be a string");
    if (name.trim() === "") throw badRequest("Field 'name' must not be empty");
    changes.name = name;
  }
  if (description !== undefined && description !== null) {
    if (typeof description !== "string") throw badRequest("Field 'description' must be a string");
    changes.description = description;
  }
  return changes;
}

/** A project as the IaaS API answers it. */
export function projectView(p: Project): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    orgId: ORG_ID,
    administrators: [],
    members: [],
    viewers: [],
    supervisors: [],
    zones: [],
    constraints: {},
    operationTimeout: 0,
    sharedResources: true,
    placementPolicy: "DEFAULT",
    customProperties: {},
    _links: { self: { href: `/iaas/api/projects/${p.id}` } },
  };
}

function callerOf(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error("route requires an authenticated caller");
  return ctx.caller;
}

function requireAdmin(ctx: RequestContext, what: string): void {
  if (!callerOf(ctx).admin) throw forbidden(`Only an administrator can ${what} projects`);
}

function found(projects: ProjectStore, id: string): Project {
  const project = projects.byId(id);
  if (!project) throw notFound(`Project with id '${id}' not found`);
  return project;
}

function parseCreate(body: unknown): { name: string; description: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Request body must be a JSON object holding the project: {name, description?}");
  }
  const { name, description } = body as Record<string, unknown>;
  if (name === undefined || name === null) throw badRequest("Field 'name' is required");
  if (typeof name !== "string") throw badRequest("Field 'name' must be a string");
  if (name.trim() === "") throw badRequest("Field 'name' must not be empty");
  if (description !== undefined && description !== null && typeof description !== "string") {
    throw badRequest("Field 'description' must be a string");
  }
  return { name, description: (description as string | null | undefined) ?? "" };
}

/**
 * The IaaS projects API: `GET /iaas/api/projects` (a page `{content, totalElements,
 * numberOfElements}` with `$filter`, `$orderby`, `$skip`/`$top`, `$count`), `POST` (administrators;
 * 201 with the project), `PATCH /iaas/api/projects/{id}` (administrators; name and description) and
 * `DELETE /iaas/api/projects/{id}` (administrators; 204; 409 while the project holds endpoints or
 * deployment resources). Errors have the IaaS shape (see the dispatcher).
 */
export function projectRoutes(deps: ProjectRouteDeps): RouteDef[] {
  const { projects } = deps;
  const route = (
    method: string,
    suffix: string,
    handler: (ctx: RequestContext) => ApiResponse,
  ): RouteDef => ({
    method,
    template: `/iaas/api/projects${suffix}`,
    family: "iaas",
    handler,
  });
  return [
    route("GET", "", (ctx) => {
      const all = filtered(projects.all(), ctx.query);
      // Creation order unless `$orderby` says otherwise.
      if (queryParam(ctx.query, "orderby") !== undefined) {
        all.sort(parseOrdering(ctx.query, PROJECT_SORT_KEYS, "name asc", (p) => p.id).compare);
      }
      const skip = queryInt(ctx.query, "skip") ?? 0;
      const top = queryInt(ctx.query, "top") ?? DEFAULT_PROJECT_PAGE_SIZE;
      const content = all.slice(skip, skip + top).map(projectView);
      // `$count` asks for the number of matching projects; it is always given (totalElements).
      return ok({ content, totalElements: all.length, numberOfElements: content.length });
    }),
    route("GET", "/{id}", (ctx) => ok(projectView(found(projects, ctx.params.id)))),
    route("POST", "", (ctx) => {
      const spec = parseCreate(ctx.body);
      requireAdmin(ctx, "create");
      const project = projects.create({ id: newId(), name: spec.name, description: spec.description });
      return { status: 201, body: projectView(project) };
    }),
    route("PATCH", "/{id}", (ctx) => {
      const project = found(projects, ctx.params.id);
      const changes = parsePatch(ctx.body);
      requireAdmin(ctx, "update");
      if (changes.name !== undefined && changes.name !== project.name && deps.endpointCount(project) > 0) {
        throw conflict(
          `Project '${project.name}' holds pipeline endpoints, which the emulator keeps by project name: ` +
            "move or delete them before renaming the project",
        );
      }
      return ok(projectView(projects.update(project.id, changes)));
    }),
    route("DELETE", "/{id}", (ctx) => {
      const project = found(projects, ctx.params.id);
      requireAdmin(ctx, "delete");
      const reason = deps.inUse(project);
      if (reason) throw conflict(reason);
      projects.remove(project.id);
      return noContent();
    }),
  ];
}
