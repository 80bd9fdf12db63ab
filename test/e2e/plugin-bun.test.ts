import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BUN_RELEASE } from "../../scripts/plugin-targets";
import { loopbackCertificate } from "../support/certificates";
import { changes, engineRoot, expectOk, REPO_ROOT } from "../support/program-stack";
import {
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
 * The Bun runtime of the darwin-arm64 archive, run for real: scripts/build-plugin.mjs builds, in one
 * run, darwin-arm64 and linux-amd64-bun (the same bundle by the same Bun, compiled for this machine;
 * never released). The linux one is installed with `pulumi plugin install --file` and serves the YAML
 * program of plugin-yaml.test.ts through the engine against the emulator over HTTPS (its certificate
 * trusted by `aria:caCert` only), with no `node` on PATH: the provider's configuration and its check,
 * preview, create, the lookups, secrets, refresh (read), update, import and delete. The darwin-arm64
 * build must hold what ran: its build record names the same bundle (sha256) and Bun release, and its
 * executable the same Bun build.
 */

jest.setTimeout(900_000);

const PATH = pathWithoutNode(process.env.PATH ?? "", path.join(engineRoot(), "bin"));
/** The Bun build an executable carries ("Bun v1.4.5 (a7733435c)": release and revision). */
const BUN_BUILD = /Bun v\d+\.\d+\.\d+ \([0-9a-f]+\)/g;

let out: string;
let bun: PluginBuild;
let darwin: PluginBuild;
let opened: PluginStack;
let ids: PluginIds;

/** Runs `pulumi <args>` (on the stack, unless it is a `plugin` command); fails with its output when it exits non-zero. */
async function pulumi(args: string[]): Promise<string> {
  const { stack } = opened;
  const onStack = args[0] === "plugin" ? [] : ["--stack", stack.stackName, "--non-interactive"];
  const result = await stack.pulumi([...args, ...onStack]);
  if (result.code !== 0) {
    throw new Error(`pulumi ${args.join(" ")} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** The Bun builds named in an executable, each once. */
function bunBuilds(executable: string): string[] {
  const text = fs.readFileSync(executable).toString("latin1");
  return [...new Set(text.match(BUN_BUILD) ?? [])];
}

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-plugin-bun-"));
  const json = execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, "scripts", "build-plugin.mjs"),
      "--target",
      "linux-amd64-bun,darwin-arm64",
      "--out",
      out,
      "--json",
    ],
    { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const builds = JSON.parse(json.trim().split("\n").pop()!) as PluginBuild[];
  bun = builds.find((b) => b.target === "linux-amd64-bun")!;
  darwin = builds.find((b) => b.target === "darwin-arm64")!;
  const tls = await loopbackCertificate();
  opened = await openPluginYamlStack({ PATH }, tls);
  // Without `plugins:`, the engine finds the plugin where `pulumi plugin install` put it.
  dropPluginsEntry(opened.stack);
});

afterAll(async () => {
  await closePluginStack(opened);
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

describe("the aria plugin on Bun (darwin-arm64's runtime and bundle, built for linux-x64)", () => {
  it("is darwin-arm64's bundle and Bun build, compiled for this machine", () => {
    expect(bun.node).toBe(`bun ${BUN_RELEASE}`);
    expect(darwin.node).toBe(bun.node);
    expect(darwin.bundleSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(darwin.bundleSha256).toBe(bun.bundleSha256);
    const unpack = (build: PluginBuild) => {
      const dir = path.join(out, build.target);
      fs.mkdirSync(dir);
      execFileSync("tar", ["-xzf", build.tarball, "-C", dir]);
      return path.join(dir, "pulumi-resource-aria");
    };
    const builds = bunBuilds(unpack(bun));
    expect(builds).toEqual([
      expect.stringMatching(new RegExp(`^Bun v${BUN_RELEASE.replace(/\./g, "\\.")} `)),
    ]);
    expect(bunBuilds(unpack(darwin))).toEqual(builds);
    expect(path.basename(bun.tarball)).toBe(`pulumi-resource-aria-v${bun.version}-linux-amd64-bun.tar.gz`);
  });

  it("installs with pulumi plugin install --file", async () => {
    await pulumi(["plugin", "install", "resource", "aria", bun.version, "--file", bun.tarball]);
    const plugins = JSON.parse(await pulumi(["plugin", "ls", "--json"])) as Array<Record<string, string>>;
    expect(plugins).toContainEqual(
      expect.objectContaining({ name: "aria", kind: "resource", version: bun.version }),
    );
    for (const dir of PATH.split(path.delimiter)) expect(fs.existsSync(path.join(dir, "node"))).toBe(false);
  });

  it("checks its configuration, failing on a setting that is not valid and naming it", async () => {
    const { stack } = opened;
    stack.setConfig("aria:url", "not a url");
    const preview = await stack.preview();
    expect(preview.ok).toBe(false);
    expect(`${preview.stdout}\n${preview.stderr ?? ""}`).toMatch(/property url .*aria:url/s);
    stack.setConfig("aria:url", stack.url);
  });

  it("previews, then creates over TLS what the preview showed, answering the lookups", async () => {
    expect(opened.stack.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const preview = expectOk(await opened.stack.preview());
    expect(changes(preview)).toEqual({ create: 4 });
    ids = await expectFirstUp(opened);
  });

  it("keeps the secrets encrypted in the state", () => {
    expectSecretsEncrypted(opened.stack);
  });

  it("reads everything back with refresh, finding no drift", async () => {
    expect(changes(expectOk(await opened.stack.refresh()))).toEqual({});
  });

  it("updates an endpoint in place", async () => {
    opened.stack.setConfig("description", "CI server, on Bun");
    const up = expectOk(await opened.stack.up());
    expect(changes(up)).toEqual({ update: 1 });
    expect((await opened.client.getEndpoint(ids.jenkins)).description).toBe("CI server, on Bun");
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
  });

  it("imports an endpoint made outside Pulumi", async () => {
    const made = await opened.client.createEndpoint({
      name: "bun-adopted",
      type: "jenkins",
      project: "Platform",
      description: "made by hand",
      properties: { url: "https://jenkins.example.com", username: "ci", password: "e2e-Bun-Passw0rd" },
    });
    const code = path.join(opened.stack.workDir, "adopted.yaml");
    await pulumi([
      "import",
      "aria:index:Endpoint",
      "adopted",
      made.id,
      "--yes",
      "--protect=false",
      "--out",
      code,
    ]);
    expect(fs.readFileSync(code, "utf8")).toContain("bun-adopted");
    expect(opened.stack.rawState()).toContain(made.id);
    expect(opened.stack.rawState()).not.toContain("e2e-Bun-Passw0rd");
    // Not in the program: the next up deletes it from the server.
    expect(changes(expectOk(await opened.stack.up()))).toEqual({ delete: 1 });
    await expect(opened.client.getEndpoint(made.id)).rejects.toMatchObject({ code: "NotFound" });
  });

  it("deletes everything it made", async () => {
    await expectDestroyed(opened, ids);
  });
});
