import * as fs from "node:fs";
import * as path from "node:path";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, REPO_ROOT } from "../support/program-stack";

/*
 * Moving a stack from the dynamic resources (a TypeScript program) to the provider plugin's (here a
 * YAML program), as docs/guides/plugin-migration.md documents: retain the dynamic
 * endpoints, then declare the plugin's with `adopt: true`. Nothing is created or deleted on the
 * server, the ids stay, and the stack ends with nothing to do.
 */

const PASSWORD = "e2e-Migrate-Passw0rd";
const TOKEN = "e2e-Migrate-T0ken";

jest.setTimeout(600_000);

let stack: E2EStack;
let client: AriaClient;
let ids: { jenkinsId: string; repoId: string };

/** The endpoint requests that change the server: creations, updates, deletions. */
async function writes(): Promise<Record<string, number>> {
  const { counts } = await stack.requests();
  return Object.fromEntries(
    Object.entries(counts).filter(([route]) => /^(POST|PUT|DELETE) \/pipeline\/api\/endpoints/.test(route)),
  );
}

beforeAll(async () => {
  stack = await openStack({
    program: "test/e2e/programs/migration-dynamic",
    config: {
      password: { value: PASSWORD, secret: true },
      token: { value: TOKEN, secret: true },
      "vra:validateEndpoints": "false",
    },
  });
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

describe("moving a stack from the dynamic resources to the plugin", () => {
  it("starts from endpoints of the dynamic resources", async () => {
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 3 });
    ids = { jenkinsId: up.outputs!.jenkinsId.value as string, repoId: up.outputs!.repoId.value as string };
  });

  it("step 1: retains them on the server when they leave the stack, writing nothing", async () => {
    stack.setConfig("retain", "true");
    await stack.resetRequests();
    expectOk(await stack.up());
    expect(await writes()).toEqual({});
  });

  it("step 2: the plugin's resources take them over: no creation, no deletion, same ids", async () => {
    for (const file of ["index.ts", "tsconfig.json", "Pulumi.yaml"])
      fs.rmSync(path.join(stack.workDir, file), { force: true });
    fs.copyFileSync(
      path.join(REPO_ROOT, "test/e2e/programs/migration-plugin/Pulumi.yaml"),
      path.join(stack.workDir, "Pulumi.yaml"),
    );
    stack.setConfig("retain", undefined);
    stack.setConfig("aria:url", stack.url);
    stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
    stack.setConfig("aria:validateEndpoints", "false");
    await stack.resetRequests();
    const up = expectOk(await stack.up());
    // The dynamic resources leave the stack (retained), the plugin's adopt the same endpoints.
    expect(changes(up)).toEqual({ create: 2, delete: 2 });
    expect({ jenkinsId: up.outputs!.jenkinsId.value, repoId: up.outputs!.repoId.value }).toEqual(ids);
    const written = await writes();
    expect(written["POST /pipeline/api/endpoints"]).toBeUndefined();
    expect(written["DELETE /pipeline/api/endpoints/{id}"]).toBeUndefined();
    expect((await client.getEndpoint(ids.jenkinsId)).properties).toMatchObject({
      url: "https://jenkins.example.com",
    });
    expect(stack.rawState()).not.toContain(PASSWORD);
    expect(stack.rawState()).not.toContain(TOKEN);
  });

  it("ends with nothing to do, and destroys through the plugin", async () => {
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
    expect(changes(expectOk(await stack.destroy()))).toEqual({ delete: 3 });
    await expect(client.getEndpoint(ids.jenkinsId)).rejects.toMatchObject({ code: "NotFound" });
    await expect(client.getEndpoint(ids.repoId)).rejects.toMatchObject({ code: "NotFound" });
  });
});
