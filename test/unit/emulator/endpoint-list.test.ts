import { listEndpoints } from "../../../emulator/pipeline/endpoint-list";
import { EndpointStore, type StoredEndpoint } from "../../../emulator/pipeline/endpoint-store";

function endpoint(id: string, name: string, project = "Default Project", type = "jenkins"): StoredEndpoint {
  return {
    id,
    name,
    project,
    projectId: `p-${project}`,
    type,
    description: "",
    isRestricted: false,
    properties: {},
    createdMicros: Number(id) * 1000,
    updatedMicros: Number(id) * 1000,
    createdBy: "admin",
    updatedBy: "admin",
  };
}

interface Listed {
  count: number;
  totalCount: number;
  links: string[];
  documents: Record<string, Record<string, unknown>>;
}

const list = (store: EndpointStore, query: Record<string, string>) =>
  listEndpoints(store, new URLSearchParams(query)) as unknown as Listed;

describe("endpoint listing", () => {
  const store = new EndpointStore();
  for (const [i, name] of ["alpha", "beta", "gamma", "delta"].entries())
    store.put(endpoint(String(i + 1), name));
  store.put(endpoint("5", "alpha", "Platform", "git"));

  it("orders by name descending by default, ties by id", () => {
    expect(list(store, {}).links).toEqual([
      "/pipeline/api/endpoints/3",
      "/pipeline/api/endpoints/4",
      "/pipeline/api/endpoints/2",
      "/pipeline/api/endpoints/1",
      "/pipeline/api/endpoints/5",
    ]);
  });

  it("pages with $top/$skip, page/$size and their bare names", () => {
    expect(list(store, { $orderby: "name asc", $top: "2", $skip: "1" }).documents).toEqual({
      "/pipeline/api/endpoints/5": expect.objectContaining({ name: "alpha", project: "Platform" }),
      "/pipeline/api/endpoints/2": expect.objectContaining({ name: "beta" }),
    });
    expect(list(store, { orderby: "createdAt", page: "1", $size: "2" }).links).toEqual([
      "/pipeline/api/endpoints/3",
      "/pipeline/api/endpoints/4",
    ]);
    expect(list(store, { top: "1", skip: "4", orderby: "createdAt asc" }).links).toEqual([
      "/pipeline/api/endpoints/5",
    ]);
  });

  it("answers an empty page with the right totalCount past the end and for top 0", () => {
    expect(list(store, { $skip: "99" })).toEqual({ count: 0, totalCount: 5, links: [], documents: {} });
    expect(list(store, { $top: "0" })).toMatchObject({ count: 0, totalCount: 5 });
    expect(list(store, { $top: "99999999999999999999" })).toMatchObject({ count: 5, totalCount: 5 });
  });

  it("uses the indexes for name and project equality and still applies the whole filter", () => {
    expect(list(store, { $filter: "name eq 'alpha'" }).totalCount).toBe(2);
    expect(list(store, { $filter: "name eq 'alpha' and project eq 'Platform'" }).links).toEqual([
      "/pipeline/api/endpoints/5",
    ]);
    expect(list(store, { $filter: "name eq 'alpha' and type eq 'jenkins'" }).links).toEqual([
      "/pipeline/api/endpoints/1",
    ]);
    expect(list(store, { filter: "id eq '3'" }).links).toEqual(["/pipeline/api/endpoints/3"]);
  });

  it("keeps indexes right across renames and deletions", () => {
    const local = new EndpointStore();
    local.put(endpoint("1", "old"));
    local.put({ ...endpoint("1", "new"), project: "Payments" });
    expect(local.findByName("Default Project", "old")).toBeUndefined();
    expect(list(local, { $filter: "project eq 'Payments'" }).totalCount).toBe(1);
    local.remove("1");
    expect(list(local, { $filter: "name eq 'new'" }).totalCount).toBe(0);
  });

  it("rejects bad paging, ordering and filters naming them", () => {
    expect(() => list(store, { $top: "-1" })).toThrow(
      "Invalid value '-1' for $top: expected a non-negative integer",
    );
    expect(() => list(store, { $orderby: "colour desc" })).toThrow(/unknown field 'colour'/);
    expect(() => list(store, { $orderby: "name sideways" })).toThrow(/expected '<field> \[asc\|desc\]'/);
    expect(() => list(store, { $filter: "name eq" })).toThrow(/^Invalid \$filter 'name eq': /);
  });
});
