import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * The endpoint resources through the real Pulumi engine: one stack of a generic endpoint and one
 * typed endpoint of each kind, taken through its whole life on one emulator. Each step depends
 * on the previous one, so the steps run in order in one test file.
 */

const PASSWORD = "e2e-Secret-Passw0rd";
const ENDPOINTS = 10; // the generic one and nine typed ones
const PER_ENDPOINT_ROUTES = [
  "GET /pipeline/api/endpoints/{id}",
  "PUT /pipeline/api/endpoints/{id}",
  "DELETE /pipeline/api/endpoints/{id}",
  "POST /pipeline/api/endpoints",
  "POST /pipeline/api/endpoint-validation",
];

// The e2e project's `testTimeout` in jest.config.js is not applied to projects by jest 30: set it here.
jest.setTimeout(600_000);

let stack: E2EStack;
let client: AriaClient;

async function endpointsOnServer() {
  return client.listAllEndpoints();
}

/** The signature key of a secret envelope in Pulumi's serialised state. */
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";

/**
 * The exported stack with every secret envelope replaced by a marker. The Automation API exports with
 * `--show-secrets`, so secrets appear decrypted, but inside envelopes: what is left outside them is what
 * `pulumi stack export` would show in clear.
 */
function outsideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(outsideSecrets);
  if (value !== null && typeof value === "object") {
    if (SECRET_SIG_KEY in value) return "[secret]";
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, outsideSecrets(v)]));
  }
  return value;
}

function perEndpointRequests(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(PER_ENDPOINT_ROUTES.filter((r) => counts[r]).map((r) => [r, counts[r]]));
}

beforeAll(async () => {
  stack = await openStack({ program: "test/e2e/programs/endpoint-lifecycle" });
  stack.setConfig("url", stack.url);
  stack.setConfig("password", { value: PASSWORD, secret: true });
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

describe("endpoint lifecycle through the engine", () => {
  let genericId: string;

  it("creates a generic endpoint and a typed endpoint of each kind", async () => {
    const before = (await endpointsOnServer()).length;
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: ENDPOINTS + 1 }); // + the stack itself
    genericId = up.outputs!.genericId.value as string;
    expect(up.outputs!.genericSecret.secret).toBe(true);
    const onServer = await endpointsOnServer();
    expect(onServer).toHaveLength(before + ENDPOINTS);
    expect(new Set(onServer.map((e) => e.type))).toEqual(
      new Set(["jenkins", "git", "k8s", "jira", "email", "gerrit", "dockerregistry", "docker", "agent"]),
    );
    const git = onServer.find((e) => e.type === "git")!;
    expect(git.properties).toMatchObject({
      serverType: "GitLab",
      authType: "privateToken",
      privateToken: "*****",
    });
  });

  it("previews no change, without a single request to the server", async () => {
    await stack.resetRequests();
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({});
    const log = await stack.requests();
    expect(perEndpointRequests(log.counts)).toEqual({});
    expect(log.total).toBe(0);
  });

  it("refreshes with no change, with exactly one GET per endpoint", async () => {
    await stack.resetRequests();
    const refresh = expectOk(await stack.refresh({ skipPreview: true }));
    expect(changes(refresh)).toEqual({});
    const log = await stack.requests();
    expect(perEndpointRequests(log.counts)).toEqual({ "GET /pipeline/api/endpoints/{id}": ENDPOINTS });
    expect(log.counts["GET /pipeline/api/about"] ?? 0).toBeLessThanOrEqual(1);
  });

  it("refreshes with its preview (`pulumi refresh --yes`) reading each endpoint once in each", async () => {
    await stack.resetRequests();
    const refresh = expectOk(await stack.refresh());
    expect(changes(refresh)).toEqual({});
    const log = await stack.requests();
    // The CLI previews a refresh before applying it (the Automation API passes --skip-preview).
    expect(perEndpointRequests(log.counts)).toEqual({ "GET /pipeline/api/endpoints/{id}": 2 * ENDPOINTS });
  });

  it("previews no change after the refresh", async () => {
    await stack.resetRequests();
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({});
    expect((await stack.requests()).total).toBe(0);
  });

  it("keeps every secret out of the state, the exported stack and the engine's output", async () => {
    const exported = await stack.exportStack();
    const clear = JSON.stringify(outsideSecrets(exported));
    expect(clear).not.toContain(PASSWORD);
    expect(clear).toContain('"secretProperties":"[secret]"');
    // The state file itself holds the secrets encrypted only.
    expect(stack.rawState()).not.toContain(PASSWORD);
    const preview = expectOk(await stack.preview({ diff: true }));
    expect(preview.stdout).not.toContain(PASSWORD);
  });

  it("updates in place", async () => {
    stack.setConfig("description", "CI server, updated");
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({ update: 1 });
    await stack.resetRequests();
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ update: 1 });
    expect((await stack.requests()).counts["PUT /pipeline/api/endpoints/{id}"]).toBe(1);
    const endpoint = await client.getEndpoint(genericId);
    expect(endpoint.description).toBe("CI server, updated");
    expect(up.outputs!.genericId.value).toBe(genericId);
  });

  it("renames in place", async () => {
    stack.setConfig("genericName", "generic-ci-renamed");
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ update: 1 });
    expect((await client.getEndpoint(genericId)).name).toBe("generic-ci-renamed");
  });

  it("replaces the endpoint when its type changes, deleting first as the name stays", async () => {
    stack.setConfig("genericType", "jira");
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({ replace: 1 });
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ replace: 1 });
    const newId = up.outputs!.genericId.value as string;
    expect(newId).not.toBe(genericId);
    await expect(client.getEndpoint(genericId)).rejects.toMatchObject({ code: "NotFound" });
    expect((await client.getEndpoint(newId)).type).toBe("jira");
    expect(await endpointsOnServer()).toHaveLength(ENDPOINTS);
    genericId = newId;
  });

  it("replaces the endpoint when its project changes", async () => {
    stack.setConfig("project", "Payments");
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ replace: ENDPOINTS });
    const onServer = await endpointsOnServer();
    expect(onServer).toHaveLength(ENDPOINTS);
    expect(new Set(onServer.map((e) => e.project))).toEqual(new Set(["Payments"]));
    genericId = up.outputs!.genericId.value as string;
  });

  it("shows drift made out of band on refresh, and reverts it on up", async () => {
    const current = await client.getEndpoint(genericId);
    await client.updateEndpoint(genericId, {
      name: current.name,
      type: current.type,
      project: current.project ?? undefined,
      description: "changed by hand",
      properties: { ...current.properties, username: "intruder" },
    });
    const refresh = expectOk(await stack.refresh());
    expect(changes(refresh)).toEqual({ update: 1 });
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({ update: 1 });
    expect(preview.stdout).toContain("changed by hand");
    expect(preview.stdout).not.toContain(PASSWORD);
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ update: 1 });
    const reverted = await client.getEndpoint(genericId);
    expect(reverted.description).toBe("CI server, updated");
    expect(reverted.properties.username).toBe("bot");
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("re-creates an endpoint deleted out of band", async () => {
    await client.deleteEndpoint(genericId);
    const refresh = expectOk(await stack.refresh());
    expect(changes(refresh)).toEqual({ delete: 1 });
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 1 });
    genericId = up.outputs!.genericId.value as string;
    expect((await client.getEndpoint(genericId)).name).toBe("generic-ci-renamed");
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("destroys every endpoint, leaving the emulator empty", async () => {
    const destroy = expectOk(await stack.destroy());
    expect(changes(destroy)).toEqual({ delete: ENDPOINTS + 1 });
    expect(await endpointsOnServer()).toEqual([]);
    expect(stack.rawState()).not.toContain(PASSWORD);
  });
});
