import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS, useEmulator } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * An explicit `aria` provider resource beside the default one, through the real CLI: two servers in
 * one YAML program, each endpoint on the server of its provider; a provider moved to another server
 * replaces what it manages (created on the new server, deleted from the old); a provider setting
 * that is not valid fails the preview, naming it.
 */

jest.setTimeout(600_000);

let stack: E2EStack;
const second = useEmulator();
const third = useEmulator();
const clients: AriaClient[] = [];

function clientOf(url: string): AriaClient {
  const client = createClient(resolveClientConfig({ "vra:url": url, "vra:refreshToken": USERS.admin }, {}));
  clients.push(client);
  return client;
}

async function endpointNames(client: AriaClient): Promise<string[]> {
  return (await client.listAllEndpoints({})).map((e) => e.name).sort();
}

beforeAll(async () => {
  stack = await openStack({ program: "test/e2e/programs/plugin-provider", noCredentials: true });
  stack.setConfig("aria:url", stack.url);
  stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
  stack.setConfig("aria:validateEndpoints", "false");
  stack.setConfig("secondUrl", second.url);
  stack.setConfig("secondToken", { value: USERS.admin, secret: true });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await stack?.dispose();
});

describe("an explicit aria provider", () => {
  it("manages each endpoint on the server of its provider", async () => {
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 4 }); // stack, explicit provider, two endpoints
    const first = clientOf(stack.url);
    const other = clientOf(second.url);
    expect(await endpointNames(first)).toContain("onFirst");
    expect(await endpointNames(first)).not.toContain("onSecond");
    expect(await endpointNames(other)).toEqual(["onSecond"]);
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expect(stack.rawState()).not.toContain("e2e-Second-T0ken");
  });

  it("replaces what it manages when it moves to another server", async () => {
    stack.setConfig("secondUrl", third.url);
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toMatchObject({ replace: 2 }); // the provider and its endpoint
    expectOk(await stack.up());
    expect(await endpointNames(clientOf(third.url))).toEqual(["onSecond"]);
    expect(await endpointNames(clientOf(second.url))).toEqual([]);
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("fails the preview on a setting that is not valid, naming it", async () => {
    stack.setConfig("secondUrl", "not a url");
    const preview = await stack.preview();
    expect(preview.ok).toBe(false);
    const shown = `${preview.stdout}\n${preview.stderr ?? ""}`;
    // The engine names the provider and the property; the reason names the setting as users write it.
    expect(shown).toMatch(/pulumi:providers:aria/);
    expect(shown).toMatch(/property url .*aria:url/s);
    stack.setConfig("secondUrl", third.url);
  });

  it("destroys everything on every server", async () => {
    expect(changes(expectOk(await stack.destroy()))).toEqual({ delete: 4 });
    expect(await endpointNames(clientOf(third.url))).toEqual([]);
    expect(await endpointNames(clientOf(stack.url))).not.toContain("onFirst");
  });
});
