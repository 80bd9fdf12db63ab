import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, REPO_ROOT } from "../support/program-stack";
import { buildPythonWheel, cachedDir, contentHash, makeVenv, pythonVersion, run } from "./sdk-tools";

/*
 * What the e2e tests of the quickstart examples in other languages share (examples/quickstart-yaml,
 * -python and -go; one test file each): preparing each language's runtime, opening the example on a
 * fresh backend and emulator with the `aria:` settings and the example's config, and the checks each
 * must pass: up makes the endpoints, the deployment resource and the lookup; secrets never in clear in
 * the state; a preview and a refresh with nothing to do; destroy leaves nothing on the server; a bad
 * input fails the preview naming the field.
 *
 * The plugin: each copy runs the launcher the npm package installs (node_modules/.bin, which the
 * harness links into every program copy without a package.json), named in Pulumi.yaml's `plugins:`
 * (the YAML example has it; the Go and Python copies get it, as their READMEs tell npm users). The
 * single executable is plugin-executable.test.ts's subject, and building it cold takes minutes.
 *
 * The runtimes, cached under cacheBase() by hashes of what they are made of:
 * - Go: the program's binary (`go build` against the repository's sdk/go), named in Pulumi.yaml's
 *   `runtime.options.binary`, so that no operation compiles; the bad-input previews drop it and let
 *   the Go host compile the edited program, as a user's run does.
 * - Python: a virtualenv with the example's requirements.txt and the wheel built from sdk/python,
 *   first on PATH (the Python host takes `python` from PATH; it ignores `virtualenv`).
 */

export type Language = "yaml" | "python" | "go";

/** The secrets the examples get from the config, which must never be in clear in the state. */
export const JENKINS_PASSWORD = "e2e-Jenkins-Passw0rd";
export const GIT_TOKEN = "e2e-Git-T0ken";
const JENKINS_URL = "https://jenkins.example.com";

/** An edit of the example's program that a preview must refuse, and how its message must read. */
export interface BadInput {
  what: string;
  from: string;
  to: string;
  message: RegExp;
  /** Further checks of the output (e.g. that a compiler's position points at the field). */
  check?: (output: string, editedProgram: string) => void;
}

interface LanguageSetup {
  dir: string;
  /** The program file the bad inputs edit, relative to the example. */
  program: string;
  /** Makes the runtime ready (cached); answers the directories to put first on PATH. */
  runtime(): Promise<string[]>;
  /** Makes the program's copy in `workDir` run on that runtime with the npm package's plugin. */
  prepareCopy(workDir: string): Promise<void>;
  /** Makes the copy run an edited program (Go: compile it); returns what undoes that. */
  editing?(workDir: string): () => void;
  badInputs: BadInput[];
}

/** The bad input every language shares: an endpoint type the server does not have. */
function unknownType(from: string, to: string): BadInput {
  return {
    what: "an unknown endpoint type",
    from,
    to,
    message: /'jenkinss' is not an endpoint type of this server; valid types: .*jenkins/,
  };
}

/** The message of a number property given a string, naming the field. */
const RETRY_COUNT_NOT_A_NUMBER = /retryCount.*(number|integer)|(number|integer).*retryCount/i;

const LANGUAGES: Record<Language, LanguageSetup> = {
  yaml: {
    dir: "examples/quickstart-yaml",
    program: "Pulumi.yaml",
    runtime: async () => [],
    prepareCopy: async () => {},
    badInputs: [
      unknownType("      type: jenkins\n", "      type: jenkinss\n"),
      // The YAML host type-checks the program against the plugin's schema before anything runs.
      {
        what: "a string where a number is expected",
        from: "retryCount: 3",
        to: "retryCount: many",
        message: RETRY_COUNT_NOT_A_NUMBER,
      },
    ],
  },
  python: {
    dir: "examples/quickstart-python",
    program: "__main__.py",
    runtime: async () => [path.join(await pythonExampleVenv(), "bin")],
    prepareCopy: async (workDir) => addPluginsEntry(workDir),
    badInputs: [
      unknownType('type="jenkins"', 'type="jenkinss"'),
      // Python does not check the annotations at run time: the plugin's check refuses the value.
      {
        what: "a string where a number is expected",
        from: "retry_count=3,",
        to: 'retry_count="many",',
        message: RETRY_COUNT_NOT_A_NUMBER,
      },
    ],
  },
  go: {
    dir: "examples/quickstart-go",
    program: "main.go",
    runtime: async () => {
      await goExampleBinary();
      return [];
    },
    prepareCopy: async (workDir) => {
      addPluginsEntry(workDir);
      pointGoModAtSdk(workDir);
      setGoBinary(workDir, await goExampleBinary());
    },
    editing: (workDir) => {
      const file = path.join(workDir, "Pulumi.yaml");
      const project = fs.readFileSync(file, "utf8");
      setGoBinary(workDir, undefined);
      return () => fs.writeFileSync(file, project);
    },
    badInputs: [
      unknownType('Type:        pulumi.String("jenkins")', 'Type:        pulumi.String("jenkinss")'),
      // Go's compiler refuses it: the Go host's `go build` fails before anything runs. Its message
      // names the types, and its position the line of the field.
      {
        what: "a string where a number is expected",
        from: "RetryCount:       pulumi.Float64(3),",
        to: 'RetryCount:       pulumi.String("many"),',
        message: /main\.go:\d+:\d+: cannot use pulumi\.String\("many"\).* as pulumi\.Float64PtrInput value/,
        check: (output, edited) => {
          const line = Number(/main\.go:(\d+):\d+: cannot use pulumi\.String/.exec(output)![1]);
          expect(edited.split("\n")[line - 1]).toMatch(/^\s*RetryCount:/);
        },
      },
    ],
  },
};

/** The example's Pulumi.yaml gets a `plugins:` entry for the npm package's launcher (README). */
function addPluginsEntry(workDir: string): void {
  const file = path.join(workDir, "Pulumi.yaml");
  const project = fs.readFileSync(file, "utf8");
  if (/^plugins:/m.test(project)) return;
  fs.writeFileSync(
    file,
    `${project}plugins:\n  providers:\n    - name: aria\n      path: ./node_modules/.bin\n`,
  );
}

/** The copy's go.mod: its `replace` of the SDK module points at the repository's sdk/go. */
function pointGoModAtSdk(workDir: string): void {
  const file = path.join(workDir, "go.mod");
  const mod = fs.readFileSync(file, "utf8");
  const replaced = mod.replace(/=> \.\.\/\.\.\/sdk\/go$/m, `=> ${path.join(REPO_ROOT, "sdk", "go")}`);
  if (replaced === mod) throw new Error(`${file} has no replace of the SDK with ../../sdk/go`);
  fs.writeFileSync(file, replaced);
}

/** Pulumi.yaml's runtime: `go` with the prebuilt `binary`, or plain `go` (the host compiles). */
function setGoBinary(workDir: string, binary: string | undefined): void {
  const file = path.join(workDir, "Pulumi.yaml");
  const project = fs
    .readFileSync(file, "utf8")
    .replace(/^runtime:(?: go\n|\n(?:[ \t]+.*\n)+)/m, "runtime: go\n");
  fs.writeFileSync(
    file,
    binary
      ? project.replace(/^runtime: go\n/m, `runtime:\n  name: go\n  options:\n    binary: ${binary}\n`)
      : project,
  );
}

/**
 * The example's Go binary, built once per content of the example, of sdk/go and of the Go release
 * (`go build` in a copy of the example whose go.mod points at sdk/go).
 */
async function goExampleBinary(): Promise<string> {
  const go = (await run("go", ["env", "GOVERSION"])).stdout.trim();
  const key = contentHash([go], [path.join(REPO_ROOT, LANGUAGES.go.dir), path.join(REPO_ROOT, "sdk", "go")]);
  const dir = await cachedDir(
    `go-example-quickstart-${key}`,
    (d) => fs.existsSync(path.join(d, "quickstart")),
    async (work) => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), "aria-example-go-"));
      try {
        fs.cpSync(path.join(REPO_ROOT, LANGUAGES.go.dir), copy, { recursive: true });
        pointGoModAtSdk(copy);
        await run("go", ["build", "-o", path.join(work, "quickstart"), "."], {
          cwd: copy,
          env: { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=readonly" },
        });
      } finally {
        fs.rmSync(copy, { recursive: true, force: true });
      }
    },
  );
  return path.join(dir, "quickstart");
}

/**
 * The example's virtualenv: its requirements.txt installed from PyPI with the wheel built from
 * sdk/python, once per content of both and Python release. Other Python programs of the tests that
 * need only pulumi and pulumi_aria run on it too (secrets-canary.test.ts), so that no second one is made.
 */
export async function pythonExampleVenv(): Promise<string> {
  const example = path.join(REPO_ROOT, LANGUAGES.python.dir);
  const key = contentHash(
    [await pythonVersion()],
    [path.join(example, "requirements.txt"), path.join(REPO_ROOT, "sdk", "python")],
  );
  return cachedDir(
    `python-example-quickstart-${key}`,
    (d) => fs.existsSync(path.join(d, "bin", "python")),
    async (work) => {
      const wheels = fs.mkdtempSync(path.join(os.tmpdir(), "aria-example-wheel-"));
      try {
        const wheel = await buildPythonWheel(wheels);
        // As the README says: the wheel and the requirements in one install.
        await makeVenv(work, [wheel, "-r", path.join(example, "requirements.txt")]);
      } finally {
        fs.rmSync(wheels, { recursive: true, force: true });
      }
    },
  );
}

/** An example on its stack, with a client of the same emulator (as the admin user). */
export interface ExampleStack {
  language: Language;
  stack: E2EStack;
  client: AriaClient;
}

/** What up made on the server. */
export interface ExampleIds {
  endpoints: string[];
  resource: string;
}

/**
 * Opens a language's example on a fresh backend and emulator (or `where.emulator`), its runtime
 * prepared, with the plugin's settings (`aria:url`, a secret `aria:refreshToken`, no endpoint
 * validation) and the example's config; `where.stackName` names the stack (default: a random name).
 */
export async function openExample(
  language: Language,
  where: { emulator?: RunningEmulator; stackName?: string } = {},
): Promise<ExampleStack> {
  const setup = LANGUAGES[language];
  // The runtime first (it may take a while cold), so that no emulator waits meanwhile.
  const pathFirst = await setup.runtime();
  const stack = await openStack({ program: setup.dir, noCredentials: true, pathFirst, ...where });
  await setup.prepareCopy(stack.workDir);
  stack.setConfig("aria:url", stack.url);
  stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
  stack.setConfig("aria:validateEndpoints", "false");
  stack.setConfig("jenkinsUrl", JENKINS_URL);
  stack.setConfig("jenkinsPassword", { value: JENKINS_PASSWORD, secret: true });
  stack.setConfig("gitRepoUrl", "https://github.com/example/app.git");
  stack.setConfig("gitToken", { value: GIT_TOKEN, secret: true });
  const client = createClient(
    resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}),
  );
  return { language, stack, client };
}

/** Runs the first `up`: 4 resources and the stack created, the lookup answered, all on the server. */
export async function expectExampleUp({ stack, client }: ExampleStack): Promise<ExampleIds> {
  const up = expectOk(await stack.up());
  expect(changes(up)).toEqual({ create: 5 });
  const out = (key: string) => up.outputs?.[key]?.value;
  const prefix = stack.stackName;
  expect(out("endpointProject")).toBe("Default Project");
  expect(out("lookedUpName")).toBe(`${prefix}-jenkins`);
  expect(out("lookedUpType")).toBe("jenkins");
  expect(out("lookedUpUrl")).toBe(JENKINS_URL);
  expect(out("appConfigDeploymentId")).toEqual(expect.any(String));

  const endpoints = await client.listAllEndpoints();
  expect(endpoints.map((e) => e.name).sort()).toEqual(
    [`${prefix}-app-repo`, `${prefix}-jenkins`, `${prefix}-release-jenkins`].sort(),
  );
  const byName = (name: string) => endpoints.find((e) => e.name === `${prefix}-${name}`)!;
  expect(byName("jenkins")).toMatchObject({ id: out("jenkinsEndpointId"), type: "jenkins" });
  expect(byName("jenkins").properties).toMatchObject({ url: JENKINS_URL, retryCount: 3 });
  expect(byName("app-repo")).toMatchObject({ id: out("gitEndpointId"), type: "git" });
  expect(byName("release-jenkins")).toMatchObject({ id: out("releaseEndpointId"), type: "jenkins" });
  expect(byName("release-jenkins").properties).toMatchObject({ folderPath: "release" });
  const resource = out("appConfigResourceId") as string;
  expect(await client.getResource(resource)).toMatchObject({
    name: `${prefix}-app-config`,
    type: "Custom.Quickstart.AppConfig",
  });
  return { endpoints: endpoints.map((e) => e.id), resource };
}

/** No secret of the example or its config in clear in the backend's files. */
export function expectExampleSecretsEncrypted({ stack }: ExampleStack): void {
  const state = stack.rawState();
  expect(state).toContain(JENKINS_URL); // the state is there, in clear where not secret
  expect(state).not.toContain(JENKINS_PASSWORD);
  expect(state).not.toContain(GIT_TOKEN);
  expect(state).not.toContain(USERS.admin);
}

/** A preview, a refresh and a preview again: nothing to do. */
export async function expectExampleSteady({ stack }: ExampleStack): Promise<void> {
  expect(changes(expectOk(await stack.preview()))).toEqual({});
  expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
  expect(changes(expectOk(await stack.preview()))).toEqual({});
}

/** The languages whose example checks `exists()` (YAML has no such call). */
export const EXISTS_LANGUAGES: readonly Language[] = ["python", "go"];

/** An id no server has. */
const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";

/**
 * The example's `exists()` of an endpoint and a deployment resource: true for its own (after the
 * first up); false for an endpoint deleted since and a made-up resource id (`checkEndpointId`,
 * `checkResourceId`); and an error, never false, when the server refuses the credentials (401) or
 * fails (500): then the preview fails naming the status. The config and faults are undone after.
 */
export async function expectExists({ stack, client }: ExampleStack): Promise<void> {
  const outputs = await stack.outputs();
  expect([outputs.endpointExists?.value, outputs.resourceExists?.value]).toEqual([true, true]);
  const gone = await client.createEndpoint({
    name: `${stack.stackName}-gone`,
    type: "jenkins",
    properties: { url: JENKINS_URL },
  });
  await client.deleteEndpoint(gone.id);
  stack.setConfig("checkEndpointId", gone.id);
  stack.setConfig("checkResourceId", MADE_UP_ID);
  try {
    const up = expectOk(await stack.up());
    expect([up.outputs?.endpointExists?.value, up.outputs?.resourceExists?.value]).toEqual([false, false]);

    const faults = [
      { what: /401|credentials were not accepted/, path: `/pipeline/api/endpoints/${gone.id}$`, status: 401 },
      { what: /500|The server failed/, path: `/deployment/api/resources/${MADE_UP_ID}$`, status: 500 },
    ];
    // One attempt: a 500 is retried (aria:maxRetries), and would only take longer to fail.
    stack.setConfig("aria:maxRetries", "0");
    for (const fault of faults) {
      await stack.ops.setFaults([{ method: "GET", path: fault.path, kind: "status", status: fault.status }]);
      const preview = await stack.preview();
      const output = `${preview.stdout}\n${preview.stderr ?? ""}`;
      expect(preview.ok).toBe(false);
      expect(output).toMatch(fault.what);
      expect(output).not.toContain(JENKINS_PASSWORD);
      await stack.ops.clearFaults();
    }
  } finally {
    await stack.ops.clearFaults();
    for (const key of ["checkEndpointId", "checkResourceId", "aria:maxRetries"])
      stack.setConfig(key, undefined);
  }
}

/** The language's bad inputs, for `it.each`. */
export function badInputsOf(language: Language): Array<[string, BadInput]> {
  return LANGUAGES[language].badInputs.map((bad) => [bad.what, bad]);
}

/**
 * Edits the example's program with a bad input and previews: the preview fails with the input's
 * message, and shows no secret; the program is put back after.
 */
export async function expectBadInputFails({ language, stack }: ExampleStack, bad: BadInput): Promise<string> {
  const setup = LANGUAGES[language];
  const file = path.join(stack.workDir, setup.program);
  const program = fs.readFileSync(file, "utf8");
  expect(program).toContain(bad.from);
  const edited = program.replace(bad.from, bad.to);
  fs.writeFileSync(file, edited);
  const restore = setup.editing?.(stack.workDir);
  try {
    const preview = await stack.preview();
    const output = `${preview.stdout}\n${preview.stderr ?? ""}`;
    expect(preview.ok).toBe(false);
    expect(output).toMatch(bad.message);
    bad.check?.(output, edited);
    expect(output).not.toContain(JENKINS_PASSWORD);
    return output;
  } finally {
    fs.writeFileSync(file, program);
    restore?.();
  }
}

/** Runs `destroy`: the 4 resources and the stack deleted, and nothing left on the server. */
export async function expectExampleDestroyed(
  { stack, client }: ExampleStack,
  ids: ExampleIds,
): Promise<void> {
  expect(changes(expectOk(await stack.destroy()))).toEqual({ delete: 5 });
  expect(await client.listAllEndpoints()).toEqual([]);
  for (const id of ids.endpoints) {
    await expect(client.getEndpoint(id)).rejects.toMatchObject({ code: "NotFound" });
  }
  await expect(client.getResource(ids.resource)).rejects.toMatchObject({ code: "NotFound" });
}

/** Closes the client and disposes of the stack (either may be missing after a failed beforeAll). */
export async function closeExample(opened: Partial<ExampleStack> | undefined): Promise<void> {
  await opened?.client?.close();
  await opened?.stack?.dispose();
}

/**
 * The whole test of one language's example: up, secrets, nothing to do, the bad inputs, destroy.
 * Each language's test file calls it, under its own name, so that each runs (and is timed) alone.
 */
export function describeExample(language: Language): void {
  let opened: ExampleStack;
  let ids: ExampleIds;

  beforeAll(async () => {
    opened = await openExample(language);
  });
  afterAll(async () => {
    await closeExample(opened);
  });

  describe(`examples/${path.basename(LANGUAGES[language].dir)}`, () => {
    it("creates endpoints and a deployment resource, and answers the lookup", async () => {
      ids = await expectExampleUp(opened);
    });

    it("keeps the secrets encrypted in the state", () => {
      expectExampleSecretsEncrypted(opened);
    });

    it("previews and refreshes with nothing to do", async () => {
      await expectExampleSteady(opened);
    });

    if (EXISTS_LANGUAGES.includes(language)) {
      it("answers exists(): true, false for what is not there, an error when the server cannot say", async () => {
        await expectExists(opened);
      });
    }

    it.each(badInputsOf(language))("fails a preview on %s, naming the field", async (_what, bad) => {
      await expectBadInputFails(opened, bad);
    });

    it("destroys everything it made, leaving nothing on the server", async () => {
      await expectExampleDestroyed(opened, ids);
    });
  });
}
