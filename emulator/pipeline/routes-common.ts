import type { Caller, Handler, RequestContext, RouteDef } from "../core/context";

/** A pipeline operation served under `/pipeline/api` and its older name `/codestream/api`. */
export function pipelineRoute(method: string, suffix: string, handler: Handler): RouteDef {
  return {
    method,
    template: `/pipeline/api${suffix}`,
    aliases: [`/codestream/api${suffix}`],
    family: "pipeline",
    handler,
  };
}

/** The authenticated caller (the server guarantees one on authenticated routes). */
export function callerOf(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error("route requires an authenticated caller");
  return ctx.caller;
}
