import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BUILD_LEFTOVERS, contentHash } from "../../scripts/content-hash";
import { PYTHON_TOOLS } from "../../scripts/python-tools";
import { runChecked } from "../../scripts/run-command";
import { cacheBase } from "../../scripts/runtimes";
import { REPO_ROOT } from "../support/program-stack";

/*
 * The tools of the tests that build the generated SDKs (sdk-build.test.ts) and run programs in other
 * languages with them (language-examples.ts): running a command, hashing a tree, the Python build
 * tools in a cached virtualenv, the Python SDK's wheel. What is cached lives under cacheBase(),
 * outside the tree, keyed by hashes of what it is made from.
 */

export interface Ran {
  stdout: string;
  stderr: string;
}

/** Runs a command; rejects with a CommandError (its command line, exit and output) when it fails. */
export async function run(
  cmd: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  const { stdout, stderr } = await runChecked(cmd, args, options);
  return { stdout, stderr };
}

/** A short hash of strings and of the files under some paths (scripts/content-hash.js). */
export { contentHash };

/**
 * A directory under cacheBase() named `<name>` (which may hold a `/`: `tools/<tool>`): returned as it is when `ready` finds it made, else
 * made by `make` in a temporary directory beside it and renamed into place, so that a half-made one
 * is never used; when another run got there first, its directory is kept.
 */
export async function cachedDir(
  name: string,
  ready: (dir: string) => boolean,
  make: (work: string) => Promise<void>,
): Promise<string> {
  const dir = path.join(cacheBase(), name);
  if (ready(dir)) return dir;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(dir), `.${path.basename(dir)}-`));
  try {
    await make(work);
    fs.renameSync(work, dir);
  } catch (err) {
    fs.rmSync(work, { recursive: true, force: true });
    if (!ready(dir)) throw err;
  }
  return dir;
}

/** The version of the machine's python3. */
export async function pythonVersion(): Promise<string> {
  return (await run("python3", ["-c", "import sys; print(sys.version.split()[0])"])).stdout.trim();
}

/** A new virtualenv in `dir` from the machine's python3, with `pip install <args>` run in it. */
export async function makeVenv(dir: string, pipArgs: string[]): Promise<void> {
  await run("python3", ["-m", "venv", dir]);
  await run(path.join(dir, "bin", "python"), ["-m", "pip", "install", "-q", ...pipArgs]);
}

/** The cached virtualenv holding PYTHON_TOOLS, made once. */
export async function pythonBuildVenv(): Promise<string> {
  const key = contentHash([await pythonVersion(), ...PYTHON_TOOLS]);
  return cachedDir(
    `python-sdk-build-${key}`,
    (dir) => fs.existsSync(path.join(dir, "bin", "python")),
    (work) => makeVenv(work, ["--upgrade", ...PYTHON_TOOLS]),
  );
}

/** A copy of sdk/<name> in a fresh temporary directory, without what a build there left behind. */
export function copyOfSdk(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aria-sdk-${name}-`));
  fs.cpSync(path.join(REPO_ROOT, "sdk", name), dir, {
    recursive: true,
    filter: (src) => !BUILD_LEFTOVERS.test(src),
  });
  return dir;
}

/** The version of the package, which the SDKs carry. */
export function packageVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version;
}

/**
 * Builds the wheel of the Python SDK (a copy of sdk/python) with the cached build tools into `outDir`;
 * returns its path.
 */
export async function buildPythonWheel(outDir: string): Promise<string> {
  const python = path.join(await pythonBuildVenv(), "bin", "python");
  const dir = copyOfSdk("python");
  try {
    await run(python, ["-m", "build", "--wheel", "--no-isolation", "--outdir", outDir, dir]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const wheel = path.join(outDir, `pulumi_aria-${packageVersion()}-py3-none-any.whl`);
  if (!fs.existsSync(wheel)) throw new Error(`the build of sdk/python left no ${path.basename(wheel)}`);
  return wheel;
}
