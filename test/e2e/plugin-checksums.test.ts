import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pulumiChecksum } from "../../scripts/plugin-targets";
import { changes, engineRoot, expectOk } from "../support/program-stack";
import {
  buildPluginExecutable,
  closePluginStack,
  dropPluginsEntry,
  expectDestroyed,
  expectFirstUp,
  openPluginYamlStack,
  pathWithoutNode,
  PLUGIN_DOWNLOAD_URL,
  PluginBuild,
  PluginStack,
  ReleaseServer,
  serveRelease,
} from "./plugin-helpers";

/*
 * The checksums a release publishes, pinned as docs/guides/release-and-install.md says, and enforced
 * by the engine on what a mirror serves. Two mirrors of the release's linux-amd64 archive on loopback
 * (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, as the guide's air-gapped recipe): one serves it as built, the
 * other with one byte changed. `pulumi plugin install --checksum <sha256 hex>` refuses the changed one
 * with the engine's error and installs nothing; from the true mirror it installs, and the YAML program
 * of plugin-yaml.test.ts then runs on it (no automatic download). A project's `packages:` pin: the
 * Pulumi.json form (base64, as release.json's pluginChecksums has it) is enforced by `pulumi install`;
 * the same pin in Pulumi.yaml is refused by the engine (v3.274.1) before anything is downloaded.
 */

jest.setTimeout(900_000);

const PATH = pathWithoutNode(process.env.PATH ?? "", path.join(engineRoot(), "bin"));

let build: PluginBuild;
let archiveName: string;
let checksum: { hex: string; base64: string };
let tamperedSum: string;
let mirrors: string;
let good: ReleaseServer;
let bad: ReleaseServer;
let opened: PluginStack;

/** Runs `pulumi <args>` as the stack's engine runs do, pointed at one mirror. */
async function pulumiVia(mirror: ReleaseServer, args: string[]) {
  const result = await opened.stack.command("pulumi", args, mirror.env);
  return { ...result, shown: `${result.stdout}\n${result.stderr}` };
}

/** The aria plugins installed in the stack's PULUMI_HOME. */
async function installed(): Promise<Array<{ name: string; version: string }>> {
  const listed = await opened.stack.pulumi(["plugin", "ls", "--json"]);
  expect(listed.code).toBe(0);
  return ((JSON.parse(listed.stdout) ?? []) as Array<{ name: string; version: string }>).filter(
    (p) => p.name === "aria",
  );
}

beforeAll(async () => {
  build = buildPluginExecutable();
  archiveName = path.basename(build.tarball);
  const archive = fs.readFileSync(build.tarball);
  checksum = pulumiChecksum(archive);
  mirrors = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-checksums-"));
  for (const dir of ["good", "bad"]) fs.mkdirSync(path.join(mirrors, dir));
  fs.writeFileSync(path.join(mirrors, "good", archiveName), archive);
  const tampered = Buffer.from(archive);
  tampered[Math.floor(tampered.length / 2)] ^= 0x01; // one byte changed, in the compressed executable
  fs.writeFileSync(path.join(mirrors, "bad", archiveName), tampered);
  tamperedSum = pulumiChecksum(tampered).hex;
  good = await serveRelease(path.join(mirrors, "good"));
  bad = await serveRelease(path.join(mirrors, "bad"));
  opened = await openPluginYamlStack({ PATH });
  dropPluginsEntry(opened.stack);
});

afterAll(async () => {
  await closePluginStack(opened);
  await good?.close();
  await bad?.close();
  if (mirrors) fs.rmSync(mirrors, { recursive: true, force: true });
});

describe("checksums the engine enforces", () => {
  const install = (mirror: ReleaseServer) =>
    pulumiVia(mirror, [
      "plugin",
      "install",
      "resource",
      "aria",
      build.version,
      "--server",
      PLUGIN_DOWNLOAD_URL,
      "--checksum",
      checksum.hex,
    ]);

  it("are the release's: SHA256SUMS's hex, and base64 of the same digest for Pulumi.json", () => {
    expect(checksum.hex).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(checksum.base64, "base64").toString("hex")).toBe(checksum.hex);
    expect(tamperedSum).not.toBe(checksum.hex);
  });

  it("refuse a one-byte-changed archive at `pulumi plugin install --checksum`, installing nothing", async () => {
    const refused = await install(bad);
    expect(refused.code).not.toBe(0);
    expect(refused.shown).toContain(`invalid checksum, expected ${checksum.hex}, actual ${tamperedSum}`);
    expect(bad.requests).toContain(`/${archiveName}`);
    expect(await installed()).toEqual([]);
    // Nothing to run the program on: the engine does not download by itself here.
    expect((await opened.stack.preview()).ok).toBe(false);
  });

  it("install the true archive, which the program then runs on", async () => {
    const done = await install(good);
    expect({ code: done.code, shown: done.shown }).toEqual({ code: 0, shown: expect.any(String) });
    expect(good.requests).toEqual([`/${archiveName}`]);
    expect(await installed()).toEqual([expect.objectContaining({ version: build.version })]);
    const ids = await expectFirstUp(opened);
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
    await expectDestroyed(opened, ids);
  });

  describe("pinned in a project's packages", () => {
    let project: string;
    /** A project declaring the aria package pinned to `pin`, in Pulumi.json or Pulumi.yaml. */
    const writeProject = (file: "Pulumi.json" | "Pulumi.yaml", pin: string) => {
      project = fs.mkdtempSync(path.join(mirrors, "project-"));
      const aria = {
        source: "aria",
        version: build.version,
        pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
        checksums: { "linux-amd64": pin },
      };
      const text =
        file === "Pulumi.json"
          ? `${JSON.stringify({ name: "pinned", runtime: "yaml", packages: { aria } }, null, 2)}\n`
          : `name: pinned\nruntime: yaml\npackages:\n  aria:\n    source: aria\n    version: ${build.version}\n` +
            `    pluginDownloadURL: ${PLUGIN_DOWNLOAD_URL}\n    checksums:\n      linux-amd64: ${pin}\n`;
      fs.writeFileSync(path.join(project, file), text);
    };
    const pulumiInstall = (mirror: ReleaseServer) => pulumiVia(mirror, ["install", "--cwd", project]);

    beforeAll(async () => {
      const removed = await opened.stack.pulumi(["plugin", "rm", "resource", "aria", "--all", "--yes"]);
      expect(removed.code).toBe(0);
    });

    it("Pulumi.json's base64 pin refuses the changed archive at `pulumi install`", async () => {
      writeProject("Pulumi.json", checksum.base64);
      const refused = await pulumiInstall(bad);
      expect(refused.code).not.toBe(0);
      expect(refused.shown).toContain(`invalid checksum, expected ${checksum.hex}, actual ${tamperedSum}`);
      expect(await installed()).toEqual([]);
    });

    it("Pulumi.json's base64 pin installs the true archive at `pulumi install`", async () => {
      writeProject("Pulumi.json", checksum.base64);
      const done = await pulumiInstall(good);
      expect(done.shown).not.toContain("invalid checksum");
      expect(await installed()).toEqual([expect.objectContaining({ version: build.version })]);
      // Then the engine links an SDK of the package into the project, which the YAML host has none of:
      // the command fails after the verified install (v3.274.1).
      expect(done.shown).toContain("linking package: method Link not implemented");
    });

    it("Pulumi.yaml cannot hold the pin: the engine refuses the file before any download", async () => {
      const asked = bad.requests.length;
      for (const pin of [checksum.hex, `!!binary ${checksum.base64}`]) {
        writeProject("Pulumi.yaml", pin);
        const refused = await pulumiInstall(bad);
        expect(refused.code).not.toBe(0);
        expect(refused.shown).toContain(
          "invalid YAML file: package must be either a string or a package specification object",
        );
      }
      expect(bad.requests.length).toBe(asked);
    });
  });
});
