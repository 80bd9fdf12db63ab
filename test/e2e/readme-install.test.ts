import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { emulatorOps } from "../../emulator";
import { engineEnv } from "../../scripts/engine-env";
import { packPackage } from "../../scripts/program-runner";
import { runCommand } from "../../scripts/run-command";
import { CiStandIn, startCiStandIn } from "../support/tls-servers";
import { USERS, useEmulator } from "../support/emulator";
import { engineRoot, REPO_ROOT } from "../support/program-stack";

/*
 * README.md's "Install into your own project" and "Quickstart: Pulumi YAML" sections, each run word
 * for word in an empty directory as a shell script. Only the example values are substituted: the tarball path, the Aria URL and token,
 * the Jenkins URL and password; `pulumi up` gets `--yes` because nobody is there to confirm, and the
 * local backend is a temporary directory instead of ~/.pulumi.
 */

jest.setTimeout(10 * 60_000);

/** Runs a command without blocking this process (the emulator answers from it). */
async function run(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ status: number | null; output: string; stdout: string }> {
  const { code, output, stdout } = await runCommand(command, args, options);
  return { status: code, output, stdout };
}

/** The first `sh` block of the README section with this heading. */
function shellBlock(readme: string, heading: string): string {
  const section = readme.slice(readme.indexOf(`\n## ${heading}\n`));
  const match = /```sh\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error(`README section '${heading}' has no sh block`);
  return match[1];
}

const emulator = useEmulator();
let jenkins: CiStandIn;
let dir: string;

beforeAll(async () => {
  jenkins = await startCiStandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-readme-"));
});

afterAll(async () => {
  await jenkins?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** What a README section's script printed, and the directory and environment it ran in. */
interface SectionRun {
  output: string;
  env: Record<string, string>;
}

/**
 * Runs the first `sh` block of a README section as a shell script in an empty directory, with the
 * example values substituted, `--yes` added to `pulumi up` and the local backend in a directory of
 * the test's own.
 */
async function runSection(heading: string, password: string): Promise<SectionRun> {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const block = shellBlock(readme, heading);
  const substitutions: Array<[string, string]> = [
    ["/path/to/pulumi-aria-*.tgz", packPackage().tarball],
    ["https://aria.example.com", emulator.url],
    ["https://jenkins.example.com", jenkins.url],
    ["'<API token>'", USERS.admin],
    ["'<Jenkins API token>'", password],
  ];
  let script = block;
  for (const [from, to] of substitutions) {
    expect(script).toContain(from);
    script = script.split(from).join(to);
  }
  expect(script).toMatch(/^pulumi up$/m);
  script = script.replace(/^pulumi up$/m, "pulumi up --yes");
  // `--local` is the user's ~/.pulumi, which the CLI finds from the system's user database, not from
  // HOME: the test's local backend is a directory of its own.
  expect(script).toMatch(/^pulumi login --local$/m);
  const backend = fs.mkdtempSync(path.join(dir, "backend-"));
  script = script.replace(/^pulumi login --local$/m, `pulumi login file://${backend}`);

  const home = fs.mkdtempSync(path.join(dir, "home-"));
  const base = engineEnv({ root: engineRoot(), stateDir: dir, homeDir: home, passphrase: "readme" });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...base,
    HOME: home,
    // The user's npm cache, so the install reads what is cached instead of downloading it again.
    npm_config_cache: execFileSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).trim(),
    npm_config_update_notifier: "false",
  };
  // `pulumi login` chooses the backend, as for a user: no backend URL from the test.
  delete env.PULUMI_BACKEND_URL;

  const { status, output } = await run("bash", ["-c", `set -eo pipefail\n${script}`], { cwd: dir, env });
  if (status !== 0) throw new Error(`the README's commands failed (exit ${status}):\n${output.slice(-6000)}`);
  return { output, env };
}

describe("the README's install section", () => {
  it("works when followed word for word in an empty directory", async () => {
    const before = (await emulatorOps(emulator.url).requests()).counts["POST /pipeline/api/endpoints"] ?? 0;
    const { output, env } = await runSection("Install into your own project", "readme-jenkins-password");

    // The preview showed the lookup as unknown; up created the endpoint and the lookup found it.
    expect(output).toMatch(/foundType\s*:\s*\[unknown\]/);
    expect(output).toMatch(/\+ 2 created/);
    expect(output).not.toContain("readme-jenkins-password");
    const project = path.join(dir, "my-endpoints");
    const shown = await run("pulumi", ["stack", "output", "--json"], { cwd: project, env });
    const outputs = JSON.parse(shown.stdout);
    expect(outputs.foundType).toBe("jenkins");
    const after = (await emulatorOps(emulator.url).requests()).counts["POST /pipeline/api/endpoints"];
    expect(after - before).toBe(1);

    const destroy = await run("pulumi", ["destroy", "--yes", "--non-interactive"], { cwd: project, env });
    expect(destroy.status).toBe(0);
  });
});

describe("the README's YAML quickstart", () => {
  it("works when followed word for word in an empty directory", async () => {
    const { output, env } = await runSection(
      "Quickstart: Pulumi YAML (the provider plugin)",
      "readme-yaml-password",
    );

    expect(output).toMatch(/\+ 2 created/);
    expect(output).not.toContain("readme-yaml-password");
    const project = path.join(dir, "my-yaml-endpoints");
    const outputs = JSON.parse(
      (await run("pulumi", ["stack", "output", "--json"], { cwd: project, env })).stdout,
    );
    expect(outputs.foundType).toBe("jenkins");
    const state = (await run("pulumi", ["stack", "export"], { cwd: project, env })).stdout;
    expect(state).toContain("aria:index:JenkinsEndpoint");
    expect(state).not.toContain("readme-yaml-password");

    const destroy = await run("pulumi", ["destroy", "--yes", "--non-interactive"], { cwd: project, env });
    expect(destroy.status).toBe(0);
  });
});
