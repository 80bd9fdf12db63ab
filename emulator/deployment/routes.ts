import { ok } from "../core/api-response";
import type { Caller, Handler, RequestContext, RouteDef } from "../core/context";
import { badRequest, conflict, notFound } from "../core/http-error";
import { sliceWindow } from "../core/query";
import { listFilters, filterEntries } from "./filters";
import { submitCreate, submitDelete } from "./lifecycle";
import type { StoredResource } from "./model";
import { resourceOrdering, matchCriteria, parseCriteria } from "./resource-query";
import { deploymentResourceView, parseExpand, resourceView } from "./resource-view";
import { requestStatus, requestView } from "./request-view";
import { parsePaging, springPage } from "./spring-page";
import type { DeploymentStore } from "./store";

function callerOf(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error("route requires an authenticated caller");
  return ctx.caller;
}

/** Options of the deployment routes. */
export interface DeploymentRouteOptions {
  /** Default duration of asynchronous requests. */
  requestDelayMs: number;
}

/** The deployment API: resources, filters, deletion and requests (all under `/deployment/api`). */
export function deploymentRoutes(store: DeploymentStore, options: DeploymentRouteOptions): RouteDef[] {
  // Every operation first applies the effects of requests that have come due.
  const route = (method: string, suffix: string, handler: Handler): RouteDef => ({
    method,
    template: `/deployment/api${suffix}`,
    family: "deployment",
    handler: (ctx) => {
      store.settle();
      return handler(ctx);
    },
  });
  const projectName = (id: string) => store.projectName(id);
  const resource = (id: string): StoredResource => {
    const r = store.resources.get(id);
    if (!r) throw notFound(`Resource with id '${id}' not found`);
    return r;
  };
  const inDeployment = (deploymentId: string, resourceId: string): StoredResource => {
    const r = store.resources.get(resourceId);
    if (!r || r.deploymentId !== deploymentId) {
      throw notFound(`Resource with id '${resourceId}' not found in deployment '${deploymentId}'`);
    }
    return r;
  };
  const page = (ctx: RequestContext, scope: (r: StoredResource) => boolean, view: typeof resourceView) => {
    const expand = parseExpand(ctx.query);
    const match = matchCriteria(parseCriteria(ctx.query), projectName);
    const ordering = resourceOrdering(ctx.query);
    const window = parsePaging(ctx.query);
    const all = [...store.resources.values()].filter((r) => scope(r) && match(r)).sort(ordering.compare);
    const content = sliceWindow(all, window).map((r) => view(store, r, expand));
    return ok(springPage(content, all.length, window, true));
  };

  return [
    route("POST", "/resources", (ctx) =>
      ok(submitCreate(store, ctx.body, callerOf(ctx), options.requestDelayMs)),
    ),
    route("GET", "/resources", (ctx) => page(ctx, () => true, resourceView)),
    route("GET", "/resources/filters", (ctx) =>
      ok(listFilters(store.resources.values(), ctx.query, projectName)),
    ),
    route("GET", "/resources/filters/{filterId}", (ctx) =>
      ok(filterEntries(ctx.params.filterId, store.resources.values(), ctx.query, projectName)),
    ),
    route("GET", "/resources/{resourceId}", (ctx) =>
      ok(resourceView(store, resource(ctx.params.resourceId), parseExpand(ctx.query))),
    ),
    route("GET", "/resources/{resourceId}/requests", (ctx) => {
      const id = resource(ctx.params.resourceId).id;
      const window = parsePaging(ctx.query);
      const all = [...store.requests.values()]
        .filter((q) => q.resourceIds.includes(id))
        .sort((a, b) => b.createdAtMs - a.createdAtMs);
      return ok(
        springPage(
          sliceWindow(all, window).map((q) => requestView(q, store.now())),
          all.length,
          window,
          true,
        ),
      );
    }),
    route("GET", "/deployments/{deploymentId}/resources", (ctx) => {
      if (!store.deployments.has(ctx.params.deploymentId)) {
        throw notFound(`Deployment with id '${ctx.params.deploymentId}' not found`);
      }
      return page(ctx, (r) => r.deploymentId === ctx.params.deploymentId, deploymentResourceView);
    }),
    route("GET", "/deployments/{deploymentId}/resources/{resourceId}", (ctx) =>
      ok(
        deploymentResourceView(
          store,
          inDeployment(ctx.params.deploymentId, ctx.params.resourceId),
          parseExpand(ctx.query, ["currentRequest"]),
        ),
      ),
    ),
    route("DELETE", "/deployments/{deploymentId}/resources/{resourceId}", (ctx) => {
      const req = submitDelete(
        store,
        ctx.params.deploymentId,
        ctx.params.resourceId,
        callerOf(ctx),
        options.requestDelayMs,
      );
      return ok(requestView(req, store.now()));
    }),
    route("GET", "/requests/{requestId}", (ctx) => {
      const req = store.requests.get(ctx.params.requestId);
      if (!req) throw notFound(`Request with id '${ctx.params.requestId}' not found`);
      return ok(requestView(req, store.now()));
    }),
    route("POST", "/requests/{requestId}", (ctx) => {
      const req = store.requests.get(ctx.params.requestId);
      if (!req) throw notFound(`Request with id '${ctx.params.requestId}' not found`);
      const action = ctx.query.get("action");
      if (action === "cancel") {
        if (!store.abort(req)) {
          throw conflict(
            `Request '${req.id}' is already ${requestStatus(req, store.now())} and cannot be cancelled`,
          );
        }
      } else if (action === "dismiss") {
        if (requestStatus(req, store.now()) !== "FAILED") {
          throw conflict(
            `Request '${req.id}' is ${requestStatus(req, store.now())}; only FAILED requests can be dismissed`,
          );
        }
        store.dismiss(req);
      } else {
        throw badRequest(`Parameter 'action' must be one of: cancel, dismiss`);
      }
      return ok(requestView(req, store.now()));
    }),
  ];
}
