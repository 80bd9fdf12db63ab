import * as fs from "node:fs";
import * as path from "node:path";
import { changes, engineRoot, expectOk } from "../support/program-stack";
import {
  buildPluginExecutable,
  closePluginStack,
  dropPluginsEntry,
  expectDestroyed,
  expectFirstUp,
  pathWithoutNode,
  PluginBuild,
  PluginIds,
  PluginStack,
  openPluginYamlStack,
  PLUGIN_DOWNLOAD_URL as DOWNLOAD_URL,
  ReleaseServer,
  serveRelease,
} from "./plugin-helpers";

/*
 * The engine fetches the `aria` plugin by itself, as a user's machine does from the project's GitHub
 * releases (the schema's pluginDownloadURL, github://api.github.com/pulumi-aria/pulumi-aria): here the
 * release's linux-amd64 archive is served over HTTP on loopback and the engine pointed at it with
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, as a mirror would be. The YAML program of plugin-yaml.test.ts
 * without its `plugins:` entry, its resources and invokes naming the version and the download URL as
 * docs/guides/release-and-install.md says; an empty PULUMI_HOME, automatic plugin acquisition on, no
 * `node` on PATH, no `plugin install` step: up, a preview with nothing to do, destroy.
 */

jest.setTimeout(900_000);

const PATH = pathWithoutNode(process.env.PATH ?? "", path.join(engineRoot(), "bin"));

let build: PluginBuild;
let server: ReleaseServer;
let opened: PluginStack;
let ids: PluginIds;

beforeAll(async () => {
  build = buildPluginExecutable();
  server = await serveRelease(path.dirname(build.tarball));
  opened = await openPluginYamlStack({
    PATH,
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    ...server.env,
  });
  const program = dropPluginsEntry(opened.stack, (text) =>
    text
      .replace(
        /^( {4}type: aria:index:\w+\n)/gm,
        `$1    options:\n      version: ${build.version}\n      pluginDownloadURL: ${DOWNLOAD_URL}\n`,
      )
      .replace(
        /^( {6}function: aria:index:\w+\n)/gm,
        `$1      options:\n        version: ${build.version}\n        pluginDownloadURL: ${DOWNLOAD_URL}\n`,
      ),
  );
  expect(program.match(/pluginDownloadURL/g)?.length).toBe(5);
});

afterAll(async () => {
  await closePluginStack(opened);
  await server?.close();
});

describe("the aria plugin downloaded by the engine", () => {
  it("starts with no plugin installed (an empty PULUMI_HOME) and no node on PATH", async () => {
    const listed = await opened.stack.pulumi(["plugin", "ls", "--json"]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout) ?? []).toEqual([]);
    for (const dir of PATH.split(path.delimiter)) {
      expect(fs.existsSync(path.join(dir, "node"))).toBe(false);
      expect(fs.existsSync(path.join(dir, "pulumi-resource-aria"))).toBe(false);
    }
  });

  it("up fetches the platform's archive once, installs it and creates everything", async () => {
    ids = await expectFirstUp(opened);
    expect(server.requests).toEqual([`/pulumi-resource-aria-v${build.version}-linux-amd64.tar.gz`]);
    const listed = await opened.stack.pulumi(["plugin", "ls", "--json"]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({ name: "aria", kind: "resource", version: build.version }),
    );
  });

  it("previews with nothing to do, downloading nothing more", async () => {
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
    expect(server.requests).toHaveLength(1);
  });

  it("destroys everything it made", async () => {
    await expectDestroyed(opened, ids);
  });
});
