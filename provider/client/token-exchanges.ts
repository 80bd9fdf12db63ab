/** The product's two login exchanges, as calls through the route table. */
import type { ApiCaller } from "./api-caller";
import type { TokenExchanges } from "./auth";
import { AccessTokenResponse, RefreshTokenResponse } from "./schemas";

const REFRESH_TOKEN_REJECTED =
  "The refresh token was rejected: it may have expired (refresh tokens last 90 days) or been revoked. " +
  "Create a new one and set it in vra:refreshToken (VRA_REFRESH_TOKEN), or use vra:username and vra:password.";

const PASSWORD_REJECTED =
  "The user name or password was rejected: check vra:username, vra:password and vra:domain " +
  "(VRA_USERNAME, VRA_PASSWORD, VRA_DOMAIN).";

/** Token exchanges sent by `caller` (anonymous POSTs, safe to retry). */
export function createTokenExchanges(caller: ApiCaller): TokenExchanges {
  return {
    async exchangeRefreshToken(refreshToken) {
      const answer = await caller.call("exchangeRefreshToken", AccessTokenResponse, {
        body: { refreshToken },
        rejectionHint: REFRESH_TOKEN_REJECTED,
      });
      return answer.token;
    },
    async login(username, password, domain) {
      const answer = await caller.call("loginWithPassword", RefreshTokenResponse, {
        body: domain ? { username, password, domain } : { username, password },
        rejectionHint: PASSWORD_REJECTED,
      });
      return answer.refresh_token;
    },
  };
}
