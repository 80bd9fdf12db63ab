import { deepEqual } from "../../../provider/core/json";
import { diffEndpoint } from "../../../provider/endpoint/diff";
import { UNKNOWN } from "../../../provider/common/unknowns";
import { DECLARED_ENDPOINT } from "./fakes";

/** Old state as stored after a create: the server's view of the declared fields plus computed outputs. */
const olds = {
  __provider: "old serialised provider",
  endpointId: "ep-1",
  ...DECLARED_ENDPOINT,
  projectId: "proj-1",
  createdAt: "2024-01-01 10:00:00.000000+00",
  link: "/pipeline/api/endpoints/ep-1",
};

const news = (changes: Record<string, unknown> = {}) => ({
  __provider: "new serialised provider",
  ...DECLARED_ENDPOINT,
  ...changes,
});

describe("diffEndpoint", () => {
  it("reports no change for the same inputs, whatever the serialised provider", () => {
    expect(diffEndpoint(olds, news())).toEqual({
      changes: false,
      changedFields: [],
      replaces: [],
      deleteBeforeReplace: false,
      detailedDiff: {},
    });
  });

  it("ignores validate and adopt, which the server does not store", () => {
    expect(diffEndpoint(olds, news({ validate: false, adopt: true })).changes).toBe(false);
  });

  it.each([
    ["name", { name: "ci-renamed" }, { name: "update" }],
    ["description", { description: "Jenkins of the platform team" }, { description: "update" }],
    ["isRestricted", { isRestricted: true }, { isRestricted: "update" }],
    ["cloudProxyId", { cloudProxyId: "proxy-1" }, { cloudProxyId: "add" }],
    [
      "properties",
      { properties: { url: "https://jenkins.example.com", pollInterval: 20 } },
      { "properties.pollInterval": "update" },
    ],
    [
      "secretProperties",
      { secretProperties: { password: "rotated" } },
      { "secretProperties.password": "update" },
    ],
  ])("updates %s in place, naming the changed path", (field, change, detailedDiff) => {
    expect(diffEndpoint(olds, news(change))).toEqual({
      changes: true,
      changedFields: [field],
      replaces: [],
      deleteBeforeReplace: false,
      detailedDiff,
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
      detailedDiff: { type: "update-replace" },
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

    it("names an unknown value's path, or its bag's when the whole bag is unknown", () => {
      expect(
        diffEndpoint(olds, news({ properties: { url: UNKNOWN, pollInterval: 10 } })).detailedDiff,
      ).toEqual({
        "properties.url": "update",
      });
      expect(diffEndpoint(olds, news({ secretProperties: UNKNOWN })).detailedDiff).toEqual({
        secretProperties: "update",
      });
      expect(diffEndpoint(olds, news({ project: UNKNOWN })).detailedDiff).toEqual({
        project: "update-replace",
      });
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

describe("diffEndpoint's detailed diff", () => {
  it("names a secret's rotation as an update of its path, and never a value", () => {
    const result = diffEndpoint(olds, news({ secretProperties: { password: "rotated-s3cret" } }));
    expect(result.detailedDiff).toEqual({ "secretProperties.password": "update" });
    expect(JSON.stringify(result)).not.toMatch(/s3cret/);
  });

  it("names added and deleted keys of the bags, in Pulumi's bracket form where a key needs it", () => {
    const result = diffEndpoint(
      olds,
      news({
        properties: { url: "https://jenkins.example.com", "api-key.id": "k1" },
        secretProperties: { password: "s3cret", 'say "hi"': "x" },
      }),
    );
    expect(result.detailedDiff).toEqual({
      "properties.pollInterval": "delete",
      'properties["api-key.id"]': "add",
      'secretProperties["say \\"hi\\""]': "add",
    });
  });

  it("names the replacing field with a replace kind and the others with plain ones", () => {
    const result = diffEndpoint(olds, news({ project: "Payments", description: "moved" }));
    expect(result.detailedDiff).toEqual({ project: "update-replace", description: "update" });
  });

  it("marks a field set for the first time as added and one left out as deleted", () => {
    expect(
      diffEndpoint({ ...olds, description: undefined }, news({ description: "x" })).detailedDiff,
    ).toEqual({
      description: "add",
    });
    expect(
      diffEndpoint({ ...olds, description: "x" }, news({ description: undefined })).detailedDiff,
    ).toEqual({
      description: "delete",
    });
    expect(diffEndpoint({ ...olds, properties: undefined }, news()).detailedDiff).toEqual({
      "properties.url": "add",
      "properties.pollInterval": "add",
    });
  });

  it("never names an output-only field, however the state's outputs differ", () => {
    const result = diffEndpoint({ ...olds, createdAt: "later", link: "/elsewhere" }, news({ name: "x" }));
    expect(Object.keys(result.detailedDiff)).toEqual(["name"]);
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
