import { Client, startHarness, type Harness } from "./helpers/client";
import { emulatorOps, startEmulator } from "../../../emulator";
import { Contracts } from "./helpers/contract";

describe("authentication", () => {
  let h: Harness;
  beforeAll(async () => (h = await startHarness({ seedResources: 5 })));
  afterAll(() => h.close());

  it("logs in with username and password and answers the user's fixed refresh token", async () => {
    const reply = await h.anonymous.post("/csp/gateway/am/api/login?access_token", {
      username: "admin",
      password: "admin-password",
      domain: "System Domain",
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      refresh_token: "admin-refresh-token",
      token_type: "bearer",
      expires_in: 28800,
    });
    const dev = await h.anonymous.post("/csp/gateway/am/api/login?access_token", {
      username: "developer",
      password: "developer-password",
    });
    expect(dev.body.refresh_token).toBe("developer-refresh-token");
    expect((await h.anonymous.get("/pipeline/api/about", { token: reply.body.access_token })).status).toBe(
      200,
    );
  });

  it("exchanges a refresh token for a bearer token at /iaas/api/login", async () => {
    const reply = await h.anonymous.post("/iaas/api/login", { refreshToken: "developer-refresh-token" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ tokenType: "Bearer", token: expect.any(String) });
    expect((await h.anonymous.get("/deployment/api/resources", { token: reply.body.token })).status).toBe(
      200,
    );
  });

  it("authorizes a cloud API token sent as a form", async () => {
    const reply = await h.anonymous.call("POST", "/csp/gateway/am/api/auth/api-tokens/authorize", {
      raw: "refresh_token=admin-refresh-token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ access_token: expect.any(String), expires_in: 28800 });
  });

  it("answers 400 'Wrong username or password' to bad credentials, without echoing the password", async () => {
    const reply = await h.anonymous.post("/csp/gateway/am/api/login", {
      username: "admin",
      password: "hunter2-guess",
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      timestamp: expect.any(Number),
      type: expect.any(String),
      status: "BAD_REQUEST",
      error: "Bad Request",
      serverMessage: "Wrong username or password",
    });
    expect(reply.text).not.toContain("hunter2-guess");
    expect((await h.anonymous.post("/iaas/api/login", { refreshToken: "stolen" })).status).toBe(400);
  });

  it("answers failures of the IaaS login in the IaaS shape, without echoing the token", async () => {
    const contracts = new Contracts();
    const bad = await h.anonymous.post("/iaas/api/login", { refreshToken: "stolen-token-77" });
    expect(bad.status).toBe(400);
    contracts.checkIaasError(bad.body, "POST /iaas/api/login");
    expect(bad.body).toEqual({
      message: "Invalid refresh token",
      statusCode: 400,
      errorCode: 0,
      serverErrorId: expect.any(String),
      documentKind: "com:vmware:xenon:common:ServiceErrorResponse",
    });
    expect(bad.text).not.toContain("stolen-token-77");
    const missing = await h.anonymous.post("/iaas/api/login", {});
    expect(missing.status).toBe(400);
    contracts.checkIaasError(missing.body, "POST /iaas/api/login");
    expect(missing.body.message).toBe("Field 'refreshToken' is required");
    // Not the Spring shape: no timestamp, no status field.
    expect(missing.body).not.toHaveProperty("timestamp");
  });

  it("answers 400 when login fields are missing", async () => {
    const reply = await h.anonymous.post("/csp/gateway/am/api/login", { username: "admin" });
    expect(reply.status).toBe(400);
    expect(reply.body.serverMessage).toBe("Field 'password' is required");
  });

  it.each([
    "/pipeline/api/endpoints",
    "/codestream/api/endpoint-tiles",
    "/deployment/api/resources",
    "/pipeline/api/no-such-thing",
  ])("answers 401 to %s without a valid bearer token", async (path) => {
    const none = await h.anonymous.get(path);
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(none.body).toMatchObject({
      path,
      status: 401,
      message: "Full authentication is required to access this resource",
    });
    expect((await h.anonymous.get(path, { token: "forged.token.value" })).body.message).toBe(
      "Invalid access token",
    );
    expect(
      (await h.anonymous.get(path, { headers: { authorization: "Basic YWRtaW46YWRtaW4=" } })).status,
    ).toBe(401);
  });

  it("answers 404 to unknown paths and 405 to unsupported methods once authenticated", async () => {
    expect((await h.admin.get("/pipeline/api/no-such-thing")).status).toBe(404);
    const wrong = await h.admin.call("PATCH", "/pipeline/api/endpoints");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe("GET, POST");
  });

  it("expires access tokens after tokenTtlSeconds", async () => {
    // A clock that stands still but for the advances below.
    const start = 1_700_000_000_123;
    const emulator = await startEmulator({
      tokenTtlSeconds: 0.3,
      seedResources: 0,
      clock: { now: () => start },
    });
    const client = new Client(emulator.url);
    const ops = emulatorOps(emulator.url);
    try {
      const token = await client.login("admin");
      expect((await client.get("/pipeline/api/about", { token })).status).toBe(200);
      // exp is in whole seconds: the token lives until then, a little longer than the lifetime.
      const exp = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).exp as number;
      expect(Number.isInteger(exp)).toBe(true);
      expect(exp * 1000).toBeGreaterThanOrEqual(start + 300);
      await ops.advanceClock(exp * 1000 - start - 1);
      expect((await client.get("/pipeline/api/about", { token })).status).toBe(200);
      expect((await ops.advanceClock(1)).nowMs).toBe(exp * 1000);
      const reply = await client.get("/pipeline/api/about", { token });
      expect(reply.status).toBe(401);
      expect(reply.body.message).toBe("Access token has expired");
    } finally {
      await emulator.close();
      await client.close();
    }
  });

  it("accepts the users it is given instead of the defaults", async () => {
    const emulator = await startEmulator({
      users: [{ username: "ops", password: "pw", admin: true }],
      seedResources: 0,
    });
    const client = new Client(emulator.url);
    try {
      expect(
        (await client.post("/csp/gateway/am/api/login", { username: "admin", password: "admin-password" }))
          .status,
      ).toBe(400);
      const reply = await client.post("/csp/gateway/am/api/login", { username: "ops", password: "pw" });
      expect(reply.body.refresh_token).toBe("ops-refresh-token");
    } finally {
      await emulator.close();
      await client.close();
    }
  });
});
