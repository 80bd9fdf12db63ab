import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/*
 * scripts/ensure-engine.mjs run for real on a machine with nothing to run or build the engine with:
 * an empty cache directory and a PATH whose only entry holds `node` (a link to this Node), so no
 * `go` and no `pulumi` can be found whatever the real machine has (but the fake ones a test adds).
 * Nothing is built: with no Go, the script stops before its first build step; the fake `go` below
 * fails at once; a fake `pulumi` is used as it is.
 */
const SCRIPT = path.resolve(__dirname, "../../../scripts/ensure-engine.mjs");

describe("ensure-engine on a machine without the engine", () => {
  let tmp: string;
  let bin: string;
  let cache: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-ensure-engine-"));
    bin = path.join(tmp, "bin");
    cache = path.join(tmp, "cache");
    fs.mkdirSync(bin);
    fs.mkdirSync(cache);
    fs.symlinkSync(process.execPath, path.join(bin, "node"));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const runEngine = () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin, PULUMI_ARIA_CACHE_DIR: cache };
    delete env.PULUMI_ARIA_ENGINE_ROOT;
    return spawnSync(process.execPath, [SCRIPT, "--print-root"], { env, encoding: "utf8", timeout: 60_000 });
  };

  it("says which CLI it wants and why, then fails as missing, naming Go and how to install the CLI", () => {
    const r = runEngine();
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^\[engine\] CLI v3\.\d+\.\d+: .*(config\.pulumiCli|@pulumi\/pulumi)/m);
    const missing = r.stderr.slice(r.stderr.indexOf("[engine] missing: "));
    expect(missing).toMatch(/^\[engine\] missing: Pulumi CLI v3\.\d+\.\d+ is missing: /);
    expect(missing).toContain("Go is not installed");
    expect(missing).toContain(
      "Install the Pulumi CLI (https://www.pulumi.com/docs/install/) and put it on PATH",
    );
    expect(missing).toContain("install Go >= 1.25");
    expect(fs.readdirSync(cache)).toEqual([]); // no build was started
  });

  (process.platform === "win32" ? it.skip : it)(
    "uses a pulumi on PATH as it is, warning about the language hosts it lacks, and builds nothing",
    () => {
      const cli = path.join(tmp, "cli", "bin");
      fs.mkdirSync(cli, { recursive: true });
      fs.writeFileSync(path.join(cli, "pulumi"), "#!/bin/sh\necho v3.274.1\n", { mode: 0o755 });
      fs.writeFileSync(path.join(cli, "pulumi-language-yaml"), "#!/bin/sh\n", { mode: 0o755 });
      const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${cli}`, PULUMI_ARIA_CACHE_DIR: cache };
      const r = spawnSync(process.execPath, [SCRIPT, "--print-root"], { env, encoding: "utf8" });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${fs.realpathSync(path.join(tmp, "cli"))}\n`);
      expect(r.stderr).toContain("[engine] using the Pulumi CLI on PATH (");
      expect(r.stderr).toContain(
        "[engine] warning: it has no pulumi-language-go, pulumi-language-python, so programs of that " +
          "runtime will not run with it (take it off PATH",
      );
      expect(fs.readdirSync(cache)).toEqual([]);
    },
  );

  (process.platform === "win32" ? it.skip : it)(
    "fails as a build failure with the end of go's output when `go mod tidy` fails, and cleans up",
    () => {
      // Shell builtins only: the PATH has nothing else.
      const script = 'i=1; while [ $i -le 40 ]; do echo "go: fake failure line $i" >&2; i=$((i + 1)); done';
      fs.writeFileSync(path.join(bin, "go"), `#!/bin/sh\n${script}\nexit 1\n`, { mode: 0o755 });
      const r = runEngine();
      expect(r.status).toBe(1);
      // The cached root is keyed by the CLI's version and a hash of what else the build takes from here.
      expect(r.stderr).toContain(`[engine] no complete build at ${cache}${path.sep}pulumi-v3.`);
      expect(r.stderr).toMatch(/pulumi-v3\.\d+\.\d+-[0-9a-f]{12} \(its key hashes .*\): building it whole/);
      const failed = r.stderr.slice(r.stderr.indexOf("[engine] build failed: "));
      expect(failed).toMatch(
        /^\[engine\] build failed: building Pulumi CLI v3\.\d+\.\d+ failed:\n.*go mod tidy exited with 1:\n/,
      );
      expect(failed).toContain("go: fake failure line 40");
      expect(failed).not.toContain("go: fake failure line 10\n"); // only the end of the output
      expect(fs.readdirSync(cache)).toEqual([]); // the build directory is removed
    },
  );
});
