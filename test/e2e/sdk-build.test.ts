import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../support/program-stack";
import { buildPythonWheel, copyOfSdk, pythonBuildVenv, run } from "./sdk-tools";

/*
 * The SDKs generated from the plugin's schema (npm run gen:sdk): the checked-in ones are what the
 * generator writes today, and each builds with its language's own tools: the Node SDK installs its
 * declared dependencies and compiles with its `tsc`, the Go SDK builds and vets against its go.sum, the
 * Python SDK builds a wheel that installs with today's `pulumi` from PyPI and imports. Needs Go (the
 * generator and the Go SDK), the npm registry and PyPI; the builds work on copies, outside the tree.
 */

jest.setTimeout(1_200_000);

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
    const python = path.join(await pythonBuildVenv(), "bin", "python");
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "aria-sdk-wheel-"));
    temps.push(out);
    const wheel = await buildPythonWheel(out);
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
