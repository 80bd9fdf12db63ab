import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, OpResult, openStack } from "../support/program-stack";

/*
 * What the engine shows for endpoints that cannot be created as declared: invalid ones fail the
 * preview with the reason, unknown inputs do not, existing ones can be adopted, restricted ones
 * are refused to non-administrators with the reason.
 */

// The e2e project's `testTimeout` in jest.config.js is not applied to projects by jest 30: set it here.
jest.setTimeout(600_000);

const PASSWORD = "e2e-Checks-Passw0rd";

/** Everything the engine and the Automation API said. */
function said(result: OpResult): string {
  return [result.error, result.stdout, result.stderr].filter(Boolean).join("\n");
}

function expectFailure(result: OpResult, ...patterns: RegExp[]): void {
  expect(result.ok).toBe(false);
  const text = said(result);
  for (const pattern of patterns) expect(text).toMatch(pattern);
  expect(text).not.toContain(PASSWORD);
}

function adminClient(url: string): AriaClient {
  return createClient(resolveClientConfig({ "vra:url": url, "vra:refreshToken": USERS.admin }, {}));
}

/**
 * A stack of `program` with the emulator's URL and the password set, and an administrator's client of
 * its emulator: opened before the tests of the describe block that calls it, closed after them.
 */
function openedStack(program: string): { stack: E2EStack; client: AriaClient } {
  const opened = {} as { stack: E2EStack; client: AriaClient };
  beforeAll(async () => {
    opened.stack = await openStack({ program });
    opened.stack.setConfig("url", opened.stack.url);
    opened.stack.setConfig("password", { value: PASSWORD, secret: true });
    opened.client = adminClient(opened.stack.url);
  });
  afterAll(async () => {
    await opened.client?.close();
    await opened.stack?.dispose();
  });
  return opened;
}

describe("a single endpoint through the engine", () => {
  const opened = openedStack("test/e2e/programs/endpoint-single");

  describe("preview of an invalid endpoint fails with the reason", () => {
    // The harness cannot remove a config key from the stack (setAllConfig only adds): set defaults back.
    afterEach(() => {
      opened.stack.setConfig("type", "jenkins");
      opened.stack.setConfig("properties", JSON.stringify({ url: opened.stack.url, username: "bot" }));
      opened.stack.setConfig("vra:validateEndpoints", "true");
    });

    it("names the valid types when the type is unknown", async () => {
      opened.stack.setConfig("type", "jenkinz");
      expectFailure(
        await opened.stack.preview(),
        /'jenkinz' is not an endpoint type/,
        /valid types: .*jenkins.*k8s/,
      );
    });

    it("names a missing mandatory property", async () => {
      opened.stack.setConfig("properties", JSON.stringify({ username: "bot" }));
      expectFailure(
        await opened.stack.preview(),
        /properties\.url/,
        /'url' is required for endpoint type 'jenkins'/,
      );
    });

    it("carries the server's message when its validation fails", async () => {
      opened.stack.setConfig("properties", JSON.stringify({ url: "http://127.0.0.1:1", username: "bot" }));
      expectFailure(
        await opened.stack.preview(),
        /validation of the endpoint failed/,
        /Failed to connect to jenkins server endpoint/,
      );
    });

    it("skips the server's validation when vra:validateEndpoints is false", async () => {
      opened.stack.setConfig("properties", JSON.stringify({ url: "http://127.0.0.1:1", username: "bot" }));
      opened.stack.setConfig("vra:validateEndpoints", "false");
      await opened.stack.resetRequests();
      expect(changes(expectOk(await opened.stack.preview()))).toEqual({ create: 2 });
      expect((await opened.stack.requests()).counts["POST /pipeline/api/endpoint-validation"] ?? 0).toBe(0);
    });
  });

  describe("adopt", () => {
    afterAll(async () => {
      opened.stack.setConfig("adopt", "false");
      opened.stack.setConfig("description", "");
      expectOk(await opened.stack.destroy());
    });

    it("fails on an existing endpoint, saying how to adopt it", async () => {
      await opened.client.createEndpoint({
        name: "single",
        type: "jenkins",
        project: "Platform",
        description: "made by hand",
        properties: { url: "https://old.example.com", password: "hand-made-password" },
      });
      expectFailure(await opened.stack.up(), /already exists in the project/, /adopt: true/);
    });

    it("takes the existing endpoint over and brings it to the declared state", async () => {
      const existing = await opened.client.getEndpointByName("Platform", "single");
      opened.stack.setConfig("adopt", "true");
      opened.stack.setConfig("description", "now managed by Pulumi");
      const up = expectOk(await opened.stack.up());
      // The stack itself was recorded by the failed run; only the endpoint is new.
      expect(changes(up)).toEqual({ create: 1 });
      expect(up.outputs!.endpointId.value).toBe(existing.id);
      const adopted = await opened.client.getEndpoint(existing.id);
      expect(adopted.description).toBe("now managed by Pulumi");
      expect(adopted.properties.url).toBe(opened.stack.url);
      expect(await opened.client.listAllEndpoints()).toHaveLength(1);
      expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
    });
  });

  describe("a restricted endpoint", () => {
    const asUser = (user: keyof typeof USERS) =>
      opened.stack.setConfig("vra:refreshToken", { value: USERS[user], secret: true });
    const message = /only an administrator can create, update or delete a restricted endpoint/;

    beforeAll(() => opened.stack.setConfig("restricted", "true"));
    afterAll(async () => {
      // `destroy` runs the provider with the configuration recorded in the state by the last `up`:
      // an `up` with the administrator's credentials first.
      asUser("admin");
      opened.stack.setConfig("restricted", "false");
      opened.stack.setConfig("description", "");
      expectOk(await opened.stack.up());
      expectOk(await opened.stack.destroy());
    });

    it("cannot be created by a non-administrator, and the error says why", async () => {
      asUser("developer");
      expectFailure(await opened.stack.up(), message);
      expect(await opened.client.listAllEndpoints()).toHaveLength(0);
    });

    it("can be created by an administrator, then not changed nor deleted by a non-administrator", async () => {
      asUser("admin");
      expectOk(await opened.stack.up());
      asUser("developer");
      opened.stack.setConfig("description", "changed by a developer");
      expectFailure(await opened.stack.up(), message);
      opened.stack.setConfig("description", "");
      expectFailure(await opened.stack.destroy(), message);
      expect(await opened.client.listAllEndpoints()).toHaveLength(1);
    });
  });

  it("destroy leaves the emulator empty", async () => {
    expectOk(await opened.stack.destroy());
    expect(await opened.client.listAllEndpoints()).toEqual([]);
  });
});

describe("endpoints with inputs unknown during preview", () => {
  const opened = openedStack("test/e2e/programs/endpoint-unknowns");

  it("previews them without sending the unknown values, then creates them", async () => {
    await opened.stack.resetRequests();
    const preview = expectOk(await opened.stack.preview());
    expect(changes(preview)).toEqual({ create: 4 });
    const log = await opened.stack.requests();
    // Only the endpoint whose inputs are all known is validated by the server.
    expect(log.counts["POST /pipeline/api/endpoint-validation"]).toBe(1);
    expect(JSON.stringify(log.entries)).not.toContain("04da6b54");

    const up = expectOk(await opened.stack.up());
    expect(changes(up)).toEqual({ create: 4 });
    const agents = (await opened.client.listAllEndpoints()).filter((e) => e.type === "agent");
    expect(agents).toHaveLength(2);
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
  });

  it("destroy leaves the emulator empty", async () => {
    expectOk(await opened.stack.destroy());
    expect(await opened.client.listAllEndpoints()).toEqual([]);
  });
});
