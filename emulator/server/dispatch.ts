import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { ApiResponse } from "../core/api-response";
import type { AdvancingClock } from "../core/clock";
import { DEPLOYMENT_API_VERSIONS, PIPELINE_API_VERSIONS, checkApiVersion } from "../core/api-version";
import type { RequestContext } from "../core/context";
import { cspError, HttpError, iaasError, springError } from "../core/http-error";
import { newRequestId } from "../core/ids";
import type { RouteMatch, Router } from "../core/router";
import { authenticate } from "../auth/auth-routes";
import type { TokenService } from "../auth/tokens";
import type { UserDirectory } from "../auth/users";
import type { FaultDecision, FaultInjector } from "../ops/faults";
import type { RequestLog } from "../ops/request-log";
import { parseBody, readBody } from "./body";
import type { Distance } from "./distance";

/** What the request pipeline works with. */
export interface DispatchDeps {
  api: Router;
  ops: Router;
  users: UserDirectory;
  tokens: TokenService;
  log: RequestLog;
  faults: FaultInjector;
  /** The emulator's clock: error timestamps, and `delay` faults that advance it. */
  clock: AdvancingClock;
  /** The round trip and rate limit of a distant server (./distance.ts). */
  distance: Distance;
  /**
   * Paths of services the emulated product does not have (VCF Automation 9: the Pipelines service
   * and 8.x's login): they answer 404 before any token is asked for.
   */
  absent?: RegExp;
}

const API_PREFIX = /^\/(pipeline|codestream|deployment|iaas)\/api(\/|$)/;
const IAAS_PREFIX = /^\/iaas\/api(\/|$)/;
const CSP_PREFIX = /^\/csp\/gateway(\/|$)/;
const OPS_PREFIX = /^\/__emulator(\/|$)/;

/**
 * The error in the shape of the service the path belongs to: IaaS bodies under /iaas/api, the
 * identity service's under /csp/gateway, else Spring.
 */
function errorResponse(error: HttpError, path: string, nowMs: number): ApiResponse {
  const requestId = newRequestId();
  const body = IAAS_PREFIX.test(path)
    ? iaasError(error.status, error.message, requestId)
    : CSP_PREFIX.test(path)
      ? cspError(error.status, error.message, nowMs)
      : springError(error.status, error.message, path, requestId, nowMs);
  return { status: error.status, body, headers: error.headers };
}

function write(res: ServerResponse, response: ApiResponse): void {
  const headers: Record<string, string | number> = { ...response.headers };
  let payload: string | undefined;
  if (response.body !== undefined && response.status !== 204) {
    const text = response.contentType !== undefined && typeof response.body === "string";
    payload = text ? (response.body as string) : JSON.stringify(response.body);
    headers["Content-Type"] = text ? (response.contentType as string) : "application/json";
    headers["Content-Length"] = Buffer.byteLength(payload);
  }
  res.writeHead(response.status, headers);
  res.end(payload);
}

function routeName(method: string, match: RouteMatch | HttpError): string {
  if (match instanceof HttpError || match.kind === "not-found") return `${method} (unmatched)`;
  const template = match.kind === "found" ? match.route.template : match.template;
  return `${method} ${template}`;
}

/** Runs one matched (or unmatched) request through auth, version checks and its handler. */
async function serve(
  deps: DispatchDeps,
  match: RouteMatch | HttpError,
  ctx: Omit<RequestContext, "params" | "body">,
  raw: Buffer,
): Promise<ApiResponse> {
  if (match instanceof HttpError) throw match;
  if (match.kind === "not-found" && deps.absent?.test(ctx.path)) {
    throw new HttpError(404, `No handler found for ${ctx.method} ${ctx.path}`);
  }
  const needsAuth = match.kind === "found" ? match.route.auth !== false : API_PREFIX.test(ctx.path);
  const caller = needsAuth ? authenticate(ctx, deps.users, deps.tokens) : undefined;
  if (match.kind === "not-found") throw new HttpError(404, `No handler found for ${ctx.method} ${ctx.path}`);
  if (match.kind === "method-not-allowed") {
    throw new HttpError(405, `Request method '${ctx.method}' is not supported`, {
      Allow: match.allowed.join(", "),
    });
  }
  if (match.route.family === "pipeline") checkApiVersion(ctx.query, PIPELINE_API_VERSIONS);
  if (match.route.family === "deployment") checkApiVersion(ctx.query, DEPLOYMENT_API_VERSIONS);
  const body = parseBody(raw, ctx.headers["content-type"]);
  return match.route.handler({ ...ctx, params: match.params, body, ...(caller && { caller }) });
}

async function safely(
  clock: AdvancingClock,
  path: string,
  run: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof HttpError) return errorResponse(e, path, clock.now());
    process.stderr.write(`aria-emulator: unexpected error on ${path}: ${(e as Error).stack ?? String(e)}\n`);
    return errorResponse(
      new HttpError(500, `Unexpected emulator error: ${(e as Error).message}`),
      path,
      clock.now(),
    );
  }
}

/**
 * The request pipeline: operations surface (no auth, no log, no faults) or API request →
 * round trip and rate limit → faults → auth → apiVersion → handler → answer (or cut socket) → request log.
 */
export async function dispatch(deps: DispatchDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const rawUrl = req.url ?? "/";
  const q = rawUrl.indexOf("?");
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const search = q < 0 ? "" : rawUrl.slice(q + 1);
  const method = (req.method ?? "GET").toUpperCase();
  const base = { method, path, query: new URLSearchParams(search), headers: req.headers };

  if (OPS_PREFIX.test(path)) {
    const response = await safely(deps.clock, path, async () =>
      serve(deps, deps.ops.match(method, path), base, await readBody(req)),
    );
    write(res, response);
    return;
  }

  let match: RouteMatch | HttpError;
  try {
    match = deps.api.match(method, path);
  } catch (e) {
    match = e as HttpError;
  }
  let decision: FaultDecision = { delayMs: 0 };
  let fault: "status" | "delay" | "cut" | undefined;
  const response = await safely(deps.clock, path, async () => {
    const raw = await readBody(req);
    await deps.distance.travel(req.socket, () => deps.log.arrive({ method, path }));
    decision = deps.faults.decide(method, path);
    if (decision.hold) await decision.hold;
    if (decision.delayMs > 0 || decision.clockAdvanceMs !== undefined) fault = "delay";
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    if (decision.clockAdvanceMs !== undefined) deps.clock.advance(decision.clockAdvanceMs);
    const action = decision.action;
    if (action?.kind === "status") {
      fault = "status";
      const headers =
        action.retryAfterSeconds !== undefined
          ? { "Retry-After": String(action.retryAfterSeconds) }
          : undefined;
      throw new HttpError(action.status, `Injected fault: HTTP ${action.status}`, headers);
    }
    return serve(deps, match, base, raw);
  });
  let status = response.status;
  if (decision.action?.kind === "cut") {
    fault = "cut";
    status = 0;
    req.socket.destroy();
  } else {
    write(res, response);
  }
  deps.log.record({
    method,
    path,
    query: search,
    route: routeName(method, match),
    status,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    ...(fault && { fault }),
  });
}
