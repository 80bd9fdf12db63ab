import { performance } from "node:perf_hooks";
import { jenkinsSpec, startHarness, type Harness, type Json } from "./helpers/client";

describe("the operations surface", () => {
  let h: Harness;
  beforeAll(async () => (h = await startHarness({ seedResources: 10 })));
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.ops.clearFaults();
    await h.ops.reset();
    await h.ops.clearRequests();
  });

  const log = () => h.ops.requests();

  it("reports health without authentication", async () => {
    expect(await h.ops.health()).toMatchObject({
      status: "UP",
      endpoints: 0,
      resources: 10,
      pendingRequests: 0,
    });
  });

  describe("request log", () => {
    it("resolves served() once that many matching requests were answered, and not before", async () => {
      const isCreate = (e: { route: string; status: number }) =>
        e.route === "POST /pipeline/api/endpoints" && e.status < 300;
      let seen = false;
      const twoCreates = h.emulator.served(isCreate, 2).then(() => (seen = true));
      await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("served-1"));
      await h.admin.get("/pipeline/api/endpoints");
      await new Promise((r) => setImmediate(r));
      expect(seen).toBe(false);
      await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("served-2"));
      await twoCreates;
      expect(seen).toBe(true);
      await expect(h.emulator.served(isCreate, 0)).resolves.toBeUndefined();
    });

    it("counts requests per route template, naming /codestream/api routes as /pipeline/api", async () => {
      const created = await h.admin.post("/codestream/api/endpoints", jenkinsSpec("a b"));
      await h.admin.get(`/pipeline/api/endpoints/${created.body.id}`);
      await h.admin.get(`/codestream/api/endpoints/${created.body.id}?apiVersion=2019-10-17`);
      await h.admin.get("/pipeline/api/endpoints/Default%20Project/a%20b");
      await h.admin.get("/deployment/api/resources/filters/tags");
      await h.ops.health();
      const body = await log();
      expect(body.total).toBe(5);
      expect(body.counts).toEqual({
        "POST /pipeline/api/endpoints": 1,
        "GET /pipeline/api/endpoints/{id}": 2,
        "GET /pipeline/api/endpoints/{project}/{name}": 1,
        "GET /deployment/api/resources/filters/{filterId}": 1,
      });
      expect(body.entries[2]).toEqual({
        method: "GET",
        path: `/codestream/api/endpoints/${created.body.id}`,
        query: "apiVersion=2019-10-17",
        route: "GET /pipeline/api/endpoints/{id}",
        status: 200,
        durationMs: expect.any(Number),
      });
    });

    it("records failures with their status and forgets everything on DELETE", async () => {
      await h.anonymous.get("/pipeline/api/endpoints");
      await h.admin.get("/nowhere");
      expect((await log()).entries.map((e: Json) => [e.route, e.status])).toEqual([
        ["GET /pipeline/api/endpoints", 401],
        ["GET (unmatched)", 404],
      ]);
      expect((await h.anonymous.delete("/__emulator/requests")).status).toBe(204);
      expect(await log()).toEqual({ total: 0, totalDurationMs: 0, counts: {}, entries: [] });
    });
  });

  describe("faults", () => {
    const install = (rules: unknown[]) => h.anonymous.put("/__emulator/faults", { rules });

    it("answers 429 with Retry-After for the next matching request only", async () => {
      expect(
        (
          await install([
            {
              method: "GET",
              path: "^/pipeline/api/endpoints$",
              kind: "status",
              status: 429,
              retryAfterSeconds: 3,
              count: 1,
            },
          ])
        ).status,
      ).toBe(200);
      const first = await h.admin.get("/pipeline/api/endpoints");
      expect(first.status).toBe(429);
      expect(first.headers["retry-after"]).toBe("3");
      expect(first.body).toMatchObject({
        status: 429,
        error: "Too Many Requests",
        message: "Injected fault: HTTP 429",
      });
      expect((await h.admin.get("/pipeline/api/endpoints")).status).toBe(200);
      expect((await log()).entries[0]).toMatchObject({ status: 429, fault: "status" });
    });

    it.each([500, 503])("answers %s without performing the change", async (status) => {
      await install([{ method: "POST", kind: "status", status }]);
      expect((await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("never"))).status).toBe(status);
      await h.ops.clearFaults();
      expect((await h.admin.get("/pipeline/api/endpoints")).body.totalCount).toBe(0);
    });

    it("delays matching requests", async () => {
      await install([{ path: "/about", kind: "delay", delayMs: 250 }]);
      const started = performance.now();
      expect((await h.admin.get("/pipeline/api/about")).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(240);
      expect((await log()).entries[0]).toMatchObject({ fault: "delay", status: 200 });
    });

    it("advances the emulator's clock instead of waiting, for a delay marked advanceClock", async () => {
      await install([{ path: "/about", kind: "delay", delayMs: 3_600_000, advanceClock: true, count: 1 }]);
      const before = await h.ops.clock();
      const started = performance.now();
      expect((await h.admin.get("/pipeline/api/about")).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(60_000);
      expect((await h.ops.clock()).advancedMs).toBe(before.advancedMs + 3_600_000);
      expect((await log()).entries[0]).toMatchObject({ fault: "delay", status: 200 });
    });

    it("cuts the connection after performing the change", async () => {
      await install([{ method: "POST", path: "/endpoints$", kind: "cut", count: 1 }]);
      await expect(h.admin.post("/pipeline/api/endpoints", jenkinsSpec("half-done"))).rejects.toThrow();
      const after = await h.admin.get("/pipeline/api/endpoints/Default%20Project/half-done");
      expect(after.status).toBe(200);
      expect((await log()).entries[0]).toMatchObject({
        route: "POST /pipeline/api/endpoints",
        status: 0,
        fault: "cut",
      });
    });

    it("holds a matching request unserved until released, telling the test it is held", async () => {
      await install([{ method: "POST", path: "/endpoints$", kind: "hold", count: 1 }]);
      let answered = false;
      const create = h.admin.post("/pipeline/api/endpoints", jenkinsSpec("held")).then((r) => {
        answered = true;
        return r;
      });
      // Answered once the request is held, by the emulator itself: no clock, no polling.
      expect(await h.ops.held(1)).toEqual([{ method: "POST", path: "/pipeline/api/endpoints" }]);
      // Held: not served, not answered, while other requests are.
      expect((await h.admin.get("/pipeline/api/endpoints/Default%20Project/held")).status).toBe(404);
      expect(answered).toBe(false);
      expect(await h.ops.release()).toBe(1);
      expect((await create).status).toBe(200);
      expect(await h.ops.held()).toEqual([]);
      expect((await h.admin.get("/pipeline/api/endpoints/Default%20Project/held")).status).toBe(200);
      const bad = await h.anonymous.get("/__emulator/faults/held?atLeast=x");
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/'atLeast' must be a whole number/);
    });

    it("lists, validates and clears rules", async () => {
      await install([{ kind: "status", status: 503, rate: 0 }]);
      expect((await h.admin.get("/pipeline/api/about")).status).toBe(200);
      expect({ rules: await h.ops.faults() }).toEqual({
        rules: [{ kind: "status", status: 503, rate: 0 }],
      });
      const bad = await install([{ kind: "status", path: "([" }]);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/rules\[0\]\.path is not a valid regular expression/);
      expect((await h.anonymous.delete("/__emulator/faults")).status).toBe(204);
      expect({ rules: await h.ops.faults() }).toEqual({ rules: [] });
    });

    it("never apply to the operations surface", async () => {
      await install([{ kind: "status", status: 500 }]);
      expect((await h.anonymous.get("/__emulator/health")).status).toBe(200);
      expect((await h.anonymous.delete("/__emulator/faults")).status).toBe(204);
    });
  });

  it("puts every piece of data back to the seed on reset", async () => {
    await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("temp"));
    const [victim] = (await h.admin.get("/deployment/api/resources?$top=1")).body.content;
    const del = await h.admin.delete(
      `/deployment/api/deployments/${victim.deploymentId}/resources/${victim.id}`,
    );
    expect(del.status).toBe(200);
    const reset = await h.anonymous.post("/__emulator/reset");
    expect(reset.body).toMatchObject({ status: "RESET", endpoints: 0, resources: 10, pendingRequests: 0 });
    expect((await h.admin.get(`/deployment/api/resources/${victim.id}`)).status).toBe(200);
    expect((await h.admin.get(`/deployment/api/requests/${del.body.id}`)).status).toBe(404);
  });

  it("moves its clock forward on POST /__emulator/clock, at once: requests progress by it", async () => {
    const created = await h.admin.post("/deployment/api/resources", {
      name: "slow",
      type: "Cloud.vSphere.Machine",
      properties: { emulatorDelayMs: 3_600_000 },
    });
    const request = `/deployment/api/requests/${created.body.requestId}`;
    expect((await h.admin.get(request)).body.status).toBe("CREATED");
    const before = await h.ops.clock();
    const after = await h.ops.advanceClock(3_600_000);
    expect(after.advancedMs).toBe(before.advancedMs + 3_600_000);
    expect(after.nowMs).toBeGreaterThanOrEqual(before.nowMs + 3_600_000);
    expect((await h.admin.get(request)).body.status).toBe("SUCCESSFUL");
    for (const body of [{}, { advanceMs: -1 }, { advanceMs: "5" }]) {
      const refused = await h.anonymous.post("/__emulator/clock", body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/'advanceMs', the milliseconds to move the clock forward/);
    }
    expect((await h.ops.clock()).advancedMs).toBe(after.advancedMs);
  });

  it("answers 404 with a Spring body for unknown operations paths", async () => {
    const reply = await h.anonymous.get("/__emulator/nothing");
    expect(reply.status).toBe(404);
    expect(reply.body.path).toBe("/__emulator/nothing");
  });
});
