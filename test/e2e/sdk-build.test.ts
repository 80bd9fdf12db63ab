import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cacheBase } from "../../scripts/runtimes";
import { REPO_ROOT } from "./harness";

/*
 * The SDKs generated from the plugin's schema (npm run gen:sdk): the checked-in ones are what the
 * generator writes today, and each builds with its language's own tools: the Node SDK installs its
 * declared dependencies and compiles with its `tsc`, the Go SDK builds and vets against its go.sum, the
 * Python SDK builds a wheel that installs with today's `pulumi` from PyPI and imports. Needs Go (the
 * generator and the Go SDK), the npm registry and PyPI; the builds work on copies, outside the tree.
 */

jest.setTimeout(1_200_000);

/** The Python build tools, pinned: the venv holding them is cached under a hash of this list. */
const PYTHON_TOOLS = ["build==1.6.1", "setuptools==84.2.1"];

interface Ran {
  stdout: string;
  stderr: string;
}

/** Runs a command; rejects with its command line and output when it fails. */
function run(
  cmd: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err)
        reject(
          new Error(`${cmd} ${args.join(" ")} failed (${err.message.split("\n")[0]}):\n${stderr}\n${stdout}`),
        );
      else resolve({ stdout, stderr });
    });
  });
}

/** A copy of sdk/<name> in a fresh temporary directory, without what a build there left behind. */
function copyOfSdk(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aria-sdk-${name}-`));
  fs.cpSync(path.join(REPO_ROOT, "sdk", name), dir, {
    recursive: true,
    filter: (src) => !/[\\/](node_modules|bin|build|dist|[^\\/]*\.egg-info)$/.test(src),
  });
  return dir;
}

/** The cached virtualenv holding PYTHON_TOOLS, made once (in a temporary directory, then renamed). */
async function pythonVenv(): Promise<string> {
  const python = (await run("python3", ["-c", "import sys; print(sys.version.split()[0])"])).stdout.trim();
  const key = createHash("sha256")
    .update(`${python}\0${PYTHON_TOOLS.join("\0")}`)
    .digest("hex")
    .slice(0, 12);
  const venv = path.join(cacheBase(), `python-sdk-build-${key}`);
  if (fs.existsSync(path.join(venv, "bin", "python"))) return venv;
  fs.mkdirSync(cacheBase(), { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheBase(), ".python-sdk-build-"));
  try {
    await run("python3", ["-m", "venv", work]);
    await run(path.join(work, "bin", "python"), ["-m", "pip", "install", "-q", "--upgrade", ...PYTHON_TOOLS]);
    fs.renameSync(work, venv);
  } catch (err) {
    fs.rmSync(work, { recursive: true, force: true });
    if (!fs.existsSync(path.join(venv, "bin", "python"))) throw err;
  }
  return venv;
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the generated SDKs", () => {
  it("are what npm run gen:sdk writes from sdk/schema.json", async () => {
    // gen-sdk.mjs --check lists what differs and says "run npm run gen:sdk".
    await run(process.execPath, [path.join(REPO_ROOT, "scripts", "gen-sdk.mjs"), "--check"], {
      cwd: REPO_ROOT,
    });
  });

  it("Node: installs its declared dependencies and compiles with its own tsc", async () => {
    const dir = copyOfSdk("nodejs");
    temps.push(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(manifest).toMatchObject({ name: "@pulumi-aria/aria", engines: { node: ">=22" } });
    expect(manifest.devDependencies.typescript).toMatch(/^\^5\./);
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir });
    await run("npm", ["run", "build"], { cwd: dir });
    expect(fs.existsSync(path.join(dir, "bin", "index.d.ts"))).toBe(true);
    // The package is published from bin/ with its package.json beside the code, as Pulumi's own
    // providers publish theirs (utilities.getVersion reads ./package.json): then it loads, and exports
    // the resources and the functions.
    fs.copyFileSync(path.join(dir, "package.json"), path.join(dir, "bin", "package.json"));
    const { stdout } = await run(
      process.execPath,
      [
        "-e",
        "const a = require('./bin'); console.log(JSON.stringify([a.Provider, a.Endpoint, a.JenkinsEndpoint, a.DeploymentResource, a.getEndpoint, a.getEndpointOutput].map((f) => typeof f)))",
      ],
      { cwd: dir },
    );
    expect(JSON.parse(stdout)).toEqual(Array(6).fill("function"));
  });

  it("Go: builds and vets against its go.mod and go.sum", async () => {
    const env = { ...process.env, GOFLAGS: "-mod=readonly", CGO_ENABLED: "0" };
    const dir = path.join(REPO_ROOT, "sdk", "go");
    await run("go", ["build", "./..."], { cwd: dir, env });
    await run("go", ["vet", "./..."], { cwd: dir, env });
  });

  it("Python: builds a wheel that installs with today's pulumi from PyPI and imports", async () => {
    const venv = await pythonVenv();
    const python = path.join(venv, "bin", "python");
    const dir = copyOfSdk("python");
    temps.push(dir);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "aria-sdk-wheel-"));
    temps.push(out);
    await run(python, ["-m", "build", "--wheel", "--no-isolation", "--outdir", out, dir]);
    const version = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version;
    const wheel = path.join(out, `pulumi_aria-${version}-py3-none-any.whl`);
    expect(fs.existsSync(wheel)).toBe(true);
    await run(python, ["-m", "pip", "install", "-q", "--force-reinstall", wheel]);
    const { stdout } = await run(python, [
      "-c",
      [
        "import json, importlib.metadata as m, pulumi_aria as a",
        "print(json.dumps([callable(x) for x in (a.Provider, a.Endpoint, a.JenkinsEndpoint, a.DeploymentResource, a.get_endpoint, a.get_endpoint_output)] + [m.version('pulumi')]))",
      ].join("; "),
    ]);
    const answer = JSON.parse(stdout) as unknown[];
    expect(answer.slice(0, 6)).toEqual(Array(6).fill(true));
    expect(answer[6]).toMatch(/^3\./);
  });
});
