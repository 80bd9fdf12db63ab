import { PROJECTS } from "../../emulator";
import { AriaClient, createClient, resolveClientConfig, ResourceListQuery } from "../../provider/client";
import { changes, E2EStack, expectOk, openStack, OpResult } from "../support/program-stack";

/*
 * The resource lookups run by a real program (programs/deployment-lookups) during `preview` and
 * `up`, over the emulator's 300 seeded resources; every exported result is compared with what the
 * API answers to the test's own client.
 */

jest.setTimeout(10 * 60_000);

const SEEDED = 300;
const TAIL_SKIP = 295;
const platform = PROJECTS.find((p) => p.name === "Platform")!.id;

let stack: E2EStack;
let client: AriaClient;
let up: OpResult;

beforeAll(async () => {
  stack = await openStack({
    program: "test/e2e/programs/deployment-lookups",
    config: { platformProjectId: platform, tailSkip: String(TAIL_SKIP) },
    emulatorOptions: { seedResources: SEEDED },
  });
  client = createClient(
    resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": "admin-refresh-token" }, {}),
  );
  expectOk(await stack.preview());
  up = expectOk(await stack.up());
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

interface Summary {
  count: number;
  totalElements: number;
  names: string[];
}

function exported<T = Summary>(name: string): T {
  return up.outputs?.[name]?.value as T;
}

/** What the API answers for a query, fetched in one request with a large `$top`. */
async function direct(query: ResourceListQuery): Promise<Summary> {
  const { skip = 0, top, ...rest } = query;
  const page = await client.listResources({ ...rest, skip, top: top ?? 1000 });
  return {
    count: page.content.length,
    totalElements: page.totalElements ?? -1,
    names: page.content.map((r) => r.name),
  };
}

describe("resource lookups in a program", () => {
  it("run during preview and up, creating nothing but the stack", () => {
    expect(changes(up)).toEqual({ create: 1 });
    expect(Object.keys(up.outputs ?? {})).toEqual(expect.arrayContaining(["all", "one", "topTags"]));
  });

  it("list every page when no top is given", async () => {
    expect(exported("all")).toEqual(await direct({}));
    expect(exported("all").count).toBe(SEEDED);
  });

  it.each([
    ["byProject", { projects: [platform] }],
    ["byTypes", { resourceTypes: ["Cloud.AWS.S3.Bucket", "Cloud.GCP.Machine"] }],
    ["byCloudAccount", { cloudAccounts: ["aws-main"] }],
    ["byCloudTypes", { cloudTypes: ["azure", "nsxt"] }],
    ["byTags", { tags: ["tier:gold"] }],
    ["bySearch", { search: "billing" }],
    [
      "combined",
      { projects: [platform], cloudTypes: ["vsphere"], tags: ["env:prod"], orderBy: ["createdAt desc"] },
    ],
  ])("filter: %s", async (name, query) => {
    const expected = await direct(query);
    expect(expected.count).toBeGreaterThan(0);
    expect(expected.count).toBeLessThan(SEEDED);
    expect(exported(name)).toEqual(expected);
  });

  it("order by several criteria", async () => {
    expect(exported("ordered")).toEqual(await direct({ orderBy: ["type desc", "name asc"], top: 5 }));
    expect(exported("ordered").count).toBe(5);
  });

  it("page: the tail past a skip, exactly one page, many pages, and an empty result", async () => {
    expect(exported("tail")).toEqual(await direct({ skip: TAIL_SKIP }));
    expect(exported("tail").count).toBe(SEEDED - TAIL_SKIP);
    expect(exported("onePage")).toEqual(await direct({ top: 100 }));
    expect(exported("onePage").count).toBe(100);
    expect(exported("manyPages")).toEqual(await direct({ skip: 20, top: 250, orderBy: ["name desc"] }));
    expect(exported("manyPages").count).toBe(250);
    expect(exported("empty")).toEqual({ count: 0, totalElements: 0, names: [] });
  });

  it("get one resource by an id taken from another lookup's Output, expanded", async () => {
    const first = (await client.listResources({ top: 1 })).content[0];
    const expanded = await client.getResource(first.id, ["project", "deployment"]);
    expect(exported("one")).toEqual({
      id: first.id,
      name: first.name,
      projectName: expanded.project?.name,
      deploymentId: first.deploymentId,
    });
  });

  it("read an existing resource with DeploymentResource.get", async () => {
    const first = (await client.listResources({ top: 1 })).content[0];
    expect(exported("existingResource")).toEqual({
      id: first.id,
      name: first.name,
      type: first.type,
      projectName: (await client.getResource(first.id, ["project"])).project?.name,
    });
  });

  it("list the resource filters and the values of one", async () => {
    expect(exported("filterIds")).toEqual(
      ["cloudAccounts", "cloudTypes", "origin", "projects", "resourceTypes", "tags"].sort(),
    );
    const s3 = await client.getResourceFilters({ resourceTypes: ["Cloud.AWS.S3.Bucket"] });
    expect(exported("s3Projects")).toEqual(
      s3.filters.find((f) => f.id === "projects")?.content.map((e) => ({ id: e.id, count: e.count })),
    );
    const tags = await client.getResourceFilter("tags", { orderBy: ["count desc", "name asc"], top: 3 });
    expect(exported("topTags")).toEqual({
      entries: tags.content.map((e) => ({ id: e.id, count: e.count })),
      totalElements: tags.totalElements,
    });
    expect(exported("envTags")).toEqual(["env:dev", "env:prod", "env:test"]);
  });

  it("a second preview shows no changes", async () => {
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });
});
