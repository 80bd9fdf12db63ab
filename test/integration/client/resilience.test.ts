import * as net from "node:net";
import { AriaApiError, AriaClient } from "../../../provider/client";
import { DEFAULT_RETRY_POLICY } from "../../../provider/client/retry-policy";
import { FakeClock } from "../../support/clock";
import { adminSettings, clientFor, countOf, rejectionOf, useServer } from "./harness";

const jenkins = (name: string) => ({
  name,
  type: "jenkins",
  project: "Default Project",
  properties: { url: "https://jenkins.example.com", password: "jenkins-secret-2" },
});

describe("resilience", () => {
  const server = useServer();
  let client: AriaClient;
  let delays: number[];

  beforeEach(async () => {
    await server.clearFaults();
    await server.reset();
    // Retries at once, each wait recorded; the jitter draws the middle of its range.
    const clock = new FakeClock({ start: Date.now(), random: 0.5 });
    delays = clock.sleeps;
    client = clientFor(adminSettings(server), {}, clock);
    await client.getAbout(); // log in and learn the API version outside the counted part
    await server.clearRequests();
  });

  afterEach(async () => {
    await client.close();
  });

  it("survives a storm of 503s on GETs by retrying", async () => {
    await server.faults([
      { method: "GET", path: "^/pipeline/api/endpoints$", kind: "status", status: 503, count: 3 },
    ]);
    const page = await client.listEndpoints();
    expect(page.items).toEqual(expect.any(Array));
    expect(await countOf(server, "GET /pipeline/api/endpoints")).toBe(4);
    expect(delays).toHaveLength(3);
  });

  it("sends an endpoint validation again after a 503 and after a lost answer: it changes nothing", async () => {
    await server.faults([
      { method: "POST", path: "^/pipeline/api/endpoint-validation$", kind: "status", status: 503, count: 1 },
      { method: "POST", path: "^/pipeline/api/endpoint-validation$", kind: "cut", count: 1 },
    ]);
    const verdict = await client.validateEndpoint(jenkins("validated"));
    expect(verdict.status).toEqual(expect.any(String));
    expect(await countOf(server, "POST /pipeline/api/endpoint-validation")).toBe(3);
  });

  it("survives random 429s and 502s on many concurrent GETs", async () => {
    // Nine faults in all, each request allowed ten retries: the storm cannot win, whatever the dice say.
    const patient = clientFor(
      { ...adminSettings(server), "vra:maxRetries": "10" },
      { retry: { baseDelayMs: 1, maxDelayMs: 5 } },
      new FakeClock({ start: Date.now() }),
    );
    try {
      await patient.getAbout();
      await server.clearRequests();
      await server.faults([
        {
          method: "GET",
          path: "^/pipeline/api/endpoint-tiles/",
          kind: "status",
          status: 429,
          rate: 0.5,
          count: 5,
        },
        {
          method: "GET",
          path: "^/pipeline/api/endpoint-tiles/",
          kind: "status",
          status: 502,
          rate: 0.5,
          count: 4,
        },
      ]);
      const results = await Promise.all(Array.from({ length: 30 }, () => patient.getEndpointTile("jenkins")));
      expect(results.every((tile) => tile.tileId === "jenkins")).toBe(true);
      const log = await server.requests();
      expect(log.entries.filter((entry) => entry.fault === "status").length).toBeGreaterThan(0);
    } finally {
      await patient.close();
    }
  });

  it("honours Retry-After on a 429, with up to a tenth more of jitter", async () => {
    await server.faults([{ method: "GET", kind: "status", status: 429, retryAfterSeconds: 2, count: 1 }]);
    await client.getEndpointTiles();
    // The clock's jitter draws 0.5: 2 s and a twentieth.
    expect(delays).toEqual([2100]);
  });

  it("goes on past maxRetries while the server throttles, the sign-in as every request", async () => {
    const patient = clientFor(adminSettings(server), {}, new FakeClock({ start: Date.now(), random: 0.5 }));
    try {
      const throttled = DEFAULT_RETRY_POLICY.maxRetries + 12;
      await server.faults([
        {
          method: "POST",
          path: "^/iaas/api/login$",
          kind: "status",
          status: 429,
          retryAfterSeconds: 1,
          count: throttled,
        },
        {
          method: "GET",
          path: "endpoint-tiles",
          kind: "status",
          status: 429,
          retryAfterSeconds: 1,
          count: throttled,
        },
      ]);
      await patient.getEndpointTiles();
      expect(await countOf(server, "POST /iaas/api/login")).toBe(throttled + 1);
      expect(await countOf(server, "GET /pipeline/api/endpoint-tiles")).toBe(throttled + 1);
    } finally {
      await patient.close();
    }
  });

  it("gives up on a throttled request once vra:throttleTimeout has passed, naming the attempts", async () => {
    const brief = clientFor(
      { ...adminSettings(server), "vra:throttleTimeout": "30" },
      {},
      new FakeClock({ start: Date.now(), random: 0.5 }),
    );
    try {
      await brief.getAbout();
      await server.clearRequests();
      await server.faults([{ method: "GET", kind: "status", status: 429, retryAfterSeconds: 1 }]);
      const error = (await rejectionOf(brief.getEndpointTiles())) as unknown as AriaApiError;
      expect(error.message).toMatch(/after \d+ attempts/);
      const sent = await countOf(server, "GET /pipeline/api/endpoint-tiles");
      // One a second or so for 30 s (the pauses carry their jitter, the rate its own waits).
      expect(sent).toBeGreaterThan(DEFAULT_RETRY_POLICY.maxRetries + 1);
      expect(sent).toBeLessThanOrEqual(31);
      expect(error.attempts).toBe(sent);
    } finally {
      await brief.close();
    }
  });

  it("backs off exponentially when the server gives no Retry-After", async () => {
    await server.faults([{ method: "GET", kind: "status", status: 504, count: 3 }]);
    await client.getEndpointTiles();
    expect(delays).toEqual([375, 750, 1500]);
  });

  it("gives up after maxRetries with an error naming the attempts", async () => {
    await server.faults([{ method: "GET", kind: "status", status: 503 }]);
    const error = (await rejectionOf(client.getEndpointTiles())) as unknown as AriaApiError;
    const attempts = DEFAULT_RETRY_POLICY.maxRetries + 1; // 9
    expect(error.code).toBe("ServerError");
    expect(error.attempts).toBe(attempts);
    expect(error.message).toContain(`(after ${attempts} attempts)`);
    expect(await countOf(server, "GET /pipeline/api/endpoint-tiles")).toBe(attempts);
  });

  it("follows a configured maxRetries", async () => {
    const strict = clientFor(
      { ...adminSettings(server), "vra:maxRetries": "1" },
      {},
      new FakeClock({ start: Date.now() }),
    );
    try {
      await strict.getAbout();
      await server.clearRequests();
      await server.faults([{ method: "GET", kind: "status", status: 503 }]);
      await rejectionOf(strict.getEndpointTiles());
      expect(await countOf(server, "GET /pipeline/api/endpoint-tiles")).toBe(2);
    } finally {
      await strict.close();
    }
  });

  it("retries GETs whose connection was cut", async () => {
    await server.faults([{ method: "GET", path: "^/pipeline/api/endpoints$", kind: "cut", count: 2 }]);
    await client.listEndpoints();
    expect(await countOf(server, "GET /pipeline/api/endpoints")).toBe(3);
  });

  it("does not repeat a POST answered with 503", async () => {
    await server.faults([{ method: "POST", path: "^/pipeline/api/endpoints$", kind: "status", status: 503 }]);
    const error = (await rejectionOf(client.createEndpoint(jenkins("once")))) as unknown as AriaApiError;
    expect(error.code).toBe("ServerError");
    expect(error.attempts).toBe(1);
    expect(await countOf(server, "POST /pipeline/api/endpoints")).toBe(1);
    expect(delays).toEqual([]);
  });

  it("says a failed create may have taken effect, and a failed validation, which changes nothing, not", async () => {
    await server.faults([{ method: "POST", kind: "status", status: 503 }]);
    const create = (await rejectionOf(client.createEndpoint(jenkins("once")))) as unknown as AriaApiError;
    expect(create.message).toContain("The request may have reached the server");
    const validation = (await rejectionOf(client.validateEndpoint(jenkins("v")))) as unknown as AriaApiError;
    expect(validation.code).toBe("ServerError");
    expect(validation.message).not.toContain("may have reached the server");
  });

  it("does not repeat a POST whose connection was cut, and flags the outcome as ambiguous", async () => {
    await server.faults([{ method: "POST", path: "^/pipeline/api/endpoints$", kind: "cut", count: 1 }]);
    const error = (await rejectionOf(client.createEndpoint(jenkins("maybe")))) as unknown as AriaApiError;
    expect(error.code).toBe("NetworkError");
    expect(error.sentRequest).toBe(true);
    expect(error.message).toContain("may have reached the server");
    expect(await countOf(server, "POST /pipeline/api/endpoints")).toBe(1);
    // The emulator served the create before cutting: exactly one endpoint exists.
    expect((await client.listEndpoints({ filter: "name eq 'maybe'" })).totalCount).toBe(1);
  });

  it("does not repeat a resource creation either", async () => {
    await server.faults([
      { method: "POST", path: "^/deployment/api/resources$", kind: "status", status: 502 },
    ]);
    await rejectionOf(client.createResource({ name: "r", type: "Custom.Thing" }));
    expect(await countOf(server, "POST /deployment/api/resources")).toBe(1);
  });

  it("times out a slow answer after vra:apiTimeout, without retrying", async () => {
    const impatient = clientFor({ ...adminSettings(server), "vra:apiTimeout": "0.3" });
    try {
      await impatient.getAbout();
      await server.faults([
        { method: "GET", path: "endpoint-tiles", kind: "delay", delayMs: 3000, count: 1 },
      ]);
      // Only the first answer is held (3 s, ten times the timeout): a served answer, or a retry (which
      // the fault no longer holds), would succeed, so the Timeout error alone proves that the timeout
      // fired and nothing was retried, with no wall-clock bound.
      const error = (await rejectionOf(impatient.getEndpointTiles())) as unknown as AriaApiError;
      expect(error.code).toBe("Timeout");
      expect(error.message).toContain("no response within 0.3s");
      expect(error.message).toContain("vra:apiTimeout");
    } finally {
      await impatient.close();
    }
  });

  it("reports a refused connection as a network error that never reached the server", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const offline = clientFor(
      { ...adminSettings({ url: `http://127.0.0.1:${port}` }) },
      {},
      new FakeClock({ start: Date.now() }),
    );
    try {
      const error = (await rejectionOf(offline.getAbout())) as unknown as AriaApiError;
      expect(error.code).toBe("NetworkError");
      expect(error.sentRequest).toBe(false);
      expect(error.causeCode).toBe("ECONNREFUSED");
      expect(error.message).toContain("vra:url");
      expect(error.message).not.toContain("admin-password");
    } finally {
      await offline.close();
    }
  });

  it("refuses calls after close", async () => {
    await client.close();
    await expect(client.getAbout()).rejects.toThrow(/closed/);
  });
});
