import { PROJECTS } from "../../emulator";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * Lookups of what the program declares itself, through the `pulumi` CLI in a program directory: the
 * first preview (nothing exists yet), `up`, and the GitOps loop after an out-of-band deletion
 * (`pulumi up --refresh`), where the lookup must wait for the re-created endpoint instead of failing.
 */

jest.setTimeout(10 * 60_000);

const project = PROJECTS.find((p) => p.name === "Platform")!;

let stack: E2EStack;
let client: AriaClient;

beforeAll(async () => {
  stack = await openStack({
    program: "test/e2e/programs/lookups-gitops",
    config: { project: project.name, projectId: project.id },
  });
  client = createClient(
    resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": "admin-refresh-token" }, {}),
  );
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

describe("lookups of what the program declares", () => {
  it("leave the first preview unknown instead of failing, and send no lookup", async () => {
    await stack.resetRequests();
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({ create: 3 });
    expect(preview.stdout).toMatch(/foundId\s*:\s*\[unknown\]/);
    expect(preview.stdout).toMatch(/listedNames\s*:\s*\[unknown\]/);
    const log = await stack.requests();
    expect(log.counts["GET /pipeline/api/endpoints/{project}/{name}"] ?? 0).toBe(0);
    expect(log.counts["GET /deployment/api/resources"] ?? 0).toBe(0);
  });

  it("find the endpoint and list the resource once up has created them", async () => {
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 3 });
    expect(up.outputs!.foundId.value).toBe(up.outputs!.endpointId.value);
    expect(up.outputs!.foundName.value).toBe("lookup-gitops");
    expect(up.outputs!.listedNames.value).toEqual(["listed-gitops"]);
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("wait for the re-created endpoint after it was deleted out of band", async () => {
    const before = (await client.getEndpointByName(project.name, "lookup-gitops")).id;
    await client.deleteEndpoint(before);

    const up = expectOk(await stack.up({ refresh: true }));
    expect(changes(up)).toEqual({ create: 1 });
    const after = (await client.getEndpointByName(project.name, "lookup-gitops")).id;
    expect(after).not.toBe(before);
    expect(up.outputs!.endpointId.value).toBe(after);
    expect(up.outputs!.foundId.value).toBe(after);
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("destroys everything, leaving no endpoint behind", async () => {
    expectOk(await stack.destroy());
    expect((await client.listAllEndpoints()).filter((e) => e.name === "lookup-gitops")).toEqual([]);
  });
});
