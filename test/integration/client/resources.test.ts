import { AriaApiError, AriaClient, isTerminalRequestStatus, Request } from "../../../provider/client";
import { adminSettings, clientFor, rejectionOf, useServer, TestServer } from "./harness";

const SEEDED = 130;

/** Polls a request until it is finished, moving the server's clock forward between polls. */
async function settle(server: TestServer, client: AriaClient, requestId: string): Promise<Request> {
  for (let i = 0; i < 200; i++) {
    const request = await client.getRequest(requestId);
    if (isTerminalRequestStatus(request.status)) return request;
    await server.advanceClock(10);
  }
  throw new Error(`request ${requestId} did not finish`);
}

describe("deployment resource operations", () => {
  const server = useServer({ seedResources: SEEDED, requestDelayMs: 20, fresh: true });
  let client: AriaClient;

  beforeAll(() => {
    client = clientFor(adminSettings(server));
  });

  afterAll(() => client.close());

  it("creates a resource asynchronously and reads it once its request succeeded", async () => {
    const answer = await client.createResource({
      name: "my thing",
      type: "Custom.Thing",
      properties: { size: 3 },
    });
    expect(answer).toEqual(
      expect.objectContaining({
        deploymentId: expect.any(String),
        requestId: expect.any(String),
        resourceId: expect.any(String),
      }),
    );
    const request = await settle(server, client, answer.requestId);
    expect(request.status).toBe("SUCCESSFUL");
    const resource = await client.getResource(answer.resourceId, ["project", "deployment"]);
    expect(resource).toMatchObject({ id: answer.resourceId, name: "my thing", type: "Custom.Thing" });
    expect(resource.project?.id).toBe(resource.projectId);
    expect(resource.deployment?.id).toBe(answer.deploymentId);
  });

  it("reports a failed creation through the request's status and details", async () => {
    const answer = await client.createResource({ name: "fail-on-purpose", type: "Custom.Thing" });
    const request = await settle(server, client, answer.requestId);
    expect(request.status).toBe("FAILED");
    expect(request.details).toBeTruthy();
  });

  it("cancels a running request", async () => {
    const answer = await client.createResource({
      name: "slow",
      type: "Custom.Thing",
      properties: { emulatorDelayMs: 60_000 },
    });
    await client.cancelRequest(answer.requestId);
    expect((await client.getRequest(answer.requestId)).status).toBe("ABORTED");
  });

  it("deletes a resource, answering a request to poll", async () => {
    const created = await client.createResource({ name: "short lived", type: "Custom.Thing" });
    await settle(server, client, created.requestId);
    const deletion = await client.deleteResource(created.deploymentId, created.resourceId);
    expect(deletion.id).toEqual(expect.any(String));
    expect((await settle(server, client, deletion.id)).status).toBe("SUCCESSFUL");
    const error = (await rejectionOf(client.getResource(created.resourceId))) as unknown as AriaApiError;
    expect(error.code).toBe("NotFound");
  });

  it("lists one Spring page, with filters comma-separated and several sort criteria", async () => {
    const page = await client.listResources({ top: 5, orderBy: ["type asc", "name desc"] });
    expect(page.content).toHaveLength(5);
    expect(page.totalElements).toBe(SEEDED);
    const keys = page.content.map((r) => [r.type, r.name]);
    const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || b[1].localeCompare(a[1]));
    expect(keys).toEqual(sorted);

    const types = [page.content[0].type];
    const filtered = await client.listResources({ resourceTypes: [...types, "No.Such.Type"], top: 200 });
    expect(filtered.content.length).toBeGreaterThan(0);
    for (const resource of filtered.content) expect(resource.type).toBe(types[0]);

    const log = await server.requests();
    const calls = log.entries.filter((entry) => entry.path === "/deployment/api/resources");
    expect(calls[0].query).toBe("$orderby=type%20asc&$orderby=name%20desc&$top=5");
    expect(calls[1].query).toContain(`resourceTypes=${encodeURIComponent(types[0])},No.Such.Type`);
  });

  it("sends no apiVersion on resource calls unless one is configured", async () => {
    await client.listResources({ top: 1 });
    const pinned = clientFor({ ...adminSettings(server), "vra:deploymentApiVersion": "2020-08-25" });
    try {
      await pinned.listResources({ top: 1 });
    } finally {
      await pinned.close();
    }
    const calls = (await server.requests()).entries.filter(
      (entry) => entry.path === "/deployment/api/resources",
    );
    expect(calls.map((call) => call.query.includes("apiVersion"))).toEqual([false, true]);
    expect(calls[1].query).toContain("apiVersion=2020-08-25");
  });

  it("expands the project of listed resources on request", async () => {
    const page = await client.listResources({ top: 2, expand: ["project"] });
    for (const resource of page.content) expect(resource.project?.name).toEqual(expect.any(String));
  });

  it("finds resources by search text", async () => {
    const created = await client.createResource({ name: "needle-in-haystack", type: "Custom.Thing" });
    await settle(server, client, created.requestId);
    const page = await client.listResources({ search: "NEEDLE-in" });
    expect(page.content.map((r) => r.id)).toEqual([created.resourceId]);
  });

  it("walks all pages in order", async () => {
    await server.clearRequests();
    const all = await client.listAllResources({ pageSize: 50 });
    expect(all).toHaveLength(SEEDED);
    expect(new Set(all.map((r) => r.id)).size).toBe(SEEDED);
    const names = all.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await server.requests()).counts["GET /deployment/api/resources"]).toBe(3);
  });

  it("respects skip and top across pages", async () => {
    const everything = await client.listAllResources();
    const window = await client.listAllResources({ skip: 7, top: 61, pageSize: 25 });
    expect(window.map((r) => r.id)).toEqual(everything.slice(7, 68).map((r) => r.id));
  });

  it("lists the resource filters and reads one of them", async () => {
    const filters = await client.getResourceFilters();
    const ids = filters.filters.map((filter) => filter.id);
    expect(ids).toEqual(expect.arrayContaining(["projects", "resourceTypes"]));
    const someType = filters.filters.find((filter) => filter.id === "resourceTypes")?.content[0]?.id;
    expect(someType).toEqual(expect.any(String));
    const narrowed = await client.getResourceFilters({ resourceTypes: [someType as string] });
    const typeFilter = narrowed.filters.find((filter) => filter.id === "resourceTypes");
    expect(typeFilter?.content.map((entry) => entry.id)).toEqual([someType]);
    const types = await client.getResourceFilter("resourceTypes", { top: 3 });
    expect(types.content.length).toBeGreaterThan(0);
    expect(types.content.length).toBeLessThanOrEqual(3);
    expect(types.content[0]).toEqual(expect.objectContaining({ id: expect.any(String) }));
  });

  it("reads a missing request as NotFound", async () => {
    const error = (await rejectionOf(
      client.getRequest("00000000-0000-0000-0000-000000000000"),
    )) as unknown as AriaApiError;
    expect(error.code).toBe("NotFound");
    expect(error.message).toContain("GET /deployment/api/requests/00000000-0000-0000-0000-000000000000");
  });
});
