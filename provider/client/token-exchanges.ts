/**
 * The product's login exchanges, as calls through the route table, for the generation the server is
 * (./generation.ts): Aria Automation 8.x exchanges a refresh token at `POST /iaas/api/login` and a
 * user name and password at `POST /csp/gateway/am/api/login`; VCF Automation 9 exchanges a refresh
 * token at its organization's OAuth endpoint, `POST /tm/oauth/tenant/<organization>/token`.
 */
import type { ApiCaller } from "./api-caller";
import type { ObtainedToken, TokenExchanges } from "./auth";
import type { ClientConfig } from "./config";
import { AriaConfigError } from "./config-error";
import { settingWithEnv as named } from "./config-schema";
import { settingName, type ConfigNamespace } from "./setting";
import type { ServerGeneration } from "./generation";
import { AccessTokenResponse, OAuthTokenResponse, RefreshTokenResponse } from "./schemas";
import { signInIssue } from "./sign-in";

const refreshTokenRejected = (ns: ConfigNamespace) =>
  "The refresh token was rejected: it may have expired (refresh tokens last 90 days) or been revoked. " +
  `Create a new one and set it in ${named(ns, "refreshToken")}, or use ${settingName(ns, "username")} and ${settingName(ns, "password")}.`;

const passwordRejected = (ns: ConfigNamespace) =>
  `The user name or password was rejected: check ${settingName(ns, "username")}, ${settingName(ns, "password")} and ${settingName(ns, "domain")} ` +
  "(VRA_USERNAME, VRA_PASSWORD, VRA_DOMAIN).";

/** A login that answers 404: the URL is not the product's, not an object gone. */
export const loginNotFound = (ns: ConfigNamespace) =>
  `The server does not answer this as an Aria Automation or VCF Automation login: check ${named(ns, "url")}, ` +
  "which is the server's base URL such as https://vra.example.com; a VCF Automation 9 server also needs " +
  `${named(ns, "organization")}.`;

const organizationRejected = (organization: string, ns: ConfigNamespace) =>
  `The refresh token was rejected by organization '${organization}': it may have expired or been revoked, ` +
  "or belong to another organization. Create an API token in that organization and set it in " +
  `${named(ns, "refreshToken")}, or check ${named(ns, "organization")}.`;

const organizationNotFound = (organization: string, ns: ConfigNamespace) =>
  `The server has no organization '${organization}' to sign in to (or ${settingName(ns, "url")} is not the server's base ` +
  `URL): check ${named(ns, "organization")}, the organization's name as the server spells it, ` +
  `and ${named(ns, "url")}.`;

/** What the exchanges need of their client besides the caller. */
export interface SignInContext {
  /** The client's settings (URL, credentials, organization, namespace). */
  readonly config: Pick<ClientConfig, "url" | "credentials" | "organization" | "settingsNamespace">;
  /** The server's generation, told once per client. */
  readonly generation: () => Promise<ServerGeneration>;
}

/** Token exchanges sent by `caller` (anonymous POSTs, safe to retry), for the server's generation. */
export function createTokenExchanges(caller: ApiCaller, context: SignInContext): TokenExchanges {
  const ns = context.config.settingsNamespace ?? "vra";
  /** Fails with the settings the server's generation needs, when they are missing. */
  const generationFor = async (): Promise<ServerGeneration> => {
    const generation = await context.generation();
    const issue = signInIssue(context.config, generation);
    if (issue) throw new AriaConfigError([issue]);
    return generation;
  };
  return {
    async exchangeRefreshToken(refreshToken): Promise<ObtainedToken> {
      const generation = await generationFor();
      const organization = context.config.organization;
      if (generation.product === "vcf-automation-9" && organization !== undefined) {
        const answer = await caller.call("exchangeOrganizationToken", OAuthTokenResponse, {
          params: { organization },
          form: { grant_type: "refresh_token", refresh_token: refreshToken },
          rejectionHint: organizationRejected(organization, ns),
          notFoundHint: organizationNotFound(organization, ns),
        });
        return { token: answer.access_token, expiresInSeconds: answer.expires_in ?? undefined };
      }
      const answer = await caller.call("exchangeRefreshToken", AccessTokenResponse, {
        body: { refreshToken },
        rejectionHint: refreshTokenRejected(ns),
        notFoundHint: loginNotFound(ns),
      });
      return { token: answer.token };
    },
    async login(username, password, domain) {
      const generation = await context.generation();
      // VCF Automation 9 has no password login: the issue of credentials without a token says so.
      const issue = signInIssue({ ...context.config, credentials: { username, password } }, generation);
      if (issue) throw new AriaConfigError([issue]);
      const answer = await caller.call("loginWithPassword", RefreshTokenResponse, {
        body: domain ? { username, password, domain } : { username, password },
        operation: `log in with ${settingName(ns, "username")} and ${settingName(ns, "password")}`,
        rejectionHint: passwordRejected(ns),
        notFoundHint: loginNotFound(ns),
      });
      return answer.refresh_token;
    },
  };
}
