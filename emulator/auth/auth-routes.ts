import { ok } from "../core/api-response";
import type { Caller, RequestContext, RouteDef } from "../core/context";
import { HttpError, badRequest } from "../core/http-error";
import type { TokenService } from "./tokens";
import type { UserDirectory } from "./users";

const unauthorized = (message: string): HttpError =>
  new HttpError(401, message, { "WWW-Authenticate": 'Bearer realm="aria-emulator"' });

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

function requireBodyField(body: unknown, name: string): string {
  const value = field(body, name);
  if (value === undefined || value === "") throw badRequest(`Field '${name}' is required`);
  return value;
}

/** The body CSP answers for a login or a refresh-token exchange. */
function cspTokenResponse(
  tokens: TokenService,
  username: string,
  refreshToken: string,
): Record<string, unknown> {
  const accessToken = tokens.issue(username);
  return {
    scope: "openid",
    id_token: accessToken,
    token_type: "bearer",
    expires_in: tokens.ttl,
    refresh_token: refreshToken,
    access_token: accessToken,
  };
}

/** Login and token-exchange operations (no bearer token needed). */
export function authRoutes(users: UserDirectory, tokens: TokenService): RouteDef[] {
  return [
    {
      method: "POST",
      template: "/csp/gateway/am/api/login",
      family: "auth",
      auth: false,
      handler: (ctx) => {
        const username = requireBodyField(ctx.body, "username");
        const password = requireBodyField(ctx.body, "password");
        const user = users.authenticate(username, password);
        // VMware's Identity API documents 400 "Wrong username or password" for this operation.
        if (!user) throw badRequest("Wrong username or password");
        return ok(cspTokenResponse(tokens, user.username, user.refreshToken));
      },
    },
    {
      method: "POST",
      template: "/iaas/api/login",
      family: "auth",
      auth: false,
      handler: (ctx) => {
        const refreshToken = requireBodyField(ctx.body, "refreshToken");
        const user = users.byRefresh(refreshToken);
        // The IaaS spec declares 400 (invalid request, bad data) and 403 here, no 401: a refresh token
        // that is not valid is bad data in the body.
        if (!user) throw badRequest("Invalid refresh token");
        return ok({ tokenType: "Bearer", token: tokens.issue(user.username) });
      },
    },
    {
      method: "POST",
      template: "/csp/gateway/am/api/auth/api-tokens/authorize",
      family: "auth",
      auth: false,
      handler: (ctx) => {
        const refreshToken = field(ctx.body, "refresh_token") ?? ctx.query.get("refresh_token") ?? "";
        if (refreshToken === "") throw badRequest("Parameter 'refresh_token' is required");
        const user = users.byRefresh(refreshToken);
        if (!user) throw unauthorized("Invalid refresh token");
        return ok(cspTokenResponse(tokens, user.username, user.refreshToken));
      },
    },
  ];
}

/** Resolves the caller from the `Authorization: Bearer <token>` header, or answers 401. */
export function authenticate(
  ctx: Pick<RequestContext, "headers">,
  users: UserDirectory,
  tokens: TokenService,
): Caller {
  const header = ctx.headers.authorization;
  if (!header) throw unauthorized("Full authentication is required to access this resource");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("Authorization header must be 'Bearer <access token>'");
  const check = tokens.verify(match[1]);
  if (!check.ok) {
    throw unauthorized(check.reason === "expired" ? "Access token has expired" : "Invalid access token");
  }
  const caller = users.caller(check.username);
  if (!caller) throw unauthorized("Invalid access token");
  return caller;
}
