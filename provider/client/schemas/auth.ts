/** Answers of the two login exchanges. */
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
