import { ok, type ApiResponse } from "../core/api-response";
import type { RouteDef } from "../core/context";
import { HttpError } from "../core/http-error";
import type { TokenService } from "./tokens";
import type { UserDirectory } from "./users";

/*
 * What a VMware Cloud Foundation (VCF) Automation 9 server answers that Aria Automation 8.x does not,
 * as the vendor's own Terraform provider relies on it (../../README.md, "VCF Automation 9"):
 * `GET /automation/config.json` with the base64 `applicationVersion`, and each organization's OAuth
 * token endpoint, `POST /tm/oauth/tenant/<organization>/token` (form `grant_type=refresh_token`).
 * Not published, and chosen here: a refresh token unknown to the organization answers OAuth's
 * 400 `invalid_grant`; an organization the server does not have answers 404.
 */

/** The body of an OAuth error (RFC 6749, section 5.2). */
function oauthError(status: number, error: string, description: string): ApiResponse {
  return { status, body: { error, error_description: description } };
}

function formField(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/** What `/automation/config.json` says: the version as base64 text (`v9.0.1.0`). */
export function automationConfig(applicationVersion: string): Record<string, unknown> {
  return { applicationVersion: Buffer.from(`v${applicationVersion}`, "utf8").toString("base64") };
}

/** The routes of VCF Automation 9's sign-in: the server's config and the organizations' token endpoints. */
export function vcfaRoutes(options: {
  readonly users: UserDirectory;
  readonly tokens: TokenService;
  readonly applicationVersion: string;
  readonly organizations: readonly string[];
}): RouteDef[] {
  const { users, tokens } = options;
  const organizations = new Set(options.organizations.map((name) => name.toLowerCase()));
  return [
    {
      method: "GET",
      template: "/automation/config.json",
      family: "auth",
      auth: false,
      handler: () => ok(automationConfig(options.applicationVersion)),
    },
    {
      method: "POST",
      template: "/tm/oauth/tenant/{organization}/token",
      family: "auth",
      auth: false,
      handler: (ctx) => {
        const organization = ctx.params.organization;
        if (!organizations.has(organization.toLowerCase())) {
          throw new HttpError(404, `Organization '${organization}' does not exist`);
        }
        if (!/application\/x-www-form-urlencoded/i.test(ctx.headers["content-type"] ?? "")) {
          return oauthError(400, "invalid_request", "The body must be application/x-www-form-urlencoded");
        }
        const grantType = formField(ctx.body, "grant_type");
        if (grantType !== "refresh_token") {
          return oauthError(
            400,
            "unsupported_grant_type",
            `Grant type '${grantType ?? ""}' is not supported`,
          );
        }
        const user = users.byRefresh(formField(ctx.body, "refresh_token") ?? "");
        if (!user) return oauthError(400, "invalid_grant", "Invalid refresh token");
        return ok({
          access_token: tokens.issue(user.username),
          token_type: "Bearer",
          expires_in: tokens.ttl,
        });
      },
    },
  ];
}
