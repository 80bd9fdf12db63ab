import { deepEqual } from "../../../provider/core/json";
import { diffEndpoint } from "../../../provider/endpoint/diff";
import { UNKNOWN } from "../../../provider/common/unknowns";

/** Old state as stored after a create: the server's view of the declared fields plus computed outputs. */
const olds = {
  __provider: "old serialised provider",
  endpointId: "ep-1",
  name: "ci",
  type: "jenkins",
  project: "Platform",
  projectId: "proj-1",
  description: "",
  isRestricted: false,
  properties: { url: "https://jenkins.example.com", pollInterval: 10 },
  secretProperties: { password: "s3cret" },
  createdAt: "2024-01-01 10:00:00.000000+00",
  link: "/pipeline/api/endpoints/ep-1",
};

const news = (changes: Record<string, unknown> = {}) => ({
  __provider: "new serialised provider",
  name: "ci",
  type: "jenkins",
  project: "Platform",
  description: "",
  isRestricted: false,
  properties: { url: "https://jenkins.example.com", pollInterval: 10 },
  secretProperties: { password: "s3cret" },
  ...changes,
});

describe("diffEndpoint", () => {
  it("reports no change for the same inputs, whatever the serialised provider", () => {
    expect(diffEndpoint(olds, news())).toEqual({
      changes: false,
      changedFields: [],
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("ignores validate and adopt, which the server does not store", () => {
    expect(diffEndpoint(olds, news({ validate: false, adopt: true })).changes).toBe(false);
  });

  it.each([
    ["name", { name: "ci-renamed" }],
    ["description", { description: "Jenkins of the platform team" }],
    ["isRestricted", { isRestricted: true }],
    ["cloudProxyId", { cloudProxyId: "proxy-1" }],
    ["properties", { properties: { url: "https://jenkins.example.com", pollInterval: 20 } }],
    ["secretProperties", { secretProperties: { password: "rotated" } }],
  ])("updates %s in place", (field, change) => {
    expect(diffEndpoint(olds, news(change))).toEqual({
      changes: true,
      changedFields: [field],
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("lists every changed field in a stable order", () => {
    const result = diffEndpoint(olds, news({ description: "x", name: "y", secretProperties: {} }));
    expect(result.changedFields).toEqual(["name", "description", "secretProperties"]);
  });

  it("replaces on a type change, deleting first because the (project, name) would collide", () => {
    expect(diffEndpoint(olds, news({ type: "git" }))).toEqual({
      changes: true,
      changedFields: ["type"],
      replaces: ["type"],
      deleteBeforeReplace: true,
    });
  });

  it("replaces on a project change without deleting first: the new (project, name) is free", () => {
    const result = diffEndpoint(olds, news({ project: "Payments" }));
    expect(result.replaces).toEqual(["project"]);
    expect(result.deleteBeforeReplace).toBe(false);
  });

  it("creates the replacement first when the name changes too", () => {
    const result = diffEndpoint(olds, news({ type: "git", name: "ci-git" }));
    expect(result.replaces).toEqual(["type"]);
    expect(result.changedFields).toEqual(["name", "type"]);
    expect(result.deleteBeforeReplace).toBe(false);
  });

  it("treats an omitted project or cloud proxy as the server's", () => {
    const { project: _p, ...withoutProject } = news();
    expect(diffEndpoint({ ...olds, cloudProxyId: "proxy-1" }, withoutProject).changes).toBe(false);
  });

  it("treats an omitted description, restriction or bag as its default", () => {
    const sparse = { name: "ci", type: "jenkins", project: "Platform" };
    const result = diffEndpoint(olds, sparse);
    expect(result.changedFields).toEqual(["properties", "secretProperties"]);
    expect(diffEndpoint({ ...olds, properties: {}, secretProperties: {} }, sparse).changes).toBe(false);
  });

  describe("with unknown values", () => {
    it("counts an unknown value as a change", () => {
      expect(diffEndpoint(olds, news({ description: UNKNOWN })).changedFields).toEqual(["description"]);
      expect(
        diffEndpoint(olds, news({ properties: { url: UNKNOWN, pollInterval: 10 } })).changedFields,
      ).toEqual(["properties"]);
    });

    it("counts an unknown type or project as a replacement, deleting first unless the name surely changes", () => {
      const unknownType = diffEndpoint(olds, news({ type: UNKNOWN }));
      expect(unknownType.replaces).toEqual(["type"]);
      expect(unknownType.deleteBeforeReplace).toBe(true);
      const unknownProject = diffEndpoint(olds, news({ project: UNKNOWN }));
      expect(unknownProject.replaces).toEqual(["project"]);
      expect(unknownProject.deleteBeforeReplace).toBe(true);
      expect(diffEndpoint(olds, news({ project: UNKNOWN, name: "other" })).deleteBeforeReplace).toBe(false);
    });

    it("deletes first when the name is unknown: it may stay the same", () => {
      expect(diffEndpoint(olds, news({ type: "git", name: UNKNOWN })).deleteBeforeReplace).toBe(true);
    });
  });
});

describe("deepEqual", () => {
  it("compares JSON structurally, ignoring key order and undefined members", () => {
    expect(deepEqual({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: "1" })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});
