/**
 * Access tokens of one client: obtained from the configured credentials, cached, renewed shortly
 * before they expire and after a 401. Concurrent callers share one renewal (a single in-flight
 * promise). State lives on the instance, never at module scope.
 */
import type { Credentials } from "./config";
import { settingWithEnv as named } from "./config-schema";
import { settingName, type ConfigNamespace } from "./setting";
import { isAriaApiError } from "./errors";
import { jwtExpiryMs } from "./jwt";
import { Redactor } from "./redact";
import type { Clock } from "../core/clock";

/** An access token as a login answers it: with its lifetime when the answer says (`expires_in`). */
export interface ObtainedToken {
  readonly token: string;
  /** Seconds the token is valid for, from when it was obtained. */
  readonly expiresInSeconds?: number;
}

/** The two exchanges of the product's login flow. */
export interface TokenExchanges {
  /**
   * A refresh token → an access token (`POST /iaas/api/login` on 8.x, the organization's token
   * endpoint on VCF Automation 9), with its lifetime when known.
   */
  exchangeRefreshToken(refreshToken: string): Promise<string | ObtainedToken>;
  /** `POST /csp/gateway/am/api/login?access_token {username, password, domain?}` → refresh token. */
  login(username: string, password: string, domain?: string): Promise<string>;
}

/** Options of a {@link TokenManager}. */
export interface TokenManagerOptions {
  /** Assumed lifetime of a token that is not a JWT, in ms. */
  readonly defaultLifetimeMs: number;
  /** Renew at least this often, in ms (the product's `reauthorizeTimeout`). */
  readonly reauthorizeAfterMs?: number;
  /** What token lifetimes are measured on (the client's clock). */
  readonly clock: Pick<Clock, "now">;
  /** Learns every token obtained, so errors can never show one. */
  readonly redactor: Redactor;
}

interface CachedToken {
  readonly token: string;
  /** When to renew (ms since epoch); before the real expiry by a margin. */
  readonly renewAt: number;
}

/** Upper bound of the safety margin before expiry. */
const MAX_RENEW_MARGIN_MS = 60_000;

/** Message of a 401 when the only credential is an access token, naming the settings in namespace `ns`. */
export const unrenewableTokenHint = (ns: ConfigNamespace) =>
  `The access token given in ${named(ns, "accessToken")} was rejected, probably because it expired, ` +
  "and a token given directly cannot be renewed. Provide a fresh token, or better configure " +
  `${named(ns, "refreshToken")} or ${settingName(ns, "username")} and ${settingName(ns, "password")} so tokens are renewed automatically.`;

/** Message of a 401 with a token that was just renewed. */
export const RENEWED_TOKEN_REJECTED_HINT =
  "The server rejected a freshly obtained access token: the credentials are valid for login but not for " +
  "this API. Check the user's roles in Aria Automation (and the organisation it logs in to).";

/** Caches and renews the access tokens of one client. */
export class TokenManager {
  private current: CachedToken | undefined;
  private renewal: Promise<string> | undefined;
  /** The refresh token in use: the configured one, or one obtained by logging in. */
  private refreshToken: string | undefined;

  constructor(
    private readonly credentials: Credentials,
    private readonly exchanges: TokenExchanges,
    private readonly options: TokenManagerOptions,
  ) {
    this.refreshToken = credentials.refreshToken;
    options.redactor.add(credentials.accessToken, credentials.refreshToken, credentials.password);
    if (credentials.accessToken) this.current = this.cache(credentials.accessToken);
  }

  /** True when a rejected or expired token can be replaced by a new one. */
  get canRenew(): boolean {
    return Boolean(this.credentials.refreshToken || (this.credentials.username && this.credentials.password));
  }

  /** A valid token: the cached one, or a renewed one when it is about to expire. */
  async token(): Promise<string> {
    return this.fresh() ?? this.renew();
  }

  /** The cached token when it is not due for renewal (or cannot be renewed); undefined otherwise. */
  fresh(): string | undefined {
    const cached = this.current;
    if (cached && (!this.canRenew || this.options.clock.now() < cached.renewAt)) return cached.token;
    return undefined;
  }

  /**
   * True when `token` is no longer the one to use: replaced by a newer one, or due for renewal (a
   * 401 for such a token is an expiry, not a refusal).
   */
  isStale(token: string): boolean {
    const cached = this.current;
    return !cached || cached.token !== token || this.options.clock.now() >= cached.renewAt;
  }

  /**
   * Called after a 401 with `rejected`: renews unless another caller already did (then returns the
   * newer token). Returns undefined when the token cannot be renewed.
   */
  async afterRejection(rejected: string): Promise<string | undefined> {
    if (!this.canRenew) return undefined;
    if (this.current && this.current.token !== rejected) return this.current.token;
    this.current = undefined;
    return this.renew();
  }

  private renew(): Promise<string> {
    // One renewal at a time: concurrent callers await the same promise.
    this.renewal ??= this.obtain().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async obtain(): Promise<string> {
    const { username, password, domain } = this.credentials;
    if (this.refreshToken) {
      try {
        return this.store(await this.exchanges.exchangeRefreshToken(this.refreshToken));
      } catch (error) {
        // A refresh token obtained by logging in may have expired: log in again when we can.
        const rejected = isAriaApiError(error, "BadRequest", "Unauthorized", "Forbidden", "NotFound");
        if (!(rejected && username && password)) throw error;
      }
    }
    if (!username || !password) {
      throw new Error("pulumi-aria: no credentials to obtain an access token with.");
    }
    const refreshToken = await this.exchanges.login(username, password, domain);
    this.options.redactor.add(refreshToken);
    this.refreshToken = refreshToken;
    return this.store(await this.exchanges.exchangeRefreshToken(refreshToken));
  }

  private store(obtained: string | ObtainedToken): string {
    const { token, expiresInSeconds } = typeof obtained === "string" ? { token: obtained } : obtained;
    this.options.redactor.add(token);
    this.current = this.cache(token, expiresInSeconds);
    return token;
  }

  /**
   * When to renew `token`: before the earliest expiry known of it (its JWT `exp`, the lifetime its
   * login answered), else after the default lifetime; at the latest after `reauthorizeAfterMs`.
   */
  private cache(token: string, expiresInSeconds?: number): CachedToken {
    const now = this.options.clock.now();
    const known = [jwtExpiryMs(token), expiresInSeconds && now + expiresInSeconds * 1000].filter(
      (at): at is number => typeof at === "number",
    );
    let expiresAt = known.length > 0 ? Math.min(...known) : now + this.options.defaultLifetimeMs;
    if (this.options.reauthorizeAfterMs)
      expiresAt = Math.min(expiresAt, now + this.options.reauthorizeAfterMs);
    const margin = Math.min(MAX_RENEW_MARGIN_MS, Math.max(0, expiresAt - now) / 5);
    return { token, renewAt: expiresAt - margin };
  }
}
