import fc from "fast-check";
import { AriaApiError, codeForStatus, createApiError, isAriaApiError } from "../../../provider/client/errors";
import { Redactor } from "../../../provider/client/redact";
import { readServerError } from "../../../provider/client/schemas";

const springBody = (status: number, message: string) => ({
  timestamp: "2024-05-01T10:00:00.000+00:00",
  path: "/pipeline/api/endpoints",
  status,
  error: "Error",
  message,
  requestId: "req-42",
});

const createEndpoint = { operation: "create endpoint", method: "POST", path: "/pipeline/api/endpoints" };

describe("error classification", () => {
  it.each([
    [400, "BadRequest"],
    [401, "Unauthorized"],
    [403, "Forbidden"],
    [404, "NotFound"],
    [409, "Conflict"],
    [429, "RateLimited"],
    [500, "ServerError"],
    [503, "ServerError"],
    [418, "HttpError"],
  ])("maps status %i to code %s", (status, code) => {
    expect(codeForStatus(status)).toBe(code);
    expect(createApiError({ ...createEndpoint, status }).code).toBe(code);
  });

  it("names each error for its code, every one an AriaApiError", () => {
    const cases: Array<[number, string]> = [
      [400, "BadRequestError"],
      [401, "UnauthorizedError"],
      [403, "ForbiddenError"],
      [404, "NotFoundError"],
      [409, "ConflictError"],
      [429, "RateLimitedError"],
      [502, "ServerError"],
      [418, "AriaApiError"],
    ];
    for (const [status, name] of cases) {
      const error = createApiError({ ...createEndpoint, status });
      expect(error.name).toBe(name);
      expect(String(error.stack)).toMatch(new RegExp(`^${name}: Failed to create endpoint`));
      expect(error).toBeInstanceOf(AriaApiError);
      expect(isAriaApiError(error)).toBe(true);
    }
  });

  it("carries method, path, status, the server's message and its request id", () => {
    const error = createApiError({
      ...createEndpoint,
      status: 409,
      body: springBody(409, "Endpoint with name 'ci' already exists in project 'Default Project'"),
    });
    expect(error).toMatchObject({
      code: "Conflict",
      method: "POST",
      path: "/pipeline/api/endpoints",
      status: 409,
      serverMessage: "Endpoint with name 'ci' already exists in project 'Default Project'",
      requestId: "req-42",
      sentRequest: true,
    });
    expect(error.message).toMatch(
      /^Failed to create endpoint \(POST \/pipeline\/api\/endpoints\): HTTP 409 Conflict/,
    );
    expect(error.message).toContain("already exists in project 'Default Project'.");
    expect(error.message).toContain("[request id req-42]");
  });

  it.each([
    ["epoch milliseconds (real servers)", 1714557600000, "2024-05-01T10:00:00.000Z"],
    ["an ISO 8601 string", "2024-05-01T10:00:00.000+00:00", "2024-05-01T10:00:00.000Z"],
    ["the pipeline service's own form", "2022-08-03T08:57:10.033+0000", "2022-08-03T08:57:10.033Z"],
  ])("reads a Spring error body whose timestamp is %s", (_label, timestamp, iso) => {
    const body = {
      ...springBody(404, "Endpoint with id 'x' not found"),
      timestamp,
      "@type": "ErrorResponse",
    };
    expect(readServerError(body)).toEqual({
      message: "Endpoint with id 'x' not found",
      requestId: "req-42",
      time: new Date(iso),
    });
    const error = createApiError({
      operation: "read endpoint",
      method: "GET",
      path: "/x",
      status: 404,
      body,
    });
    expect(error).toMatchObject({ serverMessage: "Endpoint with id 'x' not found", requestId: "req-42" });
  });

  it("reads an IaaS error body: its message, and its serverErrorId as the request id", () => {
    const body = {
      message: "Invalid refresh token",
      statusCode: 401,
      errorCode: 0,
      serverErrorId: "srv-7",
      documentKind: "com:vmware:xenon:common:ServiceErrorResponse",
    };
    const error = createApiError({
      operation: "exchange the refresh token for an access token",
      method: "POST",
      path: "/iaas/api/login",
      status: 401,
      body,
    });
    expect(error).toMatchObject({
      code: "Unauthorized",
      serverMessage: "Invalid refresh token",
      requestId: "srv-7",
    });
    expect(error.message).toContain("Invalid refresh token");
    expect(error.message).toContain("[request id srv-7]");
  });

  it("still reads the message of a body whose timestamp fits no known form", () => {
    const body = { ...springBody(500, "Boom"), timestamp: "yesterday" };
    expect(readServerError(body)).toBeUndefined();
    expect(createApiError({ ...createEndpoint, status: 500, body }).serverMessage).toBe("Boom");
  });

  it("tells the user that only an administrator can write restricted endpoints on a 403 of an endpoint write", () => {
    const error = createApiError({
      ...createEndpoint,
      status: 403,
      endpointWrite: true,
      body: springBody(403, "Forbidden"),
    });
    expect(error.message).toContain(
      "Only an administrator can create, update or delete restricted endpoints",
    );
    const read = createApiError({ operation: "read endpoint", method: "GET", path: "/x", status: 403 });
    expect(read.message).not.toContain("restricted endpoints");
  });

  it("classifies a timeout waiting for headers as an ambiguous Timeout naming the setting to raise", () => {
    const cause = Object.assign(new Error("Headers Timeout Error"), { code: "UND_ERR_HEADERS_TIMEOUT" });
    const error = createApiError({ ...createEndpoint, cause, timeoutSeconds: 30 });
    expect(error.name).toBe("TimeoutError");
    expect(error.sentRequest).toBe(true);
    expect(error.message).toContain("no response within 30s");
    expect(error.message).toContain("vra:apiTimeout");
    expect(error.message).toContain("may have reached the server");
  });

  it("names the settings to change in the user's namespace: aria: for the plugin", () => {
    const cause = Object.assign(new Error("Headers Timeout Error"), { code: "UND_ERR_HEADERS_TIMEOUT" });
    const plugin = createApiError({
      ...createEndpoint,
      cause,
      timeoutSeconds: 30,
      settingsNamespace: "aria",
    });
    expect(plugin.message).toContain("raise aria:apiTimeout (VRA_API_TIMEOUT, seconds)");
    expect(plugin.message).not.toContain("vra:");
    const dynamic = createApiError({
      ...createEndpoint,
      cause,
      timeoutSeconds: 30,
      settingsNamespace: "vra",
    });
    expect(dynamic.message).toContain("raise vra:apiTimeout (VRA_API_TIMEOUT, seconds)");
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(
      createApiError({ ...createEndpoint, cause: refused, settingsNamespace: "aria" }).message,
    ).toContain("check aria:url (VRA_URL)");
  });

  it("marks a refused connection as a NetworkError that never reached the server", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    const error = createApiError({ ...createEndpoint, cause });
    expect(error.name).toBe("NetworkError");
    expect(error.sentRequest).toBe(false);
    expect(error.causeCode).toBe("ECONNREFUSED");
    expect(error.message).toContain("vra:url");
    expect(error.message).not.toContain("may have reached");
  });

  it("marks a connection closed mid-request as possibly sent", () => {
    const cause = Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
    const error = createApiError({ ...createEndpoint, cause });
    expect(error.code).toBe("NetworkError");
    expect(error.sentRequest).toBe(true);
    expect(error.message).toContain("may have reached the server");
  });

  it("explains an untrusted certificate with the settings that fix it", () => {
    const cause = Object.assign(new Error("self-signed certificate"), {
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
    });
    const error = createApiError({ operation: "read endpoint", method: "GET", path: "/x", cause });
    expect(error.sentRequest).toBe(false);
    expect(error.message).toContain("vra:caCert");
    expect(error.message).toContain("vra:insecure");
  });

  it("reads the server's message from an HTML error page without its markup", () => {
    const error = createApiError({
      ...createEndpoint,
      status: 502,
      body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
    });
    expect(error.serverMessage).toBe("502 Bad Gateway");
  });

  it("mentions the number of attempts when the request was retried", () => {
    const error = createApiError({
      operation: "list endpoints",
      method: "GET",
      path: "/x",
      status: 503,
      attempts: 5,
    });
    expect(error.message).toContain("(after 5 attempts)");
  });

  it("keeps secret query values out of the path", () => {
    const error = createApiError({
      operation: "x",
      method: "GET",
      path: "/a?refresh_token=abcdef123&top=5",
      status: 400,
    });
    expect(error.path).toBe("/a?refresh_token=[REDACTED]&top=5");
  });
});

describe("redaction in error messages", () => {
  it("removes the configured secrets the server echoes back", () => {
    const redactor = new Redactor();
    redactor.add("the-refresh-token-value", "admin-password");
    const error = createApiError({
      operation: "exchange the refresh token for an access token",
      method: "POST",
      path: "/iaas/api/login",
      status: 400,
      body: springBody(
        400,
        "Invalid refresh token the-refresh-token-value for admin (password admin-password)",
      ),
      redactor,
    });
    expect(error.message).not.toContain("the-refresh-token-value");
    expect(error.message).not.toContain("admin-password");
    expect(error.serverMessage).toContain("[REDACTED]");
  });

  it("removes bearer headers, JWTs and secret-looking pairs it was not told about", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl";
    const error = createApiError({
      ...createEndpoint,
      status: 400,
      body: springBody(
        400,
        `Rejected Authorization: Bearer abc.def-123 token=${jwt} {"password":"hunter22","refresh_token":"r-1234567"}`,
      ),
    });
    for (const secret of ["abc.def-123", jwt, "hunter22", "r-1234567"]) {
      expect(error.message).not.toContain(secret);
    }
  });

  it("removes secret endpoint properties of the request the server echoes", () => {
    const error = createApiError({
      ...createEndpoint,
      status: 400,
      body: springBody(400, "Cannot connect to jenkins as admin with 'jenkins-pass-9'"),
      extraSecrets: ["jenkins-pass-9"],
    });
    expect(error.message).not.toContain("jenkins-pass-9");
  });

  it("never lets a known secret through, whatever the server says (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 8, maxLength: 40, unit: "binary" }), { minLength: 1, maxLength: 3 }),
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.constantFrom(400, 401, 403, 404, 409, 429, 500, 503),
        fc.constantFrom("json", "text", "spring"),
        (secrets, before, after, status, shape) => {
          const redactor = new Redactor();
          redactor.add(...secrets);
          const echoed = `${before}${secrets.join(" ")}${after}${encodeURIComponent(secrets[0])}`;
          const body =
            shape === "json"
              ? { message: echoed, error: secrets[0] }
              : shape === "text"
                ? `${echoed} ${JSON.stringify({ token: secrets[0] })}`
                : springBody(status, echoed);
          const error = createApiError({
            operation: "create endpoint",
            method: "POST",
            path: `/pipeline/api/endpoints/${encodeURIComponent(secrets[0])}`,
            status,
            body,
            headers: { "x-request-id": secrets[0] },
            redactor,
          });
          for (const secret of secrets) {
            expect(error.message).not.toContain(secret);
            expect(error.serverMessage ?? "").not.toContain(secret);
            expect(error.path).not.toContain(secret);
            expect(error.requestId ?? "").not.toContain(secret);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never lets a network error's text leak a token (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 30 }), (token) => {
        const redactor = new Redactor();
        redactor.add(token);
        const cause = Object.assign(new Error(`socket hang up while sending Bearer ${token}: ${token}`), {
          code: "ECONNRESET",
        });
        const error = createApiError({
          operation: "read endpoint",
          method: "GET",
          path: "/x",
          cause,
          redactor,
        });
        expect(error.message).not.toContain(token);
      }),
      { numRuns: 300 },
    );
  });
});
