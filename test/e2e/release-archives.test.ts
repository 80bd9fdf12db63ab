import { ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";
import { Spec, Validation } from "@cyclonedx/cyclonedx-library";
import { archiveName, PluginTarget, TARGETS } from "../../scripts/plugin-targets";
import { readExecutableHeader } from "../support/executable-headers";
import { REPO_ROOT } from "../support/program-stack";

/*
 * A release as `scripts/release.mjs --dry-run --out <tmp>` builds it (the plugins reused from
 * scripts/build-plugin.mjs's cache when their inputs are unchanged), checked as a security team would:
 * - the plugin archives, pulumi-resource-aria-v<version>-<os>-<arch>.tar.gz for linux, darwin and
 *   windows on amd64 and arm64: each one's name, layout (the executable at the top, beside the LICENSE
 *   and a README), the executable's format and architecture read from its header, the plugin program
 *   inside, the signature state (macOS ad hoc, Windows none); linux-arm64 starts under qemu-aarch64,
 *   prints its port and answers GetSchema (linux-amd64 runs in plugin-executable.test.ts);
 * - the CycloneDX SBOMs (each archive's and the npm package's): valid against the CycloneDX 1.6 schema
 *   (cyclonedx-library's strict JSON validator), naming the runtime inside and every bundled package
 *   with the version installed and its license; listed in SHA256SUMS, which `sha256sum -c` checks;
 * - the OpenSSH signatures: every file's verifies with `ssh-keygen -Y verify` against the folder's
 *   allowed_signers, and a copy with one byte changed fails; no private key is left in the folder;
 * - rebuilt from the same commit, the same bytes: a second dry run (--skip-plugins) gives the same
 *   wheel, npm packages, Go module zip and .info, schema and npm SBOM, and a second build of the linux-arm64 archive
 *   (build-plugin.mjs --force, no cache) the same archive as this release's. linux-amd64's archive is
 *   not reproducible, as its executable carries V8's code cache, which V8 does not write the same
 *   twice (docs/guides/release-and-install.md, "Rebuilding and comparing").
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

let work: string;
let out: string;
let unpacked: string;

/** Runs a script of the repository, its progress on stderr. */
function script(name: string, args: string[]): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts", name), ...args], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-release-archives-"));
  out = path.join(work, "release");
  unpacked = path.join(work, "unpacked");
  script("release.mjs", ["--dry-run", "--out", out]);
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
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

type Component = {
  name: string;
  group?: string;
  version?: string;
  type: string;
  purl?: string;
  licenses?: unknown[];
};
type Bom = {
  specVersion: string;
  metadata: { component: { name: string; version: string }; properties?: { name: string; value: string }[] };
  components: (Component & { components?: Component[] })[];
};

const readBom = (file: string) => JSON.parse(fs.readFileSync(path.join(out, file), "utf8")) as Bom;
const fullName = (c: Component) => (c.group ? `${c.group}/${c.name}` : c.name);
/** Every component, nested ones too (cyclonedx-npm nests a package's own node_modules). */
const allComponents = (bom: Bom): Component[] =>
  bom.components.flatMap((c) => [
    c,
    ...(c.components ?? []).flatMap((n) => allComponents({ ...bom, components: [n] })),
  ]);
/** The version of an npm package as installed for the provider (resolved from @pulumi/pulumi for its own). */
function installedVersion(name: string): string {
  const from = [
    REPO_ROOT,
    path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [REPO_ROOT] })),
  ];
  const manifest = require.resolve(`${name}/package.json`, { paths: from });
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}

describe("the release's SBOMs", () => {
  const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
  const sums = () =>
    fs
      .readFileSync(path.join(out, "SHA256SUMS"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(/\s+/)[1]);
  const sbomFiles = () => [
    `pulumi-aria-${VERSION}.cdx.json`,
    ...TARGETS.map((t) => archiveName(VERSION, t).replace(/\.tar\.gz$/, ".cdx.json")),
  ];

  it("are one per plugin archive and one for the npm package, listed in SHA256SUMS, which checks", () => {
    expect(
      fs
        .readdirSync(out)
        .filter((f) => f.endsWith(".cdx.json"))
        .sort(),
    ).toEqual(sbomFiles().sort());
    expect(sums()).toEqual(expect.arrayContaining(sbomFiles()));
    const check = spawnSync("sha256sum", ["-c", "--strict", "SHA256SUMS"], { cwd: out, encoding: "utf8" });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it.each(["npm package", ...TARGETS.map((t) => t.name)])(
    "validate against CycloneDX 1.6 (%s)",
    async (name) => {
      const file = sbomFiles()[name === "npm package" ? 0 : 1 + TARGETS.findIndex((t) => t.name === name)];
      const text = fs.readFileSync(path.join(out, file), "utf8");
      expect(await validator.validate(text)).toBeNull();
      expect(readBom(file).specVersion).toBe("1.6");
    },
  );

  it("name each archive's runtime and every bundled package, with the installed version and a license", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(out, "release.json"), "utf8")) as {
      plugins: { target: string; sbom: string; bundleSha256: string }[];
    };
    for (const target of TARGETS) {
      const record = manifest.plugins.find((p) => p.target === target.name)!;
      const bom = readBom(record.sbom);
      const properties = Object.fromEntries((bom.metadata.properties ?? []).map((p) => [p.name, p.value]));
      expect(properties).toEqual({
        "pulumi-aria:archive": archiveName(VERSION, target),
        "pulumi-aria:runtime": `${target.runtime === "bun" ? "Bun" : "Node.js"} ${target.runtimeRelease}`,
        "pulumi-aria:bundleSha256": record.bundleSha256,
      });
      expect(bom.metadata.component).toMatchObject({ name: "pulumi-aria", version: VERSION });
      const components = allComponents(bom);
      const runtime = components.filter((c) => c.type === "platform");
      expect(runtime).toEqual([
        expect.objectContaining({
          name: target.npm.replace(/^@oven\//, ""),
          version: target.runtimeRelease,
          purl: `pkg:npm/${target.npm.replace("@", "%40")}@${target.runtimeRelease}`,
          licenses: [{ license: { id: "MIT" } }],
        }),
      ]);
      const byName = new Map(components.map((c) => [fullName(c), c.version]));
      for (const pkg of ["@pulumi/pulumi", "@grpc/grpc-js", "google-protobuf", "zod", "undici"]) {
        expect([pkg, byName.get(pkg)]).toEqual([pkg, installedVersion(pkg)]);
      }
      // The bundle holds no TypeScript (a stub stands in) and no build tool.
      for (const absent of ["typescript", "esbuild", "jest"]) expect(byName.has(absent)).toBe(false);
      expect(components.filter((c) => !c.version || !c.licenses?.length).map(fullName)).toEqual([]);
    }
  });

  it("list the npm package's dependencies, not its dev dependencies", () => {
    const bom = readBom(`pulumi-aria-${VERSION}.cdx.json`);
    expect(bom.metadata.component).toMatchObject({ name: "pulumi-aria", version: VERSION });
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    // The top level is the project's node_modules (a package's own node_modules nest under it).
    const byName = new Map(bom.components.map((c) => [fullName(c), c.version]));
    // As package-lock.json pins them (npm's own reading: @pulumi/policy's package.json says "v1.21.0").
    const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version: string }>;
    };
    for (const dep of Object.keys(pkg.dependencies))
      expect([dep, byName.get(dep)]).toEqual([dep, lock.packages[`node_modules/${dep}`].version]);
    // The build's tools are dev dependencies: not in the package's tree.
    for (const tool of ["jest", "eslint", "esbuild", "prettier", "@cyclonedx/cyclonedx-npm"]) {
      expect([tool, allComponents(bom).some((c) => fullName(c) === tool)]).toEqual([tool, false]);
    }
  });
});

describe("the release's signatures (OpenSSH, a key made for the run)", () => {
  const identity = `pulumi-aria-v${VERSION}`;
  const verify = (file: string, signature: string) =>
    spawnSync(
      "ssh-keygen",
      [
        "-Y",
        "verify",
        "-f",
        path.join(out, "allowed_signers"),
        "-I",
        identity,
        "-n",
        "file",
        "-s",
        signature,
      ],
      { input: fs.readFileSync(file), encoding: "utf8" },
    );
  const signed = () =>
    fs
      .readFileSync(path.join(out, "SHA256SUMS"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(/\s+/)[1])
      .concat("SHA256SUMS");

  it("sign every file of SHA256SUMS and SHA256SUMS itself, each verifying with allowed_signers", () => {
    const sigs = fs.readdirSync(out).filter((f) => f.endsWith(".sig"));
    expect(sigs.sort()).toEqual(
      signed()
        .map((f) => `${f}.sig`)
        .sort(),
    );
    for (const file of signed()) {
      const result = verify(path.join(out, file), path.join(out, `${file}.sig`));
      expect([file, result.status, result.stdout]).toEqual([
        file,
        0,
        expect.stringContaining(`Good "file" signature for ${identity}`),
      ]);
    }
    // The public key alone ships; the private one never leaves the run's temporary folder.
    expect(fs.readFileSync(path.join(out, "allowed_signers"), "utf8")).toMatch(
      new RegExp(`^${identity} namespaces="file" ssh-ed25519 [A-Za-z0-9+/=]+\n$`),
    );
    const files = fs.readdirSync(out).filter((f) => fs.statSync(path.join(out, f)).isFile());
    const expected = [...signed(), ...signed().map((f) => `${f}.sig`), "allowed_signers"];
    expect(files.sort()).toEqual(expected.sort());
  });

  it.each(["linux-amd64 archive", "SHA256SUMS", "npm SBOM"])(
    "fail for a copy of the %s with one byte changed",
    (which) => {
      const file = {
        "linux-amd64 archive": archiveName(
          VERSION,
          TARGETS.find((t) => t.name === "linux-amd64")!,
        ),
        SHA256SUMS: "SHA256SUMS",
        "npm SBOM": `pulumi-aria-${VERSION}.cdx.json`,
      }[which]!;
      const bytes = fs.readFileSync(path.join(out, file));
      bytes[Math.floor(bytes.length / 2)] ^= 0x01;
      const tampered = path.join(work, `tampered-${file}`);
      fs.writeFileSync(tampered, bytes);
      const result = verify(tampered, path.join(out, `${file}.sig`));
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain("Signature verification failed");
    },
  );
});

describe("the release rebuilt from the same commit", () => {
  it("gives the same wheel, npm packages, Go module, schema and SBOM; the sdist and the record differ", () => {
    const second = path.join(work, "second");
    script("release.mjs", ["--dry-run", "--skip-plugins", "--out", second]);
    const goProxy = `goproxy/github.com/pulumi-aria/pulumi-aria/sdk/go/@v/v${VERSION}`;
    const same = [
      `pulumi_aria-${VERSION}-py3-none-any.whl`,
      `pulumi-aria-${VERSION}.tgz`,
      `pulumi-aria-aria-${VERSION}.tgz`,
      `aria-schema-v${VERSION}.json`,
      `pulumi-aria-${VERSION}.cdx.json`,
      `${goProxy}.zip`,
      `${goProxy}.info`,
    ];
    const sumsOf = (dir: string) => Object.fromEntries(same.map((f) => [f, sha256(path.join(dir, f))]));
    expect(sumsOf(second)).toEqual(sumsOf(out));
    // setuptools dates the sdist's PKG-INFO, its folders and its gzip header at build time; release.json
    // records the build's times, and SHA256SUMS them; the signatures are by another run's key.
    const differing = fs
      .readdirSync(second)
      .filter((f) => fs.statSync(path.join(second, f)).isFile() && !f.endsWith(".sig"))
      .filter((f) => sha256(path.join(out, f)) !== sha256(path.join(second, f)))
      .sort();
    expect(differing).toEqual(
      ["SHA256SUMS", "allowed_signers", `pulumi_aria-${VERSION}.tar.gz`, "release.json"].sort(),
    );
  });

  it("gives the same linux-arm64 plugin archive (a Node executable without code cache), built again", () => {
    const again = path.join(work, "plugin-again");
    script("build-plugin.mjs", ["--target", "linux-arm64", "--force", "--out", again]);
    const name = `pulumi-resource-aria-v${VERSION}-linux-arm64.tar.gz`;
    expect(fs.statSync(path.join(again, name)).size).toBeGreaterThan(1e6);
    expect(sha256(path.join(again, name))).toBe(sha256(path.join(out, name)));
  });
});
