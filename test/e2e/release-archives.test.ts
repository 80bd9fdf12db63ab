import { ChildProcess, execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";
import { archiveName, PluginTarget, TARGETS } from "../../scripts/plugin-targets";
import { readExecutableHeader } from "../support/executable-headers";
import { REPO_ROOT } from "../support/program-stack";

/*
 * The plugin archives of a release, pulumi-resource-aria-v<version>-<os>-<arch>.tar.gz for linux,
 * darwin and windows on amd64 and arm64, as scripts/build-plugin.mjs --target all builds them (or
 * reuses its cached builds): each archive's name, its layout (the executable at the top, beside the
 * LICENSE and a README), the executable's format and architecture read from its header, the plugin
 * program inside, and the signature state (macOS ad hoc, Windows none). Only the linux executables
 * can run here: linux-arm64 starts under qemu-aarch64, prints its port and answers GetSchema; the
 * linux-amd64 one runs in plugin-executable.test.ts and the engine's tests.
 */

jest.setTimeout(1_800_000);

const VERSION = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version as string;
/** The plugin program's own text, which only its bundle holds (scripts/plugin-bundle.mjs). */
const BUNDLE_MARKER = "is not in the pulumi-resource-aria bundle (scripts/build-plugin.mjs)";
const SEA_FUSE_SET = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1";
const BUN_TRAILER = "\n---- Bun! ----\n";
const QEMU = "/usr/bin/qemu-aarch64-static";
/** The arm64 C library Debian's libc6-arm64-cross installs, for qemu to load the executable with. */
const ARM64_SYSROOT = "/usr/aarch64-linux-gnu";

let out: string;
let unpacked: string;

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-release-archives-"));
  unpacked = path.join(out, "unpacked");
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, "scripts", "build-plugin.mjs"), "--target", "all", "--out", out],
    { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
});

afterAll(() => {
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

/** Unpacks a target's archive (once) and returns its directory. */
function unpack(target: PluginTarget): string {
  const dir = path.join(unpacked, target.name);
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync("tar", ["-xzf", path.join(out, archiveName(VERSION, target)), "-C", dir]);
  }
  return dir;
}

describe.each(TARGETS.map((t) => [t.name, t] as const))("the %s archive", (_name, target) => {
  it("has the name the engine asks for and the executable at its top, with the LICENSE and a README", () => {
    const archive = path.join(out, `pulumi-resource-aria-v${VERSION}-${target.os}-${target.arch}.tar.gz`);
    expect(fs.existsSync(archive)).toBe(true);
    const listing = execFileSync("tar", ["-tzvf", archive], { encoding: "utf8" }).trim().split("\n");
    const entries = listing.map((line) => {
      const fields = line.split(/\s+/);
      return { mode: fields[0], name: fields[fields.length - 1] };
    });
    expect(entries.map((e) => e.name).sort()).toEqual([target.executable, "LICENSE", "README.md"].sort());
    expect(entries.find((e) => e.name === target.executable)?.mode).toBe("-rwxr-xr-x");
    const readme = fs.readFileSync(path.join(unpack(target), "README.md"), "utf8");
    expect(readme).toContain(`pulumi-resource-aria ${VERSION} (${target.name})`);
    expect(fs.readFileSync(path.join(unpack(target), "LICENSE"), "utf8")).toBe(
      fs.readFileSync(path.join(REPO_ROOT, "LICENSE"), "utf8"),
    );
  });

  it("holds an executable of the platform's format and architecture, with the plugin program inside", () => {
    const bytes = fs.readFileSync(path.join(unpack(target), target.executable));
    const header = readExecutableHeader(bytes);
    expect({ format: header.format, machine: header.machine }).toEqual({
      format: target.format,
      machine: target.machine,
    });
    expect(bytes.includes(BUNDLE_MARKER)).toBe(true);
    expect(bytes.includes(`module2.exports = { version: "${VERSION}" }`)).toBe(true);
    if (target.runtime === "node-sea") {
      // postject sets the fuse when it injects the blob; macOS keeps the blob in its own segment.
      expect(bytes.includes(SEA_FUSE_SET)).toBe(true);
      if (target.format === "macho") expect(header.segments).toContain("NODE_SEA");
    } else {
      expect(bytes.includes(BUN_TRAILER)).toBe(true);
    }
  });

  it(`is ${target.sign ? "signed (ad hoc, as macOS requires)" : "unsigned (no signature the injection broke)"}`, () => {
    const header = readExecutableHeader(fs.readFileSync(path.join(unpack(target), target.executable)));
    expect(header.signed).toBe(target.sign);
  });
});

describe("the linux-arm64 plugin under qemu-aarch64", () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill("SIGKILL"));

  it("starts without node, prints its port and answers GetSchema with this version's schema", async () => {
    for (const need of [QEMU, path.join(ARM64_SYSROOT, "lib", "ld-linux-aarch64.so.1")]) {
      if (!fs.existsSync(need)) {
        throw new Error(
          `${need} is missing: apt-get install qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross`,
        );
      }
    }
    const executable = path.join(
      unpack(TARGETS.find((t) => t.name === "linux-arm64")!),
      "pulumi-resource-aria",
    );
    const started = (child = spawn(QEMU, ["-L", ARM64_SYSROOT, executable], {
      env: { PATH: "/nonexistent" },
      stdio: ["ignore", "pipe", "pipe"],
    }));
    let stderr = "";
    started.stderr!.on("data", (chunk) => (stderr += chunk));
    const port = await new Promise<number>((resolve, reject) => {
      let stdout = "";
      started.stdout!.on("data", (chunk) => {
        stdout += chunk;
        if (stdout.includes("\n")) resolve(Number(stdout.trim()));
      });
      started.on("exit", (code) => reject(new Error(`it exited (${code}) before a port: ${stderr}`)));
    });
    expect(port).toBeGreaterThan(0);
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    try {
      const schema = await new Promise<Record<string, unknown>>((resolve, reject) =>
        client.getSchema(new GetSchemaRequest(), (err, res) =>
          err ? reject(err) : resolve(JSON.parse(res!.getSchema()) as Record<string, unknown>),
        ),
      );
      expect(schema).toMatchObject({
        name: "aria",
        version: VERSION,
        pluginDownloadURL: "github://api.github.com/pulumi-aria/pulumi-aria",
      });
    } finally {
      client.close();
    }
  });
});
