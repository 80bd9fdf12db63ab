import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, REPO_ROOT } from "../support/program-stack";

/*
 * What the e2e tests of the `aria` provider plugin share: the Pulumi YAML program of
 * test/e2e/programs/plugin-yaml on a stack configured with `aria:` settings, a client of the same
 * emulator, and the checks every way of running the plugin must pass (what `up` makes, secrets never
 * in clear in the state, nothing left after `destroy`). plugin-yaml.test.ts runs the program with the
 * npm package's launcher, plugin-executable.test.ts with the single executable.
 */

/** The YAML program both tests run. */
export const PLUGIN_YAML_PROGRAM = "test/e2e/programs/plugin-yaml";

/** The secrets the program sets, which must never be in clear in the state. */
export const JENKINS_PASSWORD = "e2e-Jenkins-Passw0rd";
export const GIT_TOKEN = "e2e-Git-T0ken";

/** The ids of what the program makes on the server. */
export interface PluginIds {
  jenkins: string;
  git: string;
  thing: string;
}

/** A stack of the YAML program and a client of its emulator (as the admin user). */
export interface PluginStack {
  stack: E2EStack;
  client: AriaClient;
}

/**
 * Opens the YAML program on a fresh backend and emulator, with the plugin's settings (`aria:url`, a
 * secret `aria:refreshToken`, no endpoint validation). `env` goes to every engine run; with `tls`, the
 * emulator serves HTTPS with that certificate, which `aria:caCert` (and the tests' client) trust.
 */
export async function openPluginYamlStack(
  env?: Record<string, string>,
  tls?: { key: string; cert: string },
): Promise<PluginStack> {
  const stack = await openStack({
    program: PLUGIN_YAML_PROGRAM,
    noCredentials: true,
    env,
    ...(tls ? { emulatorOptions: { tls: { key: tls.key, cert: tls.cert } } } : {}),
  });
  stack.setConfig("aria:url", stack.url);
  stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
  stack.setConfig("aria:validateEndpoints", "false");
  if (tls) stack.setConfig("aria:caCert", tls.cert);
  const client = createClient(
    resolveClientConfig(
      { "vra:url": stack.url, "vra:refreshToken": USERS.admin, ...(tls ? { "vra:caCert": tls.cert } : {}) },
      {},
    ),
  );
  return { stack, client };
}

/**
 * Rewrites the stack's Pulumi.yaml without its `plugins:` entry (then the engine looks on PATH, in
 * PULUMI_HOME's plugin cache, or downloads), with `edit` applied after; returns the program written.
 */
export function dropPluginsEntry(stack: E2EStack, edit = (program: string) => program): string {
  const file = path.join(stack.workDir, "Pulumi.yaml");
  const program = edit(fs.readFileSync(file, "utf8").replace(/^plugins:\n(?: {2}.*\n)+/m, ""));
  expect(program).not.toMatch(/^plugins:/m);
  fs.writeFileSync(file, program);
  return program;
}

/** Runs the first `up`: 3 resources and the stack created, the lookups answered, all on the server. */
export async function expectFirstUp({ stack, client }: PluginStack): Promise<PluginIds> {
  const up = expectOk(await stack.up());
  expect(changes(up)).toEqual({ create: 4 }); // the stack and its 3 resources
  const outputs = up.outputs!;
  const ids = {
    jenkins: outputs.jenkinsId.value as string,
    git: outputs.gitId.value as string,
    thing: outputs.thingId.value as string,
  };
  expect(outputs.foundName.value).toBe("jenkins");
  expect(outputs.foundType.value).toBe("jenkins");
  expect((outputs.firstTile.value as { tileId: string }).tileId).toEqual(expect.any(String));

  const jenkins = await client.getEndpoint(ids.jenkins);
  expect(jenkins).toMatchObject({ name: "jenkins", type: "jenkins", project: "Platform" });
  expect(jenkins.properties).toMatchObject({ url: "https://jenkins.example.com", username: "ci" });
  const git = await client.getEndpoint(ids.git);
  expect(git).toMatchObject({ name: "app-repo", type: "git" });
  expect((await client.getResource(ids.thing)).name).toBe("yaml-thing");
  return ids;
}

/** No secret of the program or the config in clear in the backend's files. */
export function expectSecretsEncrypted(stack: E2EStack): void {
  const state = stack.rawState();
  expect(state).not.toContain(JENKINS_PASSWORD);
  expect(state).not.toContain(GIT_TOKEN);
  expect(state).not.toContain(USERS.admin);
}

/** Runs `destroy`: the 3 resources and the stack deleted, and none of them left on the server. */
export async function expectDestroyed({ stack, client }: PluginStack, ids: PluginIds): Promise<void> {
  const destroyed = expectOk(await stack.destroy());
  expect(changes(destroyed)).toEqual({ delete: 4 });
  for (const id of [ids.jenkins, ids.git]) {
    await expect(client.getEndpoint(id)).rejects.toMatchObject({ code: "NotFound" });
  }
  await expect(client.getResource(ids.thing)).rejects.toMatchObject({ code: "NotFound" });
}

/** Closes the client and disposes of the stack (either may be missing after a failed beforeAll). */
export async function closePluginStack(opened: Partial<PluginStack> | undefined): Promise<void> {
  await opened?.client?.close();
  await opened?.stack?.dispose();
}

/** What scripts/build-plugin.mjs built (its `--json` answer). */
export interface PluginBuild {
  /** <os>-<arch> (or linux-amd64-bun). */
  target: string;
  version: string;
  hash: string;
  node: string;
  executable: string;
  tarball: string;
  executableBytes: number;
  tarballBytes: number;
  bundleBytes: number;
  /** The esbuild bundle's sha256: the same for every target built from the same inputs. */
  bundleSha256: string;
  buildMs: Record<string, number>;
  cached: boolean;
}

/** The single executable and its tarball: built by scripts/build-plugin.mjs, or its cached build reused. */
export function buildPluginExecutable(): PluginBuild {
  const out = execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, "scripts", "build-plugin.mjs"), "--json"],
    { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  return JSON.parse(out.trim().split("\n").pop()!) as PluginBuild;
}

/**
 * `base` (a PATH) without any directory that holds a `node` executable, and `first` in front: what a
 * machine without Node.js has.
 */
export function pathWithoutNode(base: string, ...first: string[]): string {
  const hasNode = (dir: string) => {
    try {
      fs.accessSync(path.join(dir, "node"), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  return [...first, ...base.split(path.delimiter)]
    .filter((dir, i, all) => dir !== "" && all.indexOf(dir) === i && !hasNode(dir))
    .join(path.delimiter);
}

/**
 * The schema's pluginDownloadURL, which every SDK carries: the project's GitHub releases (read from
 * the published sdk/schema.json, as the SDKs were generated from it).
 */
export const PLUGIN_DOWNLOAD_URL: string = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, "sdk", "schema.json"), "utf8"),
).pluginDownloadURL;

/** A release folder served over HTTP on loopback, as a mirror of the GitHub releases. */
export interface ReleaseServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The paths asked for, in order. */
  requests: string[];
  /**
   * What points the engine's plugin download at this server instead of the schema's URL:
   * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES.
   */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Serves the archives (`*.tar.gz`) of one folder, by name, as a release's download URL does. */
export function serveRelease(dir: string): Promise<ReleaseServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
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
    server.listen(0, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url,
        requests,
        env: {
          PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${PLUGIN_DOWNLOAD_URL.replace(/[.]/g, "\\.")}=${url}`,
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}
