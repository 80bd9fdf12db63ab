import type { ApiResponse } from "../core/api-response";
import { noContent, ok } from "../core/api-response";
import type { Caller, RequestContext, RouteDef } from "../core/context";
import { badRequest, conflict, forbidden, notFound } from "../core/http-error";
import { newId } from "../core/ids";
import { queryInt } from "../core/query";
import { ORG_ID } from "../deployment/model";
import type { Project, ProjectStore } from "../state/projects";

/** Projects on one page when the request gives no `$top` (the product's default is not published). */
export const DEFAULT_PROJECT_PAGE_SIZE = 20;

/** What the projects API needs besides the projects. */
export interface ProjectRouteDeps {
  readonly projects: ProjectStore;
  /** Why a project cannot be deleted (it still holds endpoints or resources), or undefined. */
  readonly inUse: (project: Project) => string | undefined;
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
 * numberOfElements}` with `$skip`/`$top`), `POST` (administrators; 201 with the project) and
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
      const all = projects.all();
      const skip = queryInt(ctx.query, "skip") ?? 0;
      const top = queryInt(ctx.query, "top") ?? DEFAULT_PROJECT_PAGE_SIZE;
      const content = all.slice(skip, skip + top).map(projectView);
      return ok({ content, totalElements: all.length, numberOfElements: content.length });
    }),
    route("GET", "/{id}", (ctx) => ok(projectView(found(projects, ctx.params.id)))),
    route("POST", "", (ctx) => {
      const spec = parseCreate(ctx.body);
      requireAdmin(ctx, "create");
      const project = projects.create({ id: newId(), name: spec.name, description: spec.description });
      return { status: 201, body: projectView(project) };
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
