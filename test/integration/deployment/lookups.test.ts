import * as pulumi from "@pulumi/pulumi";
import type { Resource } from "../../../provider/client";
import {
  getResource,
  getResourceFilter,
  getResourceFilterOutput,
  getResourceFilters,
  getResourceOutput,
  getResources,
  getResourcesOutput,
} from "../../../provider";
import { LOOKUP_PAGE_SIZE } from "../../../provider/deployment/lookups";
import { resetRuntimeContext } from "../../../provider/runtime/context";
import { startServer, TestServer } from "../client/harness";

/*
 * The resource lookups, as a program calls them (through the program's client, configured from the
 * VRA_* environment), over the emulator's few hundred seeded resources.
 */

const SEEDED = 300;
const LIST = "GET /deployment/api/resources";
const FILTER = "GET /deployment/api/resources/filters/{filterId}";

const saved = { url: process.env.VRA_URL, token: process.env.VRA_REFRESH_TOKEN };

async function useServer(server: TestServer): Promise<void> {
  await resetRuntimeContext();
  process.env.VRA_URL = server.url;
  process.env.VRA_REFRESH_TOKEN = "admin-refresh-token";
}

function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((value) => resolve(value as T)));
}

const names = (resources: Resource[]) => resources.map((r) => r.name);

/** Sorted copy by the given comparators in turn. */
function sortedBy<T>(items: T[], ...compare: Array<(a: T, b: T) => number>): T[] {
  return [...items].sort((a, b) => {
    for (const c of compare) {
      const r = c(a, b);
      if (r !== 0) return r;
    }
    return 0;
  });
}
const byKey =
  <T>(key: (t: T) => string | number, sign = 1) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0;

afterAll(async () => {
  await resetRuntimeContext();
  process.env.VRA_URL = saved.url;
  process.env.VRA_REFRESH_TOKEN = saved.token;
  if (saved.url === undefined) delete process.env.VRA_URL;
  if (saved.token === undefined) delete process.env.VRA_REFRESH_TOKEN;
});

describe("resource lookups over a few hundred seeded resources", () => {
  let server: TestServer;
  let all: Resource[];

  beforeAll(async () => {
    server = await startServer({ seedResources: SEEDED });
    await useServer(server);
    all = (await getResources()).resources;
  });

  afterAll(async () => {
    await resetRuntimeContext();
    await server.close();
  });

  beforeEach(async () => {
    await useServer(server);
    await server.clearRequests();
  });

  it("fetches every page when no top is given, in the default order, without duplicates", async () => {
    const result = await getResources();
    expect(result.totalElements).toBe(SEEDED);
    expect(result.resources).toHaveLength(SEEDED);
    expect(new Set(result.resources.map((r) => r.id)).size).toBe(SEEDED);
    expect(names(result.resources)).toEqual(
      names(
        sortedBy(
          result.resources,
          byKey((r) => r.name),
        ),
      ),
    );
    expect((await server.requests()).counts[LIST]).toBe(Math.ceil(SEEDED / LOOKUP_PAGE_SIZE));
  });

  it("keeps the requested order across pages with several sort criteria", async () => {
    const { resources } = await getResources({ orderBy: ["type asc", "name desc"] });
    expect(resources).toHaveLength(SEEDED);
    const expected = sortedBy(
      all,
      byKey((r) => r.type),
      byKey((r) => r.name, -1),
    );
    expect(names(resources)).toEqual(names(expected));
  });

  it("pages from skip to the end when only skip is given", async () => {
    const { resources, totalElements } = await getResources({ skip: 250 });
    expect(totalElements).toBe(SEEDED);
    expect(names(resources)).toEqual(names(all.slice(250)));
    expect((await server.requests()).counts[LIST]).toBe(1);
  });

  it("returns exactly top resources from skip, across pages when top exceeds a page", async () => {
    const { resources } = await getResources({ skip: 10, top: 150 });
    expect(names(resources)).toEqual(names(all.slice(10, 160)));
    expect((await server.requests()).counts[LIST]).toBe(2);
  });

  it("answers one request for a top within one page", async () => {
    const { resources, totalElements } = await getResources({ top: 7, orderBy: ["createdAt desc"] });
    expect(resources).toHaveLength(7);
    expect(totalElements).toBe(SEEDED);
    expect((await server.requests()).counts[LIST]).toBe(1);
  });

  it("answers an empty result for a skip past the end and for a search that matches nothing", async () => {
    expect((await getResources({ skip: SEEDED + 5 })).resources).toEqual([]);
    const none = await getResources({ search: "no-such-resource-anywhere" });
    expect(none).toEqual({ resources: [], totalElements: 0 });
  });

  it("filters by each project, matching the counts of the projects filter", async () => {
    const { entries } = await getResourceFilter({ filterId: "projects" });
    expect(entries).toHaveLength(3);
    let sum = 0;
    for (const entry of entries) {
      const { resources, totalElements } = await getResources({ projects: [entry.id] });
      expect(resources).toHaveLength(entry.count as number);
      expect(totalElements).toBe(entry.count);
      expect(resources.every((r) => r.projectId === entry.id)).toBe(true);
      sum += resources.length;
    }
    expect(sum).toBe(SEEDED);
  });

  it("sends list filters comma-separated, matching any of their values", async () => {
    const [a, b] = (await getResourceFilter({ filterId: "resourceTypes" })).entries;
    const { resources } = await getResources({ resourceTypes: [a.id, b.id] });
    expect(resources).toHaveLength((a.count as number) + (b.count as number));
    const query = (await server.requests()).entries.find((e) => e.route === LIST)?.query ?? "";
    expect(decodeURIComponent(query)).toContain(`resourceTypes=${a.id},${b.id}`);
  });

  it.each([
    ["cloudTypes", "cloudTypes"],
    ["cloudAccounts", "cloudAccounts"],
    ["tags", "tags"],
  ] as const)("filters by %s, matching the filter's counts", async (filterId, arg) => {
    const { entries } = await getResourceFilter({ filterId, orderBy: ["count desc"], top: 2 });
    expect(entries).toHaveLength(2);
    expect(entries[0].count as number).toBeGreaterThanOrEqual(entries[1].count as number);
    for (const entry of entries) {
      const { resources } = await getResources({ [arg]: [entry.id] });
      expect(resources).toHaveLength(entry.count as number);
    }
  });

  it("combines filters of different kinds (all must match) with a search", async () => {
    const { entries: projects } = await getResourceFilter({ filterId: "projects" });
    const payments = projects.find((p) => p.name === "Payments");
    const { resources } = await getResources({
      projects: [payments?.id as string],
      cloudTypes: ["vsphere"],
      tags: ["env:prod"],
      search: "vm-",
    });
    const expected = all.filter(
      (r) =>
        r.projectId === payments?.id &&
        r.type.startsWith("Cloud.vSphere") &&
        JSON.stringify(r.properties?.tags ?? []).includes('"value":"prod"') &&
        r.name.includes("vm-"),
    );
    expect(resources.length).toBeGreaterThan(0);
    expect(names(resources)).toEqual(names(expected));
  });

  it("expands the project and the deployment", async () => {
    const { resources } = await getResources({ top: 3, expand: ["project", "deployment"] });
    for (const r of resources) {
      expect(r.project?.name).toEqual(expect.any(String));
      expect(r.deployment?.id).toBe(r.deploymentId);
    }
  });

  it("gets one resource by id, with and without expansion", async () => {
    const target = all[42];
    const plain = await getResource({ id: target.id });
    expect(plain).toMatchObject({ id: target.id, name: target.name, type: target.type });
    expect(plain.project ?? undefined).toBeUndefined();
    const expanded = await getResource({ id: target.id, expand: ["project", "deployment"] });
    expect(expanded.project?.id).toBe(target.projectId);
  });

  it("fails getResource for an unknown id with the API's not-found message", async () => {
    await expect(getResource({ id: "00000000-0000-0000-0000-000000000000" })).rejects.toMatchObject({
      code: "NotFound",
    });
  });

  it("rejects invalid arguments before calling the API", async () => {
    await expect(getResources({ orderBy: ["name upward"] })).rejects.toThrow(/orderBy\[0\]/);
    expect((await server.requests()).total).toBe(0);
  });

  it("lists the filters, counting only the given resource types", async () => {
    const { filters } = await getResourceFilters();
    expect(filters.map((f) => f.id).sort()).toEqual(
      ["cloudAccounts", "cloudTypes", "origin", "projects", "resourceTypes", "tags"].sort(),
    );
    const total = (id: string, fs: typeof filters) =>
      fs.find((f) => f.id === id)?.content.reduce((n, e) => n + (e.count ?? 0), 0);
    expect(total("projects", filters)).toBe(SEEDED);
    const machines = all.filter((r) => r.type === "Cloud.vSphere.Machine").length;
    const { filters: onlyMachines } = await getResourceFilters({ resourceTypes: ["Cloud.vSphere.Machine"] });
    expect(total("projects", onlyMachines)).toBe(machines);
  });

  it("pages through a filter's values in the requested order, honouring search, skip and top", async () => {
    const full = await getResourceFilter({ filterId: "tags", orderBy: ["name desc"] });
    expect(full.entries.length).toBe(full.totalElements);
    expect(full.entries.map((e) => e.name)).toEqual([...full.entries.map((e) => e.name)].sort().reverse());
    const env = await getResourceFilter({ filterId: "tags", search: "env:" });
    expect(env.entries.map((e) => e.id).sort()).toEqual(["env:dev", "env:prod", "env:test"]);
    const window = await getResourceFilter({ filterId: "tags", orderBy: ["name desc"], skip: 1, top: 2 });
    expect(window.entries).toEqual(full.entries.slice(1, 3));
    const scoped = await getResourceFilter({
      filterId: "resourceTypes",
      resourceTypes: ["Cloud.AWS.S3.Bucket"],
    });
    expect(scoped.entries.map((e) => e.id)).toEqual(["Cloud.AWS.S3.Bucket"]);
    const nothing = await getResourceFilter({ filterId: "tags", search: "nothing-like-this" });
    expect(nothing).toEqual({ filterId: "tags", entries: [], totalElements: 0 });
  });

  it("offers Output forms taking Inputs", async () => {
    const target = all[7];
    const one = await valueOf(getResourceOutput({ id: pulumi.output(target.id) }));
    expect(one.name).toBe(target.name);
    const some = await valueOf(getResourcesOutput({ top: pulumi.output(2) }));
    expect(some.resources).toHaveLength(2);
    const filter = await valueOf(getResourceFilterOutput({ filterId: Promise.resolve("origin") }));
    expect(filter.entries.length).toBeGreaterThan(0);
  });
});

describe("resource lookups at the paging edges", () => {
  it.each([
    [0, 1],
    [1, 1],
    [LOOKUP_PAGE_SIZE - 1, 1],
    [LOOKUP_PAGE_SIZE, 1],
    [LOOKUP_PAGE_SIZE + 1, 2],
  ])("lists all of %i resources in %i request(s)", async (seeded, requests) => {
    const server = await startServer({ seedResources: seeded });
    try {
      await useServer(server);
      const { resources, totalElements } = await getResources();
      expect(resources).toHaveLength(seeded);
      expect(totalElements).toBe(seeded);
      expect((await server.requests()).counts[LIST]).toBe(requests);
      const first = await getResources({ top: LOOKUP_PAGE_SIZE });
      expect(first.resources).toHaveLength(Math.min(seeded, LOOKUP_PAGE_SIZE));
    } finally {
      await resetRuntimeContext();
      await server.close();
    }
  });

  it("lists a filter with no values in one request", async () => {
    const server = await startServer({ seedResources: 0 });
    try {
      await useServer(server);
      expect(await getResourceFilter({ filterId: "projects" })).toEqual({
        filterId: "projects",
        entries: [],
        totalElements: 0,
      });
      expect((await server.requests()).counts[FILTER]).toBe(1);
    } finally {
      await resetRuntimeContext();
      await server.close();
    }
  });
});
