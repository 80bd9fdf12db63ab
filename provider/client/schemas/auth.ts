/** Answers of the login exchanges (Aria Automation 8.x, VCF Automation 9). */
import { z } from "zod";

/** `POST /iaas/api/login` → `{tokenType: "Bearer", token}`. */
export const AccessTokenResponse = z.looseObject({
  token: z.string().min(1),
  tokenType: z.string().nullish(),
});

/** `POST /csp/gateway/am/api/login?access_token` → `{refresh_token, ...}`. */
export const RefreshTokenResponse = z.looseObject({
  refresh_token: z.string().min(1),
});

/**
 * VCF Automation 9: `POST /tm/oauth/tenant/{organization}/token` (form `grant_type=refresh_token`)
 * → `{access_token, token_type, expires_in}` (seconds).
 */
export const OAuthTokenResponse = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  expires_in: z.number().positive().nullish(),
});
