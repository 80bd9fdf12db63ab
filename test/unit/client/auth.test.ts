import { TokenExchanges, TokenManager } from "../../../provider/client/auth";
import { Credentials } from "../../../provider/client/config";
import { createApiError } from "../../../provider/client/errors";
import { jwtExpiryMs } from "../../../provider/client/jwt";
import { Redactor } from "../../../provider/client/redact";
import { FakeClock } from "../../support/clock";

const jwt = (claims: Record<string, unknown>): string =>
  [{ alg: "HS256" }, claims]
    .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
    .join(".") + ".sig";

/** Fake exchanges that count calls and hand out numbered tokens. */
function fakeExchanges(options: { expiresInS?: number; clock?: FakeClock; loginRefresh?: string } = {}) {
  const calls = { exchange: [] as string[], login: 0 };
  let issued = 0;
  const exchanges: TokenExchanges = {
    async exchangeRefreshToken(refreshToken) {
      calls.exchange.push(refreshToken);
      issued += 1;
      if (options.expiresInS !== undefined && options.clock) {
        return jwt({
          sub: "admin",
          n: issued,
          exp: (options.clock.now() + options.expiresInS * 1000) / 1000,
        });
      }
      return `opaque-token-${issued}`;
    },
    async login() {
      calls.login += 1;
      return options.loginRefresh ?? "refresh-from-login";
    },
  };
  return { exchanges, calls };
}

function manager(
  credentials: Credentials,
  exchanges: TokenExchanges,
  clock: FakeClock,
  redactor = new Redactor(),
) {
  return new TokenManager(credentials, exchanges, { defaultLifetimeMs: 25 * 60_000, clock, redactor });
}

describe("token management", () => {
  it("exchanges the refresh token once and caches the access token", async () => {
    const { exchanges, calls } = fakeExchanges();
    const tokens = manager({ refreshToken: "refresh-1" }, exchanges, new FakeClock());
    expect(await tokens.token()).toBe("opaque-token-1");
    expect(await tokens.token()).toBe("opaque-token-1");
    expect(calls.exchange).toEqual(["refresh-1"]);
  });

  it("shares one renewal between concurrent callers", async () => {
    const { exchanges, calls } = fakeExchanges();
    const tokens = manager({ refreshToken: "refresh-1" }, exchanges, new FakeClock());
    const all = await Promise.all(Array.from({ length: 20 }, () => tokens.token()));
    expect(new Set(all)).toEqual(new Set(["opaque-token-1"]));
    expect(calls.exchange).toHaveLength(1);
  });

  it("renews a JWT shortly before its exp claim", async () => {
    const clock = new FakeClock({ start: 1_000_000 });
    const { exchanges, calls } = fakeExchanges({ expiresInS: 600, clock });
    const tokens = manager({ refreshToken: "r" }, exchanges, clock);
    const first = await tokens.token();
    clock.advance(500_000); // 100 s before expiry: outside the 60 s margin
    expect(await tokens.token()).toBe(first);
    clock.advance(50_000); // 50 s before expiry: inside the margin
    expect(await tokens.token()).not.toBe(first);
    expect(calls.exchange).toHaveLength(2);
  });

  it("assumes a lifetime for tokens that are not JWTs", async () => {
    const clock = new FakeClock();
    const { exchanges, calls } = fakeExchanges();
    const tokens = manager({ refreshToken: "r" }, exchanges, clock);
    await tokens.token();
    clock.t = 20 * 60_000;
    await tokens.token();
    expect(calls.exchange).toHaveLength(1);
    clock.t = 25 * 60_000;
    await tokens.token();
    expect(calls.exchange).toHaveLength(2);
  });

  it("renews after a rejection only once for all requests that saw the same token", async () => {
    const { exchanges, calls } = fakeExchanges();
    const tokens = manager({ refreshToken: "r" }, exchanges, new FakeClock());
    const rejected = await tokens.token();
    const renewed = await Promise.all([tokens.afterRejection(rejected), tokens.afterRejection(rejected)]);
    expect(renewed).toEqual(["opaque-token-2", "opaque-token-2"]);
    expect(await tokens.afterRejection(rejected)).toBe("opaque-token-2");
    expect(calls.exchange).toHaveLength(2);
  });

  it("logs in with user name and password, then exchanges the refresh token it got", async () => {
    const { exchanges, calls } = fakeExchanges();
    const tokens = manager({ username: "admin", password: "admin-password" }, exchanges, new FakeClock());
    expect(await tokens.token()).toBe("opaque-token-1");
    expect(calls).toEqual({ login: 1, exchange: ["refresh-from-login"] });
    await tokens.afterRejection("opaque-token-1");
    expect(calls).toEqual({ login: 1, exchange: ["refresh-from-login", "refresh-from-login"] });
  });

  it("logs in again when the refresh token it got has been rejected", async () => {
    const { exchanges, calls } = fakeExchanges();
    let reject = false;
    const wrapped: TokenExchanges = {
      login: exchanges.login,
      async exchangeRefreshToken(refreshToken) {
        if (reject) {
          reject = false;
          throw createApiError({
            operation: "exchange",
            method: "POST",
            path: "/iaas/api/login",
            status: 401,
          });
        }
        return exchanges.exchangeRefreshToken(refreshToken);
      },
    };
    const tokens = manager({ username: "admin", password: "pw-123456" }, wrapped, new FakeClock());
    await tokens.token();
    reject = true;
    expect(await tokens.afterRejection("opaque-token-1")).toBe("opaque-token-2");
    expect(calls.login).toBe(2);
  });

  it("uses an access token given directly until it is rejected, and then cannot renew it", async () => {
    const { exchanges, calls } = fakeExchanges();
    const tokens = manager(
      { accessToken: "given-access-token" },
      exchanges,
      new FakeClock({ start: Number.MAX_SAFE_INTEGER }),
    );
    expect(tokens.canRenew).toBe(false);
    expect(await tokens.token()).toBe("given-access-token");
    expect(await tokens.afterRejection("given-access-token")).toBeUndefined();
    expect(calls.exchange).toHaveLength(0);
  });

  it("starts with a given access token and renews through the refresh token when both are set", async () => {
    const { exchanges } = fakeExchanges();
    const tokens = manager(
      { accessToken: "given-access-token", refreshToken: "r" },
      exchanges,
      new FakeClock(),
    );
    expect(await tokens.token()).toBe("given-access-token");
    expect(await tokens.afterRejection("given-access-token")).toBe("opaque-token-1");
  });

  it("teaches the redactor every credential and every token it obtains", async () => {
    const redactor = new Redactor();
    const { exchanges } = fakeExchanges();
    const tokens = manager(
      { username: "admin", password: "admin-password" },
      exchanges,
      new FakeClock(),
      redactor,
    );
    const token = await tokens.token();
    const text = redactor.redact(`admin-password refresh-from-login ${token}`);
    expect(text).toBe("[REDACTED] [REDACTED] [REDACTED]");
  });

  it("does not remember a failed renewal", async () => {
    let fail = true;
    const exchanges: TokenExchanges = {
      async exchangeRefreshToken() {
        if (fail) throw new Error("down");
        return "ok-token";
      },
      async login() {
        return "unused";
      },
    };
    const tokens = manager({ refreshToken: "r" }, exchanges, new FakeClock());
    await expect(tokens.token()).rejects.toThrow("down");
    fail = false;
    expect(await tokens.token()).toBe("ok-token");
  });
});

describe("JWT expiry", () => {
  it("reads the exp claim, fractional seconds included", () => {
    expect(jwtExpiryMs(jwt({ exp: 1700000000.5 }))).toBe(1700000000500);
  });

  it("returns undefined for tokens that are not JWTs or have no exp", () => {
    expect(jwtExpiryMs("opaque")).toBeUndefined();
    expect(jwtExpiryMs("a.b.c")).toBeUndefined();
    expect(jwtExpiryMs(jwt({ sub: "x" }))).toBeUndefined();
  });
});
