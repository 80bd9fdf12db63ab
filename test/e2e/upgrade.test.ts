/*
 * Upgrading: a stack created on the oldest supported runtime (Node 22, @pulumi/pulumi 3.269) is run
 * by the current one (Node 24, the newest @pulumi/pulumi) with nothing to change, as docs/guides/upgrading.md's
 * "Upgrading" section promises.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ensureNode, LEGS } from "../../scripts/runtimes";
import { changes, E2EStack, expectOk, openStack, programRuntimes } from "../support/program-stack";

jest.setTimeout(10 * 60 * 1000);

describe("upgrading from the oldest runtime leg to the current one", () => {
  let stack: E2EStack | undefined;
  let reportDir: string;
  afterAll(async () => {
    await stack?.dispose();
    fs.rmSync(reportDir, { recursive: true, force: true });
  });

  it("plans no change, and an up changes nothing", async () => {
    const { oldest, current } = LEGS;
    reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "aria-upgrade-"));
    const report = path.join(reportDir, "runtime.jsonl");
    const runtimes = () => programRuntimes(report);
    stack = await openStack({
      program: "test/e2e/programs/runtime-leg",
      // A user's program compiled against the new release, as after an upgrade.
      typeCheck: true,
      sdk: oldest.sdk,
      env: { ARIA_RUNTIME_REPORT: report },
      config: {
        name: "upgraded",
        url: "https://jenkins.upgrade.example",
        password: { value: "upgrade-password", secret: true },
      },
    });
    stack.useRuntime(oldest.sdk, ensureNode(oldest).bin);
    expect(changes(expectOk(await stack.up()))).toEqual({ create: 2 });
    // `up` runs the program twice (its preview, then the update), both on the oldest runtime.
    const onOldest = runtimes().length;
    expect(onOldest).toBeGreaterThan(0);
    expect(new Set(runtimes().map((r) => `${r.node.split(".")[0]} ${r.sdk}`))).toEqual(
      new Set([`${oldest.nodeMajor} ${oldest.sdk}`]),
    );
    const before = await stack.exportStack();

    stack.useRuntime(current.sdk, ensureNode(current).bin);
    expect(changes(expectOk(await stack.preview({ expectNoChanges: true })))).toEqual({});
    expect(changes(expectOk(await stack.up({ expectNoChanges: true })))).toEqual({});
    const onCurrent = runtimes().slice(onOldest);
    expect(onCurrent.length).toBeGreaterThanOrEqual(2); // the preview, and the up
    expect(new Set(onCurrent.map((r) => `${r.node.split(".")[0]} ${r.sdk}`))).toEqual(
      new Set([`${current.nodeMajor} ${current.sdk}`]),
    );
    // The endpoint the oldest runtime created is the one the current runtime keeps.
    type Exported = { deployment: { resources: Array<{ type: string; id?: string }> } };
    const endpointId = (state: unknown) =>
      (state as Exported).deployment.resources.find((r) => r.type === "pulumi-nodejs:dynamic/aria:Endpoint")
        ?.id;
    expect(endpointId(before)).toEqual(expect.any(String));
    expect(endpointId(await stack.exportStack())).toBe(endpointId(before));
    expect(changes(expectOk(await stack.destroy()))).toEqual({ delete: 2 });
  });
});
