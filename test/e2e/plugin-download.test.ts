import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { changes, engineRoot, expectOk } from "../support/program-stack";
import {
  buildPluginExecutable,
  closePluginStack,
  expectDestroyed,
  expectFirstUp,
  pathWithoutNode,
  PluginBuild,
  PluginIds,
  PluginStack,
  openPluginYamlStack,
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

const DOWNLOAD_URL = "github://api.github.com/pulumi-aria/pulumi-aria";
const PATH = pathWithoutNode(process.env.PATH ?? "", path.join(engineRoot(), "bin"));

let build: PluginBuild;
let server: http.Server;
const requests: string[] = [];
let opened: PluginStack;
let ids: PluginIds;

/** Serves the archives of one folder, by name, as a release's download URL does. */
function serveRelease(dir: string): Promise<number> {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://release").pathname.slice(1));
    const file = path.join(dir, name);
    if (req.method !== "GET" || name.includes("/") || !name.endsWith(".tar.gz") || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  build = buildPluginExecutable();
  const port = await serveRelease(path.dirname(build.tarball));
  opened = await openPluginYamlStack({
    PATH,
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${DOWNLOAD_URL.replace(/[.]/g, "\\.")}=http://127.0.0.1:${port}`,
  });
  const file = path.join(opened.stack.workDir, "Pulumi.yaml");
  const program = fs
    .readFileSync(file, "utf8")
    .replace(/^plugins:\n(?: {2}.*\n)+/m, "")
    .replace(
      /^( {4}type: aria:index:\w+\n)/gm,
      `$1    options:\n      version: ${build.version}\n      pluginDownloadURL: ${DOWNLOAD_URL}\n`,
    )
    .replace(
      /^( {6}function: aria:index:\w+\n)/gm,
      `$1      options:\n        version: ${build.version}\n        pluginDownloadURL: ${DOWNLOAD_URL}\n`,
    );
  expect(program).not.toMatch(/^plugins:/m);
  expect(program.match(/pluginDownloadURL/g)?.length).toBe(5);
  fs.writeFileSync(file, program);
});

afterAll(async () => {
  await closePluginStack(opened);
  await new Promise((resolve) => server?.close(resolve));
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
    expect(requests).toEqual([`/pulumi-resource-aria-v${build.version}-linux-amd64.tar.gz`]);
    const listed = await opened.stack.pulumi(["plugin", "ls", "--json"]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({ name: "aria", kind: "resource", version: build.version }),
    );
  });

  it("previews with nothing to do, downloading nothing more", async () => {
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
    expect(requests).toHaveLength(1);
  });

  it("destroys everything it made", async () => {
    await expectDestroyed(opened, ids);
  });
});
