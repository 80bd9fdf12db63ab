import { AriaApiError, AriaClient, createClient, resolveClientConfig } from "../../../provider/client";
import { systemClock, type Clock } from "../../../provider/core/clock";
import { FakeClock } from "../../support/clock";
import {
  adminSettings,
  clientFor,
  countOf,
  rejectionOf,
  startServer,
  TestServer,
  withClient,
} from "./harness";

const EXCHANGE = "POST /iaas/api/login";
/**
 * Tokens of `server` (1 s lifetime, `exp` rounded up to whole seconds) have expired once its clock has
 * moved this far.
 */
const PAST_EXPIRY_MS = 2100;
/**
 * A fault that holds the next `count` endpoint listings past a token's life on the server's clock
 * (as a request queued behind a rate limiter, without waiting) before the server checks the token.
 */
const heldPastExpiry = (count: number) =>
  ({
    method: "GET",
    path: "^/pipeline/api/endpoints$",
    kind: "delay",
    delayMs: PAST_EXPIRY_MS,
    advanceClock: true,
    count,
  }) as const;
const LOGIN = "POST /csp/gateway/am/api/login";

describe("authentication", () => {
  /**
   * Access tokens live one second here, so expiry can be observed. Its clock stands still unless a
   * test advances it, so nothing expires by accident; its clients judge expiry by the same clock.
   */
  let server: TestServer;
  /** Access tokens live for hours here, so nothing expires by accident on a slow machine. */
  let steady: TestServer;

  beforeAll(async () => {
    const start = Date.now();
    server = await startServer({ tokenTtlSeconds: 1, clock: { now: () => start } });
    steady = await startServer();
  });

  afterAll(async () => {
    await server.close();
    await steady.close();
  });

  beforeEach(async () => {
    for (const each of [server, steady]) {
      await each.clearFaults();
      await each.clearRequests();
    }
  });

  /** Obtains a valid access token the way a user would, outside the client. */
  async function accessToken(): Promise<string> {
    const response = await fetch(`${server.url}/iaas/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refreshToken: "admin-refresh-token" }),
    });
    return ((await response.json()) as { token: string }).token;
  }

  it("logs in with user name and password once and reuses the token", async () => {
    await withClient(
      clientFor({ ...adminSettings(steady), "vra:domain": "System Domain" }),
      async (client) => {
        await client.getAbout();
        await client.listEndpoints();
        expect(await countOf(steady, LOGIN)).toBe(1);
        expect(await countOf(steady, EXCHANGE)).toBe(1);
      },
    );
  });

  /** The server's clock as a client's: it reads the time the server reads (pauses stay real). */
  const serverClock: Clock = { ...systemClock, now: () => server.now() };
  /** A client of `server` signing in with the admin's refresh token, judging expiry by the server's clock. */
  const refreshTokenClient = () =>
    clientFor({ "vra:url": server.url, "vra:refreshToken": "admin-refresh-token" }, {}, serverClock);

  it("renews the token before it expires, using the JWT's exp", async () => {
    await withClient(refreshTokenClient(), async (client) => {
      await client.listEndpoints();
      await server.advanceClock(PAST_EXPIRY_MS);
      await client.listEndpoints();
      const log = await server.requests();
      expect(log.counts[EXCHANGE]).toBe(2);
      expect(log.entries.filter((entry) => entry.status === 401)).toEqual([]);
    });
  });

  it("renews after a 401 once and resends, when it believed the token was still valid", async () => {
    // A long assumed lifetime and a clock that stands still: the client only learns of expiry from the 401.
    await withClient(
      clientFor(
        { "vra:url": server.url, "vra:refreshToken": "admin-refresh-token" },
        {},
        new FakeClock({ start: 0 }),
      ),
      async (client) => {
        await client.listEndpoints();
        await server.advanceClock(PAST_EXPIRY_MS);
        await server.clearRequests();
        expect((await client.listEndpoints()).items).toEqual(expect.any(Array));
        const log = await server.requests();
        expect(log.entries.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
          "GET /pipeline/api/endpoints 401",
          "POST /iaas/api/login 200",
          "GET /pipeline/api/endpoints 200",
        ]);
      },
    );
  });

  it("shares one renewal between concurrent requests", async () => {
    await withClient(
      clientFor({ "vra:url": steady.url, "vra:refreshToken": "admin-refresh-token" }),
      async (client) => {
        await Promise.all(Array.from({ length: 12 }, () => client.listEndpoints()));
        expect(await countOf(steady, EXCHANGE)).toBe(1);
      },
    );
  });

  it("fails with a clear message when a directly given access token expires", async () => {
    const token = await accessToken();
    await withClient(
      clientFor({ "vra:url": server.url, "vra:accessToken": token }, {}, serverClock),
      async (client) => {
        await client.listEndpoints();
        await server.advanceClock(PAST_EXPIRY_MS);
        await server.clearRequests();
        const error = (await rejectionOf(client.listEndpoints())) as unknown as AriaApiError;
        expect(error.code).toBe("Unauthorized");
        expect(error.message).toContain("cannot be renewed");
        expect(error.message).toContain("vra:refreshToken");
        expect(error.message).not.toContain(token);
        // Exactly one attempt: no renewal loop.
        expect((await server.requests()).total).toBe(1);
      },
    );
  });

  it.each([
    {
      what: "a rejected refresh token",
      settings: () => ({ "vra:url": steady.url, "vra:refreshToken": "not-a-valid-refresh-token" }),
      call: (client: AriaClient) => client.listEndpoints(),
      // The IaaS login answers 400 (its spec declares 400 and 403): the hint still says what to do.
      says: ["exchange the refresh token", "may have expired"],
      secret: "not-a-valid-refresh-token",
    },
    {
      what: "a wrong password",
      settings: () => ({
        "vra:url": steady.url,
        "vra:username": "admin",
        "vra:password": "wrong-password-7",
      }),
      call: (client: AriaClient) => client.getAbout(),
      // The identity login answers 400 "Wrong username or password", which the message carries.
      says: ["Wrong username or password", "vra:username"],
      secret: "wrong-password-7",
    },
  ])("explains $what without showing it", async ({ settings, call, says, secret }) => {
    await withClient(clientFor(settings()), async (client) => {
      const error = (await rejectionOf(call(client))) as unknown as AriaApiError;
      expect(error.code).toBe("BadRequest");
      for (const words of says) expect(error.message).toContain(words);
      expect(error.message).not.toContain(secret);
    });
  });

  it("names the plugin's settings (aria:) to a plugin user, the same messages otherwise", async () => {
    const settings = {
      "aria:url": steady.url,
      "aria:username": "admin",
      "aria:password": "wrong-password-7",
    };
    await withClient(createClient(resolveClientConfig(settings, {}, "aria")), async (client) => {
      const error = (await rejectionOf(client.getAbout())) as unknown as AriaApiError;
      expect(error.code).toBe("BadRequest");
      expect(error.message).toContain("Wrong username or password");
      expect(error.message).toMatch(
        /log in with aria:username and aria:password.*check aria:username, aria:password/,
      );
      expect(error.message).not.toMatch(/\bvra:/);
      expect(error.message).not.toContain("wrong-password-7");
    });
  });

  it("renews again when the renewed token expires too before its request is served", async () => {
    // The server holds each of the next two GETs longer than a token lives here before it checks
    // the token (as a request queued behind a rate limiter; on its clock, without waiting): the
    // first token expires on the way, and so does the one renewed after the first 401.
    await withClient(refreshTokenClient(), async (client) => {
      await client.getAbout();
      await server.clearRequests();
      await server.faults([heldPastExpiry(2)]);
      const page = await client.listEndpoints();
      expect(page.items).toEqual(expect.any(Array));
      const log = await server.requests();
      expect(log.entries.filter((e) => e.status === 401)).toHaveLength(2);
      expect(await countOf(server, EXCHANGE)).toBe(2);
    });
  });

  it("sends each attempt with the token current then: a resend after its token expired carries a renewed one", async () => {
    // The first GET is held past the token's life (on the server's clock) and answered 503: the
    // retry must not carry the expired token and meet a 401, but a renewed one.
    await withClient(refreshTokenClient(), async (client) => {
      await client.getAbout();
      await server.clearRequests();
      await server.faults([
        heldPastExpiry(1),
        { method: "GET", path: "^/pipeline/api/endpoints$", kind: "status", status: 503, count: 1 },
      ]);
      const page = await client.listEndpoints();
      expect(page.items).toEqual(expect.any(Array));
      const log = await server.requests();
      expect(log.entries.filter((e) => e.status === 401)).toEqual([]);
      expect(log.entries.filter((e) => e.status === 503)).toHaveLength(1);
      expect(await countOf(server, EXCHANGE)).toBe(1);
    });
  });

  it("takes the token once a request leaves the client's queue: one that waited past its token's life carries a renewed one", async () => {
    // One request in flight at a time: the first GET is held past the token's life (and so meets a
    // 401 itself), while the second waits its turn in the client's queue. Had the second taken its
    // token before the queue, it would carry the expired one and meet a 401 too.
    await withClient(
      clientFor(
        { "vra:url": server.url, "vra:refreshToken": "admin-refresh-token", "vra:maxConcurrency": "1" },
        {},
        serverClock,
      ),
      async (client) => {
        await client.getAbout();
        await client.listEndpoints();
        await server.clearRequests();
        await server.faults([heldPastExpiry(1)]);
        const [held, queued] = await Promise.all([client.listEndpoints(), client.listEndpoints()]);
        expect(held.items).toEqual(expect.any(Array));
        expect(queued.items).toEqual(expect.any(Array));
        const log = await server.requests();
        expect(log.entries.filter((e) => e.status === 401)).toHaveLength(1);
        expect(await countOf(server, "GET /pipeline/api/endpoints")).toBe(3);
        expect(await countOf(server, EXCHANGE)).toBe(1);
      },
    );
  });

  it("does not renew again when a token is refused while still fresh", async () => {
    // Every answer is 401 at once: the renewed token is fresh, so this is a refusal, not an expiry.
    await withClient(
      clientFor({ "vra:url": steady.url, "vra:refreshToken": "admin-refresh-token" }),
      async (client) => {
        await client.getAbout();
        await steady.clearRequests();
        await steady.faults([
          { method: "GET", path: "^/pipeline/api/endpoints$", kind: "status", status: 401 },
        ]);
        const error = (await rejectionOf(client.listEndpoints())) as unknown as AriaApiError;
        expect(error.code).toBe("Unauthorized");
        expect(error.message).toContain("freshly obtained access token");
        expect(await countOf(steady, "GET /pipeline/api/endpoints")).toBe(2);
        expect(await countOf(steady, EXCHANGE)).toBe(1);
      },
    );
  });

  it("retries the token exchange, a POST that is safe to repeat, through a 503", async () => {
    await steady.faults([
      { method: "POST", path: "^/iaas/api/login$", kind: "status", status: 503, count: 2 },
    ]);
    await withClient(
      clientFor(
        { "vra:url": steady.url, "vra:refreshToken": "admin-refresh-token" },
        {},
        new FakeClock({ start: Date.now() }),
      ),
      async (client) => {
        await client.getAbout();
        expect(await countOf(steady, EXCHANGE)).toBe(3);
      },
    );
  });
});
