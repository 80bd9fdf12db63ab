import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { cachedDir, makeVenv, pythonVersion, run } from "./sdk-tools";

/*
 * Real package registries on loopback for install-by-name.test.ts, started and stopped by the test
 * that needs them (never mocks):
 * - npm: verdaccio, its storage in a temporary directory, `pulumi-aria` and `@pulumi-aria/*` local
 *   only (published by the test with `npm publish`), everything else proxied from the machine's npm
 *   registry (`npm config get registry`), as a company's private registry does;
 * - Python: pypiserver serving a folder of wheels and sdists, everything else redirected to the
 *   machine's PyPI (`--fallback-url`).
 * Both are installed once into cacheBase()/tools/, keyed by their version, outside the work tree.
 * Each listens on an ephemeral port and says which (`listening on http://127.0.0.1:<port>/`).
 */

/** verdaccio 6.10.4 does not install here (its node-fetch 3 dependency); 6.8.0 with node-fetch 2.7.0 does. */
export const VERDACCIO_VERSION = "6.8.0";
export const PYPISERVER_VERSION = "2.4.2";

/** A registry server running as a child process. */
export interface RunningRegistry {
  /** Its base URL, `http://127.0.0.1:<port>/`. */
  url: string;
  close(): Promise<void>;
}

/** The local npm registry, with a user allowed to publish. */
export interface NpmRegistry extends RunningRegistry {
  /** `npm publish <tarball>` to it, as that user. */
  publish(tarball: string): Promise<void>;
}

/** Spawns a server that prints `listening on <url>`; resolves with its URL, or rejects with its output. */
function startListening(name: string, command: string, args: string[]): Promise<RunningRegistry> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (!match) return;
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      // Keep draining its output, so that the server never blocks on a full pipe.
      child.stdout?.resume();
      child.stderr?.resume();
      resolve({ url: match[1], close: () => stop(child) });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (error) => reject(new Error(`cannot start ${name}: ${error.message}`)));
    child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before listening:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The machine's npm registry, which the local one proxies for every other package. */
export async function machineNpmRegistry(): Promise<string> {
  return (await run("npm", ["config", "get", "registry"])).stdout.trim();
}

/** The machine's Python package index (pip's index-url, else PyPI), the local one's fallback. */
export async function machinePythonIndex(): Promise<string> {
  if (process.env.PIP_INDEX_URL) return process.env.PIP_INDEX_URL;
  const configured = await run("python3", ["-m", "pip", "config", "get", "global.index-url"]).catch(
    () => undefined,
  );
  return configured?.stdout.trim() || "https://pypi.org/simple/";
}

/** verdaccio, installed once with npm into cacheBase()/tools/verdaccio-<version>. */
async function verdaccioModule(): Promise<string> {
  const dir = await cachedDir(
    `tools/verdaccio-${VERDACCIO_VERSION}`,
    (d) => fs.existsSync(path.join(d, "node_modules", "verdaccio", "package.json")),
    async (work) => {
      const manifest = {
        name: "verdaccio-tool",
        private: true,
        dependencies: { verdaccio: VERDACCIO_VERSION },
        overrides: { "node-fetch": "2.7.0" },
      };
      fs.writeFileSync(path.join(work, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      await run("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], {
        cwd: work,
        env: { ...process.env, npm_config_update_notifier: "false" },
      });
    },
  );
  return path.join(dir, "node_modules", "verdaccio");
}

/** Runs verdaccio's server on an ephemeral port of its own choosing. */
const VERDACCIO_LAUNCHER = `
const { runServer } = require(process.argv[1]);
runServer(process.argv[2]).then((app) => {
  const server = app.listen(0, "127.0.0.1", () =>
    console.log(\`listening on http://127.0.0.1:\${server.address().port}/\`));
}, (err) => { console.error(err); process.exit(1); });
`;

/**
 * Starts verdaccio with its storage in `dir`: `pulumi-aria` and `@pulumi-aria/*` served from it only,
 * everything else proxied from the machine's registry. Creates a user, as `npm adduser` does.
 */
export async function startNpmRegistry(dir: string): Promise<NpmRegistry> {
  const module = await verdaccioModule();
  const uplink = await machineNpmRegistry();
  const config = path.join(dir, "config.yaml");
  fs.writeFileSync(
    config,
    [
      `storage: ${path.join(dir, "storage")}`,
      "auth:",
      "  htpasswd:",
      `    file: ${path.join(dir, "htpasswd")}`,
      "uplinks:",
      "  machine:",
      `    url: ${uplink}`,
      "    timeout: 60s",
      "packages:",
      // The project's packages: only what is published here, never the uplink's.
      "  'pulumi-aria':",
      "    access: $all",
      "    publish: $authenticated",
      "  '@pulumi-aria/*':",
      "    access: $all",
      "    publish: $authenticated",
      "  '**':",
      "    access: $all",
      "    publish: $authenticated",
      "    proxy: machine",
      "log: { type: stdout, format: pretty, level: warn }",
      "",
    ].join("\n"),
  );
  const server = await startListening("verdaccio", process.execPath, [
    "-e",
    VERDACCIO_LAUNCHER,
    module,
    config,
  ]);
  try {
    // What `npm adduser` does: PUT the user, get a token back.
    const user = "aria-release";
    const created = await fetch(`${server.url}-/user/org.couchdb.user:${user}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: user, password: `pw-${path.basename(dir)}` }),
    });
    const answer = (await created.json()) as { token?: string };
    if (!created.ok || !answer.token)
      throw new Error(`verdaccio did not create a user: HTTP ${created.status}`);
    const host = server.url.replace(/^http:/, "");
    const userconfig = path.join(dir, "publish.npmrc");
    fs.writeFileSync(userconfig, `registry=${server.url}\n${host}:_authToken=${answer.token}\n`, {
      mode: 0o600,
    });
    return {
      ...server,
      publish: async (tarball) => {
        await run("npm", ["publish", "--userconfig", userconfig, "--registry", server.url, tarball], {
          cwd: dir,
          env: { ...process.env, npm_config_update_notifier: "false" },
        });
      },
    };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** pypiserver, installed once into a virtualenv in cacheBase()/tools/pypiserver-<version>-py<python>. */
async function pypiserverVenv(): Promise<string> {
  return cachedDir(
    `tools/pypiserver-${PYPISERVER_VERSION}-py${await pythonVersion()}`,
    (d) => fs.existsSync(path.join(d, "bin", "pypi-server")),
    (work) => makeVenv(work, [`pypiserver==${PYPISERVER_VERSION}`]),
  );
}

/**
 * Runs pypiserver's app (its command-line options) in wsgiref's server on an ephemeral port: its own
 * `run -p 0` does not say which port it got.
 */
const PYPISERVER_LAUNCHER = `
import sys
from wsgiref.simple_server import make_server, WSGIRequestHandler
from pypiserver import app_from_config
from pypiserver.config import Config

class Quiet(WSGIRequestHandler):
    def log_message(self, *args):
        pass

server = make_server("127.0.0.1", 0, app_from_config(Config.from_args(["run", *sys.argv[1:]])), handler_class=Quiet)
print(f"listening on http://127.0.0.1:{server.server_port}/", flush=True)
server.serve_forever()
`;

/**
 * Starts pypiserver serving the wheels and sdists of `packages`, with no authentication (nothing is
 * uploaded), every other project redirected to the machine's index. Its index is `<url>simple/`.
 */
export async function startPythonIndex(packages: string): Promise<RunningRegistry> {
  const python = path.join(await pypiserverVenv(), "bin", "python");
  const fallback = await machinePythonIndex();
  return startListening("pypiserver", python, [
    "-c",
    PYPISERVER_LAUNCHER,
    "-a",
    ".",
    "-P",
    ".",
    "--fallback-url",
    fallback,
    packages,
  ]);
}
