import { AriaClient } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";
import { reconcileJson as runReconcileJson } from "./reconcile-helpers";

/*
 * aria-reconcile on a Pulumi YAML program whose `aria` provider is an explicit resource, its server
 * and token inputs of the program rather than `aria:url` and `aria:refreshToken`: the server is read
 * from the provider resource's state, the credentials from the VRA_* environment. With the real CLI
 * against the emulator.
 */

jest.setTimeout(10 * 60_000);

let stack: E2EStack;
let client: AriaClient;
const outputs: string[] = [];

const reconcileJson = (env: Record<string, string>) =>
  runReconcileJson(stack, ["--stack", stack.stackName], outputs, env);

beforeAll(async () => {
  stack = await openStack({
    program: "test/e2e/programs/reconcile-explicit-provider",
    noCredentials: true,
    emulatorOptions: { seedResources: 0 },
  });
  stack.setConfig("serverUrl", stack.url);
  stack.setConfig("token", { value: USERS.admin, secret: true });
  client = stack.client();
  const up = expectOk(await stack.up());
  expect(changes(up).create).toBeGreaterThanOrEqual(2);
  expect(typeof up.outputs!.jenkinsId.value).toBe("string");
});

afterAll(async () => {
  await stack?.dispose();
});

it("reads the server from the explicit provider's state, the credentials from VRA_*: in sync, then one made by hand", async () => {
  const inSync = await reconcileJson({ VRA_REFRESH_TOKEN: USERS.admin });
  expect(inSync.code).toBe(0);
  expect(inSync.report.stacks).toEqual([
    expect.objectContaining({ name: stack.stackName, server: stack.url, endpoints: 1 }),
  ]);
  expect(inSync.report.coverage).toMatchObject({ managed: 1, total: 1 });

  const byHand = await client.createEndpoint({
    name: "made-by-hand",
    type: "jenkins",
    project: "Platform",
    properties: { url: "https://hand.example.com", username: "me" },
  });
  const found = await reconcileJson({ VRA_REFRESH_TOKEN: USERS.admin });
  expect(found.code).toBe(7);
  expect(found.report.unmanaged.map((u) => [u.name, u.id])).toEqual([["made-by-hand", byHand.id]]);
});

it("without credentials in the environment, exits 2 naming the settings to set", async () => {
  const { code, report } = await reconcileJson({});
  expect(code).toBe(2);
  expect(report.error!.message).toContain(`stack ${stack.stackName}`);
  expect(report.error!.message).toContain("aria:refreshToken");
});

it("printed no secret", () => {
  for (const text of outputs) expect(text).not.toContain(USERS.admin);
});
