import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { changes, engineRoot, expectOk } from "../support/program-stack";
import {
  buildPluginExecutable,
  closePluginStack,
  dropPluginsEntry,
  expectDestroyed,
  expectFirstUp,
  expectSecretsEncrypted,
  openPluginYamlStack,
  pathWithoutNode,
  PluginBuild,
  PluginIds,
  PluginStack,
} from "./plugin-helpers";

/*
 * The `aria` plugin as a single executable with Node inside (scripts/build-plugin.mjs), as a user of
 * Go, Python or YAML without Node installs it: `pulumi plugin install resource aria <version> --file
 * <tarball>` into the stack's PULUMI_HOME, then the YAML program of plugin-yaml.test.ts without its
 * `plugins:` entry, so that the engine finds the plugin where the install put it. The CLI, the YAML
 * host and the plugin run with a PATH holding no directory with a `node` in it: up, a preview with
 * nothing to do, secrets never in clear in the state, destroy with nothing left on the server.
 */

jest.setTimeout(600_000);

let build: PluginBuild;
let opened: PluginStack;
let ids: PluginIds;
/** The PATH of every engine run: the engine's directory and the machine's, less every `node`. */
const PATH = pathWithoutNode(process.env.PATH ?? "", path.join(engineRoot(), "bin"));

beforeAll(async () => {
  build = buildPluginExecutable();
  opened = await openPluginYamlStack({ PATH });
  // Without `plugins:`, the engine looks on PATH, then in PULUMI_HOME's plugin cache.
  dropPluginsEntry(opened.stack);
});

afterAll(async () => {
  await closePluginStack(opened);
});

describe("the aria plugin as a single executable", () => {
  it("runs where there is no node", () => {
    const which = spawnSync("which", ["node"], { env: { PATH }, encoding: "utf8" });
    // `which` itself may be out of that PATH (it sits beside node in /usr/bin): ask the shell's way too.
    const lookup = spawnSync("/bin/sh", ["-c", "command -v node"], { env: { PATH }, encoding: "utf8" });
    expect({ which: which.status === 0, commandV: lookup.status === 0 }).toEqual({
      which: false,
      commandV: false,
    });
    for (const dir of PATH.split(path.delimiter)) {
      expect(fs.existsSync(path.join(dir, "pulumi-resource-aria"))).toBe(false);
    }
    expect(fs.statSync(build.executable).mode & 0o111).toBeTruthy();
  });

  it("installs from its tarball with pulumi plugin install --file", async () => {
    expect(path.basename(build.tarball)).toBe(`pulumi-resource-aria-v${build.version}-linux-amd64.tar.gz`);
    const install = await opened.stack.pulumi([
      "plugin",
      "install",
      "resource",
      "aria",
      build.version,
      "--file",
      build.tarball,
    ]);
    expect(install).toMatchObject({ code: 0 });
    const listed = await opened.stack.pulumi(["plugin", "ls", "--json"]);
    expect(listed.code).toBe(0);
    const plugins = JSON.parse(listed.stdout) as Array<{ name: string; kind: string; version: string }>;
    expect(plugins).toContainEqual(
      expect.objectContaining({ name: "aria", kind: "resource", version: build.version }),
    );
  });

  it("creates endpoints and a deployment resource, and answers the lookups", async () => {
    ids = await expectFirstUp(opened);
  });

  it("keeps the secrets encrypted in the state", () => {
    expectSecretsEncrypted(opened.stack);
  });

  it("previews with nothing to do", async () => {
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
  });

  it("destroys everything it made, leaving nothing on the server", async () => {
    await expectDestroyed(opened, ids);
  });
});
