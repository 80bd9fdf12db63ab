import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { changes, E2EStack, engineRoot, expectOk, openStack } from "../support/program-stack";

jest.setTimeout(600_000);

/*
 * The chain every other e2e test relies on: the CLI built from Go modules (or found on PATH), the
 * Node language host running a program directory, closure serialisation in the program process, and
 * the dynamic-provider process resolving the package by name; and the same program through the
 * Automation API.
 */
describe("the real Pulumi engine", () => {
  let stack: E2EStack | undefined;
  afterAll(async () => {
    await stack?.dispose();
  });

  it("is a CLI that prints its stamped version, at least @pulumi/pulumi's", () => {
    const version = execFileSync(path.join(engineRoot(), "bin", "pulumi"), ["version"], {
      encoding: "utf8",
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    }).trim();
    const parts = (v: string) => v.replace(/^v/, "").split(".").map(Number);
    const [cli, sdk] = [parts(version), parts(require("@pulumi/pulumi/package.json").version)];
    const order = cli[0] - sdk[0] || cli[1] - sdk[1] || cli[2] - sdk[2];
    expect(version).toMatch(/^v3\.\d+\.\d+$/);
    expect(order).toBeGreaterThanOrEqual(0);
  });

  it("has the Node language host beside the CLI, and says which one", () => {
    const bin = path.join(engineRoot(), "bin");
    expect(fs.existsSync(path.join(bin, "pulumi-language-nodejs"))).toBe(true);
    // A CLI found on PATH brings its own host; one built by ensure-engine records which it built.
    const built = path.join(bin, "language-host.json");
    const cli = fs.realpathSync(path.join(bin, "pulumi"));
    if (fs.existsSync(built) || cli.includes(`${path.sep}pulumi-aria${path.sep}`)) {
      const info = JSON.parse(fs.readFileSync(built, "utf8"));
      expect(info.module).toMatch(/^github\.com\/pulumi\/pulumi\//);
      expect(info.version).toMatch(/^v3\./);
      // The CLI starts Node policy packs through the host's RunPlugin: the CLI's own host has it, the
      // v3.68.0 one is built with scripts/engine/nodejs-host-policy-packs.go.
      expect(info.matchesCli === true || typeof info.policyPackPatch === "string").toBe(true);
    }
  });

  it.each(["cli", "automation"] as const)(
    "runs up, then a preview and a refresh that find nothing to do, then destroy (via %s)",
    async (via) => {
      await stack?.dispose();
      stack = await openStack({ program: "test/e2e/programs/engine-chain", via });
      const up = expectOk(await stack.up());
      expect(up.summary.create).toBe(2); // the stack and the endpoint
      expect(typeof up.outputs?.endpointId.value).toBe("string");

      expect(changes(expectOk(await stack.preview()))).toEqual({});
      expect(changes(expectOk(await stack.refresh()))).toEqual({});

      const destroyed = expectOk(await stack.destroy());
      expect(destroyed.summary.delete).toBe(2);
      const log = await stack.ops.requests();
      expect(log.counts["DELETE /pipeline/api/endpoints/{id}"]).toBe(1);
    },
  );
});
