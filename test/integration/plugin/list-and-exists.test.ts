/* eslint-disable @typescript-eslint/no-explicit-any -- the protocol's generated messages are untyped */
import { resetRuntimeContext } from "../../../provider/runtime/context";
import { UNKNOWN } from "../../../provider/core/values";
import type { AriaClient } from "../../../provider/client";
import { useEmulator } from "../../support/emulator";
import { configureProvider } from "../endpoint/helpers";
import { inProcessPlugin } from "../../support/plugin-door";

/*
 * The plugin's `List` and its `Read` as `exists()` sends it, called as the engine calls them, over
 * the emulator. List: one page per call over the server's pages, continuation tokens that walk the
 * rest, `limit` kept across pages whether the engine repeats it (as the protocol says) or sends what
 * is left (as `pulumi do ... list --count` does), `page_size`, a typed endpoint's own type, the API's
 * filters of deployment resources, "computed" for a query with unknowns. Read with an id and no
 * state: an answer with the resource when it is there, an empty one (no id, no properties) when it is
 * not, and an error, never an empty answer, for a 401 or a 500.
 */

const emulator = useEmulator({ seedResources: 0 });
const { protocol, service } = inProcessPlugin();
const struct = (value: Record<string, unknown>) => protocol.struct.Struct.fromJavaScript(value);
const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";
let client: AriaClient;

type Answer = { items: { id: string; name: string }[]; continuation?: string; computed: boolean };

/** One `List` call: what the stream carried, in order. */
function list(request: {
  token: string;
  query?: Record<string, unknown>;
  limit?: number;
  pageSize?: number;
  continuation?: string;
}): Promise<Answer> {
  const message = new protocol.messages.ListRequest();
  message.setToken(request.token);
  if (request.query) message.setQuery(struct(request.query));
  message.setLimit(request.limit ?? 0);
  message.setPageSize(request.pageSize ?? 0);
  message.setContinuationToken(request.continuation ?? "");
  return new Promise((resolve, reject) => {
    const answer: Answer = { items: [], computed: false };
    const call = {
      request: message,
      write(response: any) {
        if (response.hasResult()) {
          answer.items.push({ id: response.getResult().getId(), name: response.getResult().getName() });
        }
        if (response.hasContinuation())
          answer.continuation = response.getContinuation().getContinuationToken();
        if (response.hasComputed()) answer.computed = true;
      },
      end: () => resolve(answer),
      emit: (event: string, error: any) => event === "error" && reject(new Error(error.details)),
    };
    (service.list as any)(call);
  });
}

/** Every page, following the continuation tokens; `limits` gives each call's limit. */
async function listAll(token: string, query: Record<string, unknown>, limits: (got: number) => number) {
  const items: { id: string; name: string }[] = [];
  const calls: number[] = [];
  let continuation: string | undefined;
  do {
    const page = await list({ token, query, limit: limits(items.length), pageSize: 5, continuation });
    calls.push(page.items.length);
    items.push(...page.items);
    continuation = page.continuation;
  } while (continuation !== undefined && calls.length < 20);
  return { items, calls };
}

/** `Read` with an id and no state, as the engine sends `exists()`. */
function readAsExists(type: string, id: string): Promise<any> {
  const request = new protocol.messages.ReadRequest();
  request.setUrn(`urn:pulumi:dev::p::${type}::__exists__1`);
  request.setId(id);
  request.setInputs(struct({}));
  return new Promise((resolve, reject) =>
    (service.read as any)({ request }, (error: any, response: any) =>
      error ? reject(new Error(error.details)) : resolve(response),
    ),
  );
}

/** A deployment resource made outside Pulumi, once its request finished (the emulator's clock moved on). */
async function madeResource(name: string, type: string): Promise<string> {
  const answer = await client.createResource({ name, type, properties: {} });
  for (let i = 0; i < 100; i++) {
    if ((await client.getRequest(answer.requestId)).status === "SUCCESSFUL") return answer.resourceId;
    await emulator.ops.advanceClock(100);
  }
  throw new Error(`creating ${name} did not finish`);
}

const names = Array.from({ length: 12 }, (_, i) => `ep-${String(i).padStart(2, "0")}`);

beforeAll(async () => {
  client = emulator.client();
});

beforeEach(async () => {
  await emulator.reset();
  await configureProvider(emulator.url, "admin", { maxRetries: "0" });
  for (const name of names) {
    await client.createEndpoint({
      name,
      type: "git",
      project: "Platform",
      properties: { serverType: "GitHub", repoURL: `https://g/${name}`, branch: "main" },
    });
  }
  await client.createEndpoint({
    name: "ci",
    type: "jenkins",
    project: "Platform",
    properties: { url: "https://j" },
  });
  await client.createEndpoint({
    name: "other",
    type: "git",
    project: "Payments",
    properties: { serverType: "GitHub", repoURL: "https://g/o", branch: "main" },
  });
});

afterAll(async () => {
  await client?.close();
  await resetRuntimeContext();
});

describe("the plugin's List", () => {
  it("answers one page per call and a continuation token to the rest, in name order", async () => {
    const first = await list({ token: "aria:index:Endpoint", query: { project: "Platform" }, pageSize: 5 });
    expect(first.items.map((e) => e.name)).toEqual(["ci", ...names.slice(0, 4)]);
    expect(first.continuation).toEqual(expect.any(String));
    const { items, calls } = await listAll("aria:index:Endpoint", { project: "Platform" }, () => 0);
    expect(items.map((e) => e.name)).toEqual(["ci", ...names]);
    expect(calls).toEqual([5, 5, 3]);
  });

  it("keeps the limit across pages, repeated or counted down", async () => {
    const repeated = await listAll("aria:index:Endpoint", { project: "Platform" }, () => 7);
    const countedDown = await listAll("aria:index:Endpoint", { project: "Platform" }, (got) => 7 - got);
    for (const answer of [repeated, countedDown]) {
      expect(answer.items.map((e) => e.name)).toEqual(["ci", ...names.slice(0, 6)]);
      expect(answer.calls).toEqual([5, 2]);
    }
  });

  it("lists a typed endpoint's own type, and the deployment resources the API's filters match", async () => {
    const git = await listAll("aria:index:GitEndpoint", { project: "Platform" }, () => 0);
    expect(git.items.map((e) => e.name)).toEqual(names);
    const everywhere = await listAll("aria:index:GitEndpoint", {}, () => 0);
    expect(everywhere.items.map((e) => e.name)).toEqual([...names, "other"]);
    await expect(list({ token: "aria:index:GitEndpoint", query: { type: "jenkins" } })).rejects.toThrow(
      /type/,
    );

    const madeId = await madeResource("thing", "Custom.List.Thing");
    const resources = await list({
      token: "aria:index:DeploymentResource",
      query: { resourceTypes: "Custom.List.Thing" },
    });
    expect(resources).toEqual({ items: [{ id: madeId, name: "thing" }], computed: false });
  });

  it("answers computed for a query with unknowns, and refuses a token it did not give", async () => {
    const computed = await list({ token: "aria:index:Endpoint", query: { project: UNKNOWN } });
    expect(computed).toEqual({ items: [], computed: true });
    await expect(list({ token: "aria:index:Endpoint", continuation: "bm90LWEtdG9rZW4" })).rejects.toThrow(
      /continuation token is not one the aria plugin gave/,
    );
    const first = await list({ token: "aria:index:Endpoint", pageSize: 2 });
    await expect(list({ token: "aria:index:GitEndpoint", continuation: first.continuation })).rejects.toThrow(
      /not one the aria plugin gave for a aria:index:GitEndpoint listing/,
    );
  });
});

describe("Read as exists() sends it (an id, no state)", () => {
  it("answers the resource when it is there, and nothing once it is deleted or for an id no server has", async () => {
    const endpoint = (await client.listAllEndpoints({ filter: "name eq 'ci'" }))[0];
    const found = await readAsExists("aria:index:Endpoint", endpoint.id);
    expect(found.getId()).toBe(endpoint.id);
    expect(found.getProperties().toJavaScript()).toMatchObject({ name: "ci", type: "jenkins" });

    const madeId = await madeResource("thing", "Custom.Exists.Thing");
    const resource = await readAsExists("aria:index:DeploymentResource", madeId);
    expect(resource.getId()).toBe(madeId);

    await client.deleteEndpoint(endpoint.id);
    for (const [type, id] of [
      ["aria:index:Endpoint", endpoint.id],
      ["aria:index:Endpoint", MADE_UP_ID],
      ["aria:index:DeploymentResource", MADE_UP_ID],
    ]) {
      const gone = await readAsExists(type, id);
      expect({ id: gone.getId(), properties: gone.hasProperties() }).toEqual({ id: "", properties: false });
    }
  });

  it("fails, never answers nothing, when the server refuses the credentials or fails", async () => {
    const endpoint = (await client.listAllEndpoints({ filter: "name eq 'ci'" }))[0];
    await emulator.faults([
      { method: "GET", path: `/endpoints/${endpoint.id}$`, kind: "status", status: 401 },
    ]);
    await expect(readAsExists("aria:index:Endpoint", endpoint.id)).rejects.toThrow(/HTTP 401 Unauthorized/);
    await emulator.faults([
      { method: "GET", path: `/resources/${MADE_UP_ID}$`, kind: "status", status: 500 },
    ]);
    await expect(readAsExists("aria:index:DeploymentResource", MADE_UP_ID)).rejects.toThrow(/HTTP 500/);
  });
});
