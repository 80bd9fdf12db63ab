import { EndpointReads, type EndpointReadApi } from "../../../provider/endpoint/reads";
import type { Endpoint, EndpointListQuery } from "../../../provider/client";
import { FakeClock } from "../../support/clock";
import { apiEndpoint, apiError } from "./fakes";

/** A server holding `count` endpoints in project Platform (ep-0 …) and two in Other. */
function server(count: number, options: { pageCap?: number } = {}) {
  const endpoints = new Map<string, Endpoint>();
  for (let i = 0; i < count; i++) {
    const id = `ep-${i}`;
    endpoints.set(id, apiEndpoint({ id, name: `e${i}`, _link: `/pipeline/api/endpoints/${id}` }));
  }
  for (const id of ["other-1", "other-2"]) endpoints.set(id, apiEndpoint({ id, project: "Other" }));
  const getEndpoint = jest.fn(async (id: string) => {
    const found = endpoints.get(id);
    if (!found) throw apiError("NotFound", 404);
    return found;
  });
  const listEndpoints = jest.fn(async (query: EndpointListQuery = {}) => {
    const match = /^project eq '(.*)'$/.exec(query.filter ?? "");
    const all = [...endpoints.values()].filter((e) => !match || e.project === match[1].replace(/''/g, "'"));
    const top = Math.min(query.top ?? 25, options.pageCap ?? Infinity);
    const items = all.slice(query.skip ?? 0, (query.skip ?? 0) + top);
    return { count: items.length, totalCount: all.length, items };
  });
  const api: EndpointReadApi = { getEndpoint, listEndpoints } as unknown as EndpointReadApi;
  return { endpoints, getEndpoint, listEndpoints, api };
}

const readAll = (reads: EndpointReads, ids: string[], project = "Platform") =>
  Promise.all(ids.map((id) => reads.read(id, project)));

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `ep-${from + i}`);

describe("EndpointReads", () => {
  it("reads a few endpoints with one GET each and never lists", async () => {
    const s = server(500);
    const reads = new EndpointReads(() => s.api, new FakeClock());
    const got = await readAll(reads, ids(0, 10));
    expect(got.map((e) => e.id)).toEqual(ids(0, 10));
    expect(s.getEndpoint).toHaveBeenCalledTimes(10);
    expect(s.listEndpoints).not.toHaveBeenCalled();
  });

  it("answers the reads past the tenth from pages of the project's listing", async () => {
    const s = server(250);
    const reads = new EndpointReads(() => s.api, new FakeClock());
    const got = await readAll(reads, ids(0, 250));
    expect(got.map((e) => e.id)).toEqual(ids(0, 250));
    expect(got[42]).toBe(s.endpoints.get("ep-42"));
    expect(s.getEndpoint).toHaveBeenCalledTimes(10);
    expect(s.listEndpoints.mock.calls.map(([q]) => q)).toEqual([
      { filter: "project eq 'Platform'", skip: 0, top: 100 },
      { filter: "project eq 'Platform'", skip: 100, top: 100 },
      { filter: "project eq 'Platform'", skip: 200, top: 100 },
    ]);
  });

  it("walks pages by what the server gave when it caps the page size", async () => {
    const s = server(120, { pageCap: 50 });
    const reads = new EndpointReads(() => s.api, new FakeClock());
    await readAll(reads, ids(0, 120));
    expect(s.listEndpoints.mock.calls.map(([q]) => q?.skip)).toEqual([0, 50, 100]);
    expect(s.getEndpoint).toHaveBeenCalledTimes(10);
  });

  it("quotes the project name in the filter", async () => {
    const s = server(0);
    for (let i = 0; i < 12; i++)
      s.endpoints.set(`q-${i}`, apiEndpoint({ id: `q-${i}`, project: "Bob's team" }));
    const reads = new EndpointReads(() => s.api, new FakeClock());
    await readAll(
      reads,
      Array.from({ length: 12 }, (_, i) => `q-${i}`),
      "Bob's team",
    );
    expect(s.listEndpoints).toHaveBeenCalledWith({ filter: "project eq 'Bob''s team'", skip: 0, top: 100 });
    expect(s.getEndpoint).toHaveBeenCalledTimes(10);
  });

  it("reads with GET what the listing does not have, so a deleted endpoint is a 404", async () => {
    const s = server(30);
    const reads = new EndpointReads(() => s.api, new FakeClock());
    await readAll(reads, ids(0, 11));
    s.endpoints.delete("ep-20");
    await expect(reads.read("ep-20", "Platform")).resolves.toMatchObject({ id: "ep-20" });
    // Listed before the deletion, so answered from the listing; a second read of it asks the server.
    await expect(reads.read("ep-20", "Platform")).rejects.toMatchObject({ status: 404 });
    await expect(reads.read("gone", "Platform")).rejects.toMatchObject({ status: 404 });
  });

  it("does not answer for an endpoint of another project, even when the server ignores the filter", async () => {
    const s = server(20);
    s.listEndpoints.mockImplementation(async () => ({
      count: 22,
      totalCount: 22,
      items: [...s.endpoints.values()],
    }));
    const reads = new EndpointReads(() => s.api, new FakeClock());
    await readAll(reads, ids(0, 11));
    s.getEndpoint.mockClear();
    await reads.read("other-1", "Platform");
    expect(s.getEndpoint).toHaveBeenCalledWith("other-1");
  });

  it("keeps one GET per endpoint for a few reads in a large project, and lists once the reads make it worth it", async () => {
    const s = server(2000);
    const reads = new EndpointReads(() => s.api, new FakeClock());
    await readAll(reads, ids(0, 15));
    // 20 pages against 11 reads: only the first page is asked for, and answers the reads it has.
    expect(s.listEndpoints).toHaveBeenCalledTimes(1);
    expect(s.getEndpoint).toHaveBeenCalledTimes(10);
    s.listEndpoints.mockClear();
    // Reads 16 to 20 are GETs; the 21st outnumbers the 20 pages, and the project is listed.
    await readAll(reads, ids(15, 400));
    expect(s.getEndpoint).toHaveBeenCalledTimes(15);
    expect(s.listEndpoints).toHaveBeenCalledTimes(20);
  });

  it("falls back to GETs when the listing fails", async () => {
    const s = server(30);
    s.listEndpoints.mockRejectedValue(apiError("Forbidden", 403));
    const reads = new EndpointReads(() => s.api, new FakeClock());
    const got = await readAll(reads, ids(0, 30));
    expect(got.map((e) => e.id)).toEqual(ids(0, 30));
    expect(s.getEndpoint).toHaveBeenCalledTimes(30);
    expect(s.listEndpoints).toHaveBeenCalledTimes(1);
  });

  it("reads without a project with GET", async () => {
    const s = server(30);
    const reads = new EndpointReads(() => s.api, new FakeClock());
    await Promise.all(ids(0, 30).map((id) => reads.read(id, undefined)));
    expect(s.getEndpoint).toHaveBeenCalledTimes(30);
    expect(s.listEndpoints).not.toHaveBeenCalled();
  });

  it("forgets its listings on a write, and after maxAgeMs", async () => {
    const clock = new FakeClock();
    const s = server(40);
    const reads = new EndpointReads(() => s.api, clock);
    await readAll(reads, ids(0, 11));
    expect(s.listEndpoints).toHaveBeenCalledTimes(1);
    s.endpoints.set("ep-30", apiEndpoint({ id: "ep-30", description: "changed" }));
    reads.forget();
    await expect(reads.read("ep-30", "Platform")).resolves.toMatchObject({ description: "changed" });
    await readAll(reads, ids(0, 10));
    expect(s.listEndpoints).toHaveBeenCalledTimes(2);
    s.endpoints.set("ep-31", apiEndpoint({ id: "ep-31", description: "changed" }));
    clock.advance(10_001);
    await expect(reads.read("ep-31", "Platform")).resolves.toMatchObject({ description: "changed" });
    expect(s.listEndpoints).toHaveBeenCalledTimes(2);
  });
});
