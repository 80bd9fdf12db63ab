import { ResourceInitError, type ResourceKind } from "../../../provider/core/kind";
import { isSecret, Secret, UNKNOWN } from "../../../provider/core/values";
import { dynamicDoor } from "../../../provider/dynamic/door";
import { endpointKind } from "../../../provider/endpoint/provider";
import { ProjectCatalogue } from "../../../provider/endpoint/projects";
import { TileCatalogue } from "../../../provider/endpoint/tiles";
import { apiEndpoint, fakeApi, PROJECTS, TILES } from "../endpoint/fakes";

/** A kind that records what it was given and answers with secret-marked outputs. */
function recordingKind(seen: unknown[]): ResourceKind {
  return {
    check: async (olds, news) => (seen.push(olds, news), { inputs: { ...news, token: new Secret("t") } }),
    diff: async (_id, olds, news) => (seen.push(olds, news), { changes: false }),
    create: async (inputs) => (seen.push(inputs), { id: "x", outs: { token: new Secret("t"), n: 1 } }),
    read: async () => ({}),
    update: async () => ({ outs: { nested: { token: new Secret("t") } } }),
    delete: async (_id, props) => void seen.push(props),
  };
}

describe("the dynamic door", () => {
  it("hides __provider from the kind and unwraps the core's secret marks", async () => {
    const seen: unknown[] = [];
    const door = dynamicDoor(recordingKind(seen));
    const checked = await door.check({ __provider: "p", a: 1 }, { __provider: "p", a: 2 });
    expect(seen).toEqual([{ a: 1 }, { a: 2 }]);
    expect(checked.inputs).toEqual({ a: 2, token: "t" });
    expect(await door.create({ __provider: "p", a: 2 })).toEqual({ id: "x", outs: { token: "t", n: 1 } });
    expect(seen[2]).toEqual({ a: 2 });
    expect((await door.update("x", {}, {})).outs).toEqual({ nested: { token: "t" } });
    await door.delete("x", { __provider: "p", b: UNKNOWN });
    expect(seen[3]).toEqual({ b: UNKNOWN });
  });

  it("answers a diff with what a dynamic provider can carry, leaving the detailed diff out", async () => {
    const kind = recordingKind([]);
    kind.diff = async () => ({
      changes: true,
      replaces: ["project"],
      deleteBeforeReplace: false,
      diffs: ["project"],
      detailedDiff: { project: "update-replace" },
    });
    expect(await dynamicDoor(kind).diff("x", {}, {})).toEqual({
      changes: true,
      replaces: ["project"],
      deleteBeforeReplace: false,
    });
  });

  it("keeps its hidden inputs from the kind: the owner goes to create's context, moved secrets come back as a note", async () => {
    const seen: unknown[] = [];
    const contexts: unknown[] = [];
    const kind = recordingKind(seen);
    kind.check = async (olds, news) => (seen.push(olds, news), { inputs: { ...news }, moved: ["password"] });
    kind.create = async (inputs, context) => (
      seen.push(inputs),
      contexts.push(context),
      { id: "x", outs: {} }
    );
    const door = dynamicDoor(kind);
    const hidden = { __provider: "p", __owner: "urn:a" };
    const stored = { ...hidden, movedSecrets: ["password"], a: 1 };
    const checked = await door.check(stored, { ...hidden, a: 2 });
    expect(seen).toEqual([{ a: 1 }, { a: 2 }]);
    // The owner is kept for create; the engine's shim puts `__provider` back itself.
    expect(checked.inputs).toEqual({ a: 2, movedSecrets: ["password"], __owner: "urn:a" });
    await door.diff("x", stored, { ...hidden, ...checked.inputs });
    expect(seen.slice(2)).toEqual([{ a: 1 }, { a: 2 }]);
    await door.create({ __provider: "p", ...checked.inputs });
    expect(seen[4]).toEqual({ a: 2 });
    expect(contexts).toEqual([{ owner: "urn:a" }]);
    // Without an owner (a stack an earlier release made before the owner existed), none in the context.
    await door.create({ __provider: "p", a: 3 });
    expect(contexts[1]).toEqual({ owner: undefined });
  });

  it("records an unfinished creation with __provider, so the engine can load the provider again", async () => {
    const kind = recordingKind([]);
    kind.create = async () => {
      throw new ResourceInitError("stuck", "r-1", { state: new Secret("s") });
    };
    const error = await dynamicDoor(kind)
      .create({ __provider: "serialised", a: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceInitError);
    expect(error).toMatchObject({ id: "r-1", properties: { state: "s", __provider: "serialised" } });
  });
});

describe("the dynamic door's __owner", () => {
  const OWNER = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/aria:Endpoint::ci";
  const program = {
    __provider: "p",
    __owner: OWNER,
    name: "ci",
    type: "jenkins",
    project: "Platform",
    description: "",
    properties: { url: "https://jenkins.example.com" },
    secretProperties: { password: "s3cret" },
  };
  // What the SDK's dynamic-provider shim adds to what the door answers: `__provider`, from the
  // program's inputs in check, from the stored outputs in create and read.
  const withProvider = (bag: Record<string, unknown> | undefined) => ({ ...bag, __provider: "p" });

  function door() {
    const server = apiEndpoint({ description: ` [pulumi: created for ${OWNER}]` });
    const api = fakeApi({
      getEndpointTiles: jest.fn(async () => TILES),
      listAllProjects: jest.fn(async () => PROJECTS),
      createEndpoint: jest.fn(async () => server),
      getEndpoint: jest.fn(async () => server),
    });
    const tiles = new TileCatalogue(() => api.getEndpointTiles());
    const projects = new ProjectCatalogue(() => api.listAllProjects());
    const warn = jest.fn(async () => undefined);
    return {
      api,
      door: dynamicDoor(
        endpointKind({ api: () => api, validateByDefault: () => false, tiles, projects, warn }),
      ),
    };
  }

  it("is handed to create: a create's check (no old inputs) keeps it", async () => {
    const { api, door: endpoint } = door();
    const checked = await endpoint.check({}, program);
    expect(checked.inputs.__owner).toBe(OWNER);
    await endpoint.create(withProvider(checked.inputs));
    // The client writes the owner mark into the description it sends (provider/client/owner-mark.ts).
    expect(api.createEndpoint.mock.calls[0][1]).toBe(OWNER);
  });

  // The engine writes the whole state for every unchanged resource whose checked inputs differ from
  // its stored ones in anything: an up changing one endpoint of N would cost O(N²).
  it("checks an unchanged endpoint's inputs as they were stored, by a create or by a refresh", async () => {
    const { door: endpoint } = door();
    const created = withProvider((await endpoint.check({}, program)).inputs);
    expect(withProvider((await endpoint.check(created, program)).inputs)).toEqual(created);

    const { id, outs } = await endpoint.create(created);
    const read = await endpoint.read(id, withProvider(outs));
    const refreshed = withProvider(read.inputs);
    expect(refreshed).not.toHaveProperty("__owner"); // the outputs it is rebuilt from have none
    expect(withProvider((await endpoint.check(refreshed, program)).inputs)).toEqual(refreshed);
  });
});

describe("the endpoint kind of the core", () => {
  function kind() {
    const api = fakeApi({
      getEndpointTiles: jest.fn(async () => TILES),
      listAllProjects: jest.fn(async () => PROJECTS),
      createEndpoint: jest.fn(async () => apiEndpoint()),
    });
    const tiles = new TileCatalogue(() => api.getEndpointTiles());
    const projects = new ProjectCatalogue(() => api.listAllProjects());
    const warn = jest.fn(async () => undefined);
    return {
      api,
      warn,
      kind: endpointKind({ api: () => api, validateByDefault: () => false, tiles, projects, warn }),
    };
  }
  const news = (properties: Record<string, unknown>) => ({
    name: "ci",
    type: "jenkins",
    project: "Platform",
    properties,
    secretProperties: new Secret({}),
  });

  it("marks secretProperties secret in checked inputs and outputs", async () => {
    const { kind: endpoint } = kind();
    const checked = await endpoint.check({}, news({ url: "https://jenkins.example.com" }));
    expect(checked.failures ?? []).toEqual([]);
    expect(isSecret(checked.inputs.secretProperties)).toBe(true);
    const created = await endpoint.create(checked.inputs);
    expect(isSecret(created.outs.secretProperties)).toBe(true);
  });

  it("moves a value the program marked secret out of the plain properties, without a warning", async () => {
    const { kind: endpoint, warn } = kind();
    const checked = await endpoint.check(
      {},
      news({ url: "https://jenkins.example.com", username: new Secret("team-a") }),
    );
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs.properties).toEqual({ url: "https://jenkins.example.com" });
    expect((checked.inputs.secretProperties as Secret).value).toEqual({ username: "team-a" });
    expect(warn).not.toHaveBeenCalled();
  });
});
