import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { engineEnv } from "../../scripts/engine-env";
import { findExecutable, runCommand } from "../../scripts/run-command";
import { Emulator, USERS } from "../support/emulator";
import { changes, E2EStack, engineRoot, expectOk, REPO_ROOT } from "../support/program-stack";
import { CiStandIn, startCiStandIn } from "../support/tls-servers";
import {
  closeExample,
  expectExampleDestroyed,
  expectExampleSecretsEncrypted,
  expectExampleUp,
  ExampleIds,
  ExampleStack,
  expectExists,
  GIT_TOKEN,
  JENKINS_PASSWORD,
} from "./language-examples";
import { NpmRegistry, RunningRegistry, startNpmRegistry, startPythonIndex } from "./package-registries";
import {
  buildPluginExecutable,
  expectDestroyed,
  expectFirstUp,
  pathWithoutNode,
  PluginIds,
  ReleaseServer,
  serveRelease,
} from "./plugin-helpers";
import { packageVersion, run } from "./sdk-tools";

/*
 * Installing by name, as docs/guides/release-and-install.md says, from real registry servers run on
 * loopback by this test: a release built by `scripts/release.mjs --dry-run --skip-plugins --out <tmp>`
 * (with the cached linux-amd64 plugin archive of scripts/build-plugin.mjs beside it) is published to
 * verdaccio (the two npm packages, by `npm publish`), served by pypiserver (the wheel and sdist) and
 * by a `GOPROXY=file://` folder (the Go module), and its plugin archive by an HTTP server that the
 * engine's download is pointed at (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES), as a mirror would be.
 *
 * Each program installs its SDK with the guide's own `sh` block, run word for word by bash in the
 * program's directory; only the environment points the tools at the local registries (what the
 * guide's "Installing from a mirror or a private registry" says). Then the `pulumi` CLI in that
 * directory, as users run it, on an empty PULUMI_HOME with automatic plugin acquisition on and no
 * `plugins:` entry: up, a preview with no changes, destroy, against the emulator.
 * - Python (examples/quickstart-python in a fresh virtualenv) and Go (examples/quickstart-go without
 *   its `replace` and the SDK's require; the Go host compiles it): no `node` on PATH;
 * - TypeScript on the plugin SDK @pulumi-aria/aria (test/e2e/programs/install-ts-sdk): node runs the
 *   program, the plugin comes from the engine's download;
 * - the npm package `pulumi-aria` (examples/quickstart, dynamic resources): no plugin at all.
 */

jest.setTimeout(15 * 60_000);

const GUIDE = "docs/guides/release-and-install.md";
const VERSION = packageVersion();
const PLUGIN_ARCHIVE = `pulumi-resource-aria-v${VERSION}-linux-amd64.tar.gz`;

/** The guide's `sh` blocks this test runs, by what they install. */
function installBlocks(): Record<"dynamic" | "sdk" | "python" | "go", string> {
  const guide = fs.readFileSync(path.join(REPO_ROOT, GUIDE), "utf8");
  const blocks = [
    ...guide.matchAll(/<!-- run by: test\/e2e\/install-by-name\.test\.ts -->\n```sh\n([\s\S]*?)```/g),
  ].map((m) => m[1]);
  const pick = (pattern: RegExp) => {
    const found = blocks.filter((block) => pattern.test(block));
    if (found.length !== 1) throw new Error(`${GUIDE}: ${found.length} install blocks match ${pattern}`);
    return found[0];
  };
  const picked = {
    dynamic: pick(/^npm install pulumi-aria /m),
    sdk: pick(/^npm install @pulumi-aria\/aria /m),
    python: pick(/^pip install /m),
    go: pick(/^go get /m),
  };
  expect(blocks).toHaveLength(Object.keys(picked).length);
  return picked;
}

let tmp: string;
let release: string;
let npm: NpmRegistry;
let pypi: RunningRegistry;
let releaseServer: ReleaseServer;
let ci: CiStandIn;
let blocks: ReturnType<typeof installBlocks>;
/** The environment that points each tool at the local registries (the guide's mirror settings). */
let registryEnv: Record<string, string>;
const timings: Record<string, number> = {};

async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    timings[what] = Date.now() - started;
  }
}

beforeAll(async () => {
  blocks = installBlocks();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-install-"));
  release = path.join(tmp, "release");
  await timed("release", async () => {
    await run(
      process.execPath,
      [path.join(REPO_ROOT, "scripts", "release.mjs"), "--dry-run", "--skip-plugins", "--out", release],
      { cwd: REPO_ROOT },
    );
    const plugin = buildPluginExecutable();
    expect(path.basename(plugin.tarball)).toBe(PLUGIN_ARCHIVE);
    fs.copyFileSync(plugin.tarball, path.join(release, PLUGIN_ARCHIVE));
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(release, "release.json"), "utf8")) as {
    npm: string[];
    python: string[];
  };

  // Its storage inside the run's directory, removed with it.
  const verdaccioDir = path.join(tmp, "verdaccio");
  fs.mkdirSync(verdaccioDir);
  npm = await timed("verdaccio", () => startNpmRegistry(verdaccioDir));
  await timed("npm publish", async () => {
    for (const tarball of manifest.npm) await npm.publish(path.join(release, tarball));
  });
  // Only the Python files: pypiserver would take the npm tarballs for sdists of `pulumi-aria`.
  const python = path.join(tmp, "python-packages");
  fs.mkdirSync(python);
  for (const file of manifest.python) fs.copyFileSync(path.join(release, file), path.join(python, file));
  pypi = await timed("pypiserver", () => startPythonIndex(python));
  releaseServer = await serveRelease(release);
  ci = await startCiStandIn();

  const goproxy = (await run("go", ["env", "GOPROXY"])).stdout.trim();
  registryEnv = {
    npm_config_registry: npm.url,
    PIP_INDEX_URL: `${pypi.url}simple/`,
    GOPROXY: `file://${path.join(release, "goproxy")},${goproxy}`,
    GONOSUMDB: "github.com/pulumi-aria/pulumi-aria",
  };
});

afterAll(async () => {
  await releaseServer?.close();
  await npm?.close();
  await pypi?.close();
  await ci?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (Object.keys(timings).length > 0) {
    process.stderr.write(
      `install-by-name timings: ${Object.entries(timings)
        .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
        .join(", ")}\n`,
    );
  }
});

/** A program copied into a directory of its own, installed by name, on its own backend and emulator. */
interface Installed extends ExampleStack {
  /** The engine runs' environment. */
  env: Record<string, string>;
}

/**
 * Copies `source` (relative to the repository) into a fresh directory, lets `prepare` make it a
 * user's copy, runs the guide's `block` there with bash, and opens a stack on it: an empty
 * PULUMI_HOME, automatic plugin acquisition on, the release server as the plugin's download URL.
 * `pathFirst` goes before the engine's directory on PATH; `withNode` keeps node on PATH.
 */
async function openInstalled(options: {
  language: "python" | "go" | "ts-sdk" | "dynamic";
  source: string;
  block: string;
  pathFirst?: string[];
  withNode: boolean;
  env?: Record<string, string>;
  prepare?: (dir: string) => Promise<void>;
}): Promise<Installed> {
  const dir = fs.mkdtempSync(path.join(tmp, `program-${options.language}-`));
  const work = path.join(dir, "program");
  fs.cpSync(path.join(REPO_ROOT, options.source), work, {
    recursive: true,
    filter: (src) =>
      !/(^|\/)(node_modules|bin|venv|__pycache__)$/.test(src) && !/Pulumi\..+\.yaml$/.test(src),
  });
  await options.prepare?.(work);
  const project = fs.readFileSync(path.join(work, "Pulumi.yaml"), "utf8");
  expect(project).not.toMatch(/^plugins:/m);
  const projectName = /^name:\s*(\S+)/m.exec(project)![1];

  const base = engineEnv({
    root: engineRoot(),
    stateDir: path.join(dir, "state"),
    homeDir: path.join(dir, "home"),
    passphrase: "install-by-name",
  });
  fs.mkdirSync(path.join(dir, "state"));
  fs.mkdirSync(path.join(dir, "home"));
  const enginePath = [...(options.pathFirst ?? []), path.join(engineRoot(), "bin")];
  const PATH = options.withNode
    ? [...enginePath, process.env.PATH ?? ""].join(path.delimiter)
    : pathWithoutNode(process.env.PATH ?? "", ...enginePath);
  const env: Record<string, string> = {
    ...base,
    ...registryEnv,
    ...releaseServer.env,
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    ...options.env,
    PATH,
    npm_config_update_notifier: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
  const installed = await timed(`${options.language} install`, () =>
    runCommand(bashPath(), ["-c", `set -eo pipefail\n${options.block}`], {
      cwd: work,
      env: { ...process.env, ...env },
    }),
  );
  if (installed.code !== 0) {
    throw new Error(
      `${GUIDE}'s install for ${options.language} failed (exit ${installed.code}):\n${installed.output.slice(-6000)}`,
    );
  }

  const emulator = await Emulator.start();
  const stack = new E2EStack(emulator.running, true, {
    program: work,
    workDir: work,
    projectName,
    tmp: dir,
    env,
  });
  const client = emulator.client();
  return { language: "yaml", stack, client, env };
}

/** The plugin's settings on a stack (the SDK's default provider reads them). */
function setPluginConfig(stack: E2EStack): void {
  stack.setConfig("aria:url", stack.url);
  stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
  stack.setConfig("aria:validateEndpoints", "false");
}

/** The config of the quickstarts in Python and Go. */
function setQuickstartConfig(stack: E2EStack): void {
  setPluginConfig(stack);
  stack.setConfig("jenkinsUrl", "https://jenkins.example.com");
  stack.setConfig("jenkinsPassword", { value: JENKINS_PASSWORD, secret: true });
  stack.setConfig("gitRepoUrl", "https://github.com/example/app.git");
  stack.setConfig("gitToken", { value: GIT_TOKEN, secret: true });
}

/** Nothing on PATH is node or the plugin: what a machine without Node.js has. */
function expectNoNodeNorPlugin(env: Record<string, string>): void {
  for (const dir of env.PATH.split(path.delimiter)) {
    expect(fs.existsSync(path.join(dir, "node"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "pulumi-resource-aria"))).toBe(false);
  }
}

/** The plugins the stack's PULUMI_HOME holds. */
async function installedPlugins(stack: E2EStack): Promise<Array<{ name: string; version: string }>> {
  const listed = await stack.pulumi(["plugin", "ls", "--json"]);
  expect(listed.code).toBe(0);
  return JSON.parse(listed.stdout) ?? [];
}

/**
 * The program's lock file names `name` at the release's version with the integrity of the release's
 * tarball: what verdaccio served is what the test published (the lock file's `resolved` URL is left
 * out where npm's omit-lockfile-registry-resolved is set, as on this machine).
 */
function expectFromRelease({ stack }: Installed, name: string, tarball: string): void {
  const lock = JSON.parse(fs.readFileSync(path.join(stack.workDir, "package-lock.json"), "utf8"));
  const sha512 = createHash("sha512")
    .update(fs.readFileSync(path.join(release, tarball)))
    .digest("base64");
  expect(lock.packages[`node_modules/${name}`]).toMatchObject({
    version: VERSION,
    integrity: `sha512-${sha512}`,
  });
}

/** bash, by its absolute path: a PATH without node may lack its directory (/usr/bin). */
function bashPath(): string {
  const bash = findExecutable(["bash"]);
  if (bash === undefined) throw new Error("bash is not on PATH");
  return bash;
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * The Go environment of the test's program: a module cache of its own, so that a v<version> cached
 * from an earlier build of the same version is never taken for the release's; the machine's module
 * cache (its download folder is in the module proxy layout) as a read-only mirror after the release
 * folder, so that the program's other modules are not downloaded again.
 */
async function goEnv(): Promise<Record<string, string>> {
  const shared = (await run("go", ["env", "GOMODCACHE"])).stdout.trim();
  return {
    GOMODCACHE: path.join(tmp, "gomodcache"),
    // Its files writable, so that the test's clean-up can remove them; -trimpath, so that the build
    // cache's entries do not depend on where the module cache is (they are reused from run to run).
    GOFLAGS: "-modcacherw -trimpath",
    GOPROXY: [
      `file://${path.join(release, "goproxy")}`,
      `file://${path.join(shared, "cache", "download")}`,
      registryEnv.GOPROXY.split(",").slice(1).join(","),
    ].join(","),
  };
}

/** What the engine downloaded from the release server since `before` requests. */
function downloadsSince(before: number): string[] {
  return releaseServer.requests.slice(before);
}

describe("the Python SDK installed by name from a local package index", () => {
  let opened: Installed;
  let ids: ExampleIds;

  beforeAll(async () => {
    const venv = path.join(tmp, "python-venv");
    await run("python3", ["-m", "venv", venv]);
    opened = await openInstalled({
      language: "python",
      source: "examples/quickstart-python",
      block: blocks.python,
      pathFirst: [path.join(venv, "bin")],
      withNode: false,
      // What `. venv/bin/activate` does.
      env: { VIRTUAL_ENV: venv },
    });
    setQuickstartConfig(opened.stack);
  });
  afterAll(async () => {
    await closeExample(opened);
  });

  it("installed pulumi_aria from the local index, and the example's requirements are met", async () => {
    const venvPython = path.join(opened.env.VIRTUAL_ENV, "bin", "python");
    const shown = await run(venvPython, ["-m", "pip", "show", "pulumi_aria"], {
      env: { ...process.env, ...opened.env },
    });
    expect(shown.stdout).toMatch(new RegExp(`^Version: ${VERSION.replace(/\./g, "\\.")}$`, "m"));
    const requirements = await run(venvPython, ["-m", "pip", "install", "-r", "requirements.txt"], {
      cwd: opened.stack.workDir,
      env: { ...process.env, ...opened.env },
    });
    expect(requirements.stdout).toMatch(/Requirement already satisfied: pulumi_aria\b/);
    expect(requirements.stdout).not.toMatch(/Successfully installed/);
    expectNoNodeNorPlugin(opened.env);
    expect(await installedPlugins(opened.stack)).toEqual([]);
  });

  it("up downloads the plugin through the engine and creates everything", async () => {
    const before = releaseServer.requests.length;
    ids = await expectExampleUp(opened);
    expect(downloadsSince(before)).toEqual([`/${PLUGIN_ARCHIVE}`]);
    expect(await installedPlugins(opened.stack)).toContainEqual(
      expect.objectContaining({ name: "aria", version: VERSION }),
    );
    expectExampleSecretsEncrypted(opened);
  });

  it("previews with no changes", async () => {
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
  });

  it("destroys everything it made", async () => {
    await expectExampleDestroyed(opened, ids);
  });
});

describe("the Go SDK fetched by name through a GOPROXY folder", () => {
  let opened: Installed;
  let ids: ExampleIds;

  beforeAll(async () => {
    opened = await openInstalled({
      language: "go",
      source: "examples/quickstart-go",
      block: blocks.go,
      withNode: false,
      env: await goEnv(),
      // A user's copy, as go.mod's comment says: neither the `replace` of the SDK with the
      // repository's sdk/go nor the SDK's require (its placeholder version); `go get` adds it.
      prepare: async (dir) => {
        const file = path.join(dir, "go.mod");
        const dropped = fs
          .readFileSync(file, "utf8")
          .replace(/(?:^\/\/.*\n)*^replace github\.com\/pulumi-aria\/pulumi-aria\/sdk\/go => .*\n/m, "")
          .replace(/^\s*github\.com\/pulumi-aria\/pulumi-aria\/sdk\/go v\S+\n/m, "");
        expect(dropped).not.toContain("pulumi-aria/sdk/go");
        fs.writeFileSync(file, dropped);
      },
    });
    setQuickstartConfig(opened.stack);
  });
  afterAll(async () => {
    await closeExample(opened);
  });

  it("got the SDK's module from the proxy folder", async () => {
    const listed = await run("go", ["list", "-m", "-json", "github.com/pulumi-aria/pulumi-aria/sdk/go"], {
      cwd: opened.stack.workDir,
      env: { ...process.env, ...opened.env },
    });
    const module = JSON.parse(listed.stdout) as { Version: string; Replace?: unknown; Dir: string };
    expect(module).toMatchObject({ Version: `v${VERSION}` });
    expect(module.Replace).toBeUndefined();
    expect(module.Dir).not.toContain(REPO_ROOT);
    // What the go command downloaded is the release's zip, byte for byte.
    const zip = `github.com/pulumi-aria/pulumi-aria/sdk/go/@v/v${VERSION}.zip`;
    const downloaded = path.join(opened.env.GOMODCACHE, "cache", "download", zip);
    expect(sha256(downloaded)).toBe(sha256(path.join(release, "goproxy", zip)));
    expect(fs.readFileSync(path.join(opened.stack.workDir, "go.sum"), "utf8")).toContain(
      `github.com/pulumi-aria/pulumi-aria/sdk/go v${VERSION} h1:`,
    );
    expectNoNodeNorPlugin(opened.env);
    expect(await installedPlugins(opened.stack)).toEqual([]);
  });

  it("up (the Go host compiles the program) downloads the plugin and creates everything", async () => {
    const before = releaseServer.requests.length;
    ids = await expectExampleUp(opened);
    expect(downloadsSince(before)).toEqual([`/${PLUGIN_ARCHIVE}`]);
    expectExampleSecretsEncrypted(opened);
  });

  it("previews with no changes", async () => {
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
  });

  it("destroys everything it made", async () => {
    await expectExampleDestroyed(opened, ids);
  });
});

describe("the plugin SDK @pulumi-aria/aria installed by name from a local npm registry", () => {
  let opened: Installed;
  let ids: PluginIds;

  beforeAll(async () => {
    opened = await openInstalled({
      language: "ts-sdk",
      source: "test/e2e/programs/install-ts-sdk",
      block: blocks.sdk,
      withNode: true,
    });
    setPluginConfig(opened.stack);
  });
  afterAll(async () => {
    await closeExample(opened);
  });

  it("installed @pulumi-aria/aria from the local registry, with no plugin anywhere", async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(opened.stack.workDir, "package.json"), "utf8"));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["@pulumi-aria/aria", "@pulumi/pulumi"]);
    expectFromRelease(opened, "@pulumi-aria/aria", `pulumi-aria-aria-${VERSION}.tgz`);
    for (const dir of opened.env.PATH.split(path.delimiter)) {
      expect(fs.existsSync(path.join(dir, "pulumi-resource-aria"))).toBe(false);
    }
    expect(await installedPlugins(opened.stack)).toEqual([]);
  });

  it("up downloads the plugin through the engine and creates everything", async () => {
    const before = releaseServer.requests.length;
    ids = await expectFirstUp(opened);
    expect(downloadsSince(before)).toEqual([`/${PLUGIN_ARCHIVE}`]);
  });

  it("answers exists(): true, false for what is not there, an error when the server cannot say", async () => {
    await expectExists(opened);
  });

  it("previews with no changes", async () => {
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
  });

  it("destroys everything it made", async () => {
    await expectDestroyed(opened, ids);
  });
});

describe("the npm package pulumi-aria (dynamic resources) installed by name from a local npm registry", () => {
  let opened: Installed;

  beforeAll(async () => {
    opened = await openInstalled({
      language: "dynamic",
      source: "examples/quickstart",
      block: blocks.dynamic,
      withNode: true,
    });
    const { stack } = opened;
    stack.setConfig("vra:url", stack.url);
    stack.setConfig("vra:refreshToken", { value: USERS.admin, secret: true });
    stack.setConfig("jenkinsUrl", ci.url);
    stack.setConfig("jenkinsPassword", { value: JENKINS_PASSWORD, secret: true });
    stack.setConfig("gitRepoUrl", `${ci.url}/scm/app.git`);
    stack.setConfig("gitToken", { value: GIT_TOKEN, secret: true });
  });
  afterAll(async () => {
    await closeExample(opened);
  });

  it("installed pulumi-aria from the local registry", () => {
    expectFromRelease(opened, "pulumi-aria", `pulumi-aria-${VERSION}.tgz`);
  });

  it("up creates the endpoints, with no plugin downloaded", async () => {
    const before = releaseServer.requests.length;
    const up = expectOk(await opened.stack.up());
    expect(changes(up)).toEqual({ create: 4 });
    expect(up.outputs?.jenkinsCertificateFingerprint?.value).toBe(ci.fingerprint);
    const names = (await opened.client.listAllEndpoints()).map((e) => e.name).sort();
    const prefix = opened.stack.stackName;
    expect(names).toEqual([`${prefix}-app-repo`, `${prefix}-jenkins`, `${prefix}-release-jenkins`].sort());
    expect(downloadsSince(before)).toEqual([]);
    const state = opened.stack.rawState();
    expect(state).not.toContain(JENKINS_PASSWORD);
    expect(state).not.toContain(GIT_TOKEN);
  });

  it("previews with no changes", async () => {
    expect(changes(expectOk(await opened.stack.preview()))).toEqual({});
  });

  it("destroys everything it made", async () => {
    expect(changes(expectOk(await opened.stack.destroy()))).toEqual({ delete: 4 });
    expect(await opened.client.listAllEndpoints()).toEqual([]);
  });
});
