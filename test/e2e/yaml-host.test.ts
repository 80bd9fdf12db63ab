import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ProgramStack } from "../../scripts/program-runner";
import { expectOk, REPO_ROOT } from "../support/program-stack";

jest.setTimeout(600_000);

/*
 * The YAML language host that scripts/ensure-engine.mjs puts beside the CLI (or, for a `pulumi` on
 * PATH without one, into the root it makes in the cache): a Pulumi YAML program with no providers,
 * through `pulumi up`, `pulumi stack output` and `pulumi destroy` on a local file backend. Without the
 * host the CLI cannot run the program and `up` fails.
 */
describe("the YAML language host", () => {
  let tmp: string;
  let env: Record<string, string>;
  let cli: ProgramStack;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-yaml-"));
    const program = path.join(tmp, "program");
    fs.cpSync(path.join(REPO_ROOT, "test", "e2e", "programs", "yaml-host"), program, { recursive: true });
    cli = new ProgramStack({
      program,
      workDir: program,
      tmp,
      stackName: "yaml",
      echo: !!process.env.E2E_VERBOSE,
    });
    env = cli.env;
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("is on the PATH the engine runs with, and says which release it is when built here", () => {
    const found = env.PATH.split(path.delimiter)
      .map((dir) => path.join(dir, "pulumi-language-yaml"))
      .find((file) => {
        try {
          fs.accessSync(file, fs.constants.X_OK);
          return true;
        } catch {
          return false;
        }
      });
    expect(found).toBeDefined();
    const record = path.join(path.dirname(found!), "language-host-yaml.json");
    if (fs.existsSync(record)) {
      const info = JSON.parse(fs.readFileSync(record, "utf8"));
      expect(info.module).toBe("github.com/pulumi/pulumi-yaml");
      expect(info.version).toMatch(/^v1\.\d+\.\d+$/);
    }
  });

  it("runs up, reads the outputs with stack output, then destroys", async () => {
    const up = expectOk(await cli.run("up"));
    expect(up.summary.create).toBe(1); // the stack itself: the program has no resources

    const outputs = expectOk(await cli.run("outputs")).outputs;
    expect(outputs).toEqual({
      greeting: { value: "hello, yaml", secret: false },
      plain: { value: "hello", secret: false },
    });
    // As a user reads one output.
    const one = await cli.must(["stack", "output", "greeting", "--stack", "yaml"]);
    expect(one.stdout.trim()).toBe("hello, yaml");

    const destroyed = expectOk(await cli.run("destroy"));
    expect(destroyed.summary.delete).toBe(1);
    expect(expectOk(await cli.run("outputs")).outputs).toEqual({});
  });
});
