import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * Refresh of a stack with more endpoints in one project than the provider reads one by one: past the
 * tenth read it answers from the project's listing (provider/endpoint/reads.ts). Through the real
 * CLI: the requests it makes, and that drift and out-of-band deletions show exactly as with GETs.
 */

const COUNT = 24;
const PASSWORD = "e2e-Many-Passw0rd";

jest.setTimeout(600_000);

let stack: E2EStack;
let client: AriaClient;
let ids: string[];

beforeAll(async () => {
  stack = await openStack({ program: "test/e2e/programs/endpoint-many" });
  stack.setConfig("url", stack.url);
  stack.setConfig("count", String(COUNT));
  stack.setConfig("password", { value: PASSWORD, secret: true });
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

/** The requests that read endpoints: GETs by id and listing pages. */
async function reads(): Promise<Record<string, number>> {
  const { counts } = await stack.requests();
  return Object.fromEntries(
    Object.entries(counts).filter(([route]) => /^GET \/pipeline\/api\/endpoints(\/\{id\})?$/.test(route)),
  );
}

describe("refresh of many endpoints in one project", () => {
  it("creates them", async () => {
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: COUNT + 1 });
    ids = up.outputs!.ids.value as string[];
    expect(ids).toHaveLength(COUNT);
  });

  it("refreshes with no change: ten GETs, then one page of the project's listing for the rest", async () => {
    await stack.resetRequests();
    const refresh = expectOk(await stack.refresh({ skipPreview: true }));
    expect(changes(refresh)).toEqual({});
    expect(await reads()).toEqual({
      "GET /pipeline/api/endpoints/{id}": 10,
      "GET /pipeline/api/endpoints": 1,
    });
  });

  it("shows every change and deletion made out of band, whichever way each endpoint was read", async () => {
    for (const id of ids) {
      const current = await client.getEndpoint(id);
      await client.updateEndpoint(id, {
        name: current.name,
        type: current.type,
        project: current.project ?? undefined,
        description: "changed by hand",
        properties: current.properties,
      });
    }
    await client.deleteEndpoint(ids[3]);
    await client.deleteEndpoint(ids[COUNT - 2]);
    await stack.resetRequests();
    const refresh = expectOk(await stack.refresh({ skipPreview: true }));
    expect(changes(refresh)).toEqual({ update: COUNT - 2, delete: 2 });
    expect(refresh.stdout).not.toContain(PASSWORD);
    const read = await reads();
    expect(read["GET /pipeline/api/endpoints"]).toBe(1);
    // Ten reads before the listing, plus a GET for a deleted one the listing did not have (404).
    expect(read["GET /pipeline/api/endpoints/{id}"]).toBeGreaterThanOrEqual(10);
    expect(read["GET /pipeline/api/endpoints/{id}"]).toBeLessThanOrEqual(12);
  });

  it("converges on up, and previews and refreshes no change after", async () => {
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 2, update: COUNT - 2 });
    // The two created bear their resource's mark until their first update: the client reads it apart.
    const listed = await client.listAllEndpoints();
    for (const endpoint of listed) expect(endpoint.description).toBe("declared");
    expect(listed.filter((endpoint) => endpoint.createdFor !== undefined)).toHaveLength(2);
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expect(changes(expectOk(await stack.refresh()))).toEqual({});
  });

  it("destroys them", async () => {
    expect(changes(expectOk(await stack.destroy()))).toEqual({ delete: COUNT + 1 });
    expect(await client.listAllEndpoints()).toEqual([]);
  });
});
