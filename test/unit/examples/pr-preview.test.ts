/*
 * examples/pr-preview/aria-endpoints.yml: the GitHub Actions workflow that tests the program against
 * the emulator, previews pull requests on the real server and updates it on merge.
 */
import Ajv from "ajv";
import { endpointPolicies } from "../../../provider/policy/policies";
import {
  configSets,
  exampleText,
  jobScript,
  programConfig,
  WORKFLOW,
  WorkflowJob,
  WorkflowStep,
  yamlDocuments,
} from "../../support/example-files";

const workflow = () =>
  yamlDocuments(WORKFLOW)[0].value as {
    on: Record<string, { branches?: string[] }>;
    permissions?: Record<string, string>;
    jobs: Record<string, WorkflowJob>;
  };
const job = (id: string) => workflow().jobs[id];
const pulumiStep = (id: string): WorkflowStep | undefined =>
  job(id).steps.find((step) => step.uses?.startsWith("pulumi/actions@") && step.with?.command !== undefined);
const needs = (id: string) => [job(id).needs ?? []].flat();
const previewStep = () => job("preview").steps.find((step) => /\bpulumi preview\b/.test(step.run ?? ""))!;
/** The `pulumi preview` command of the preview step, its continuation lines joined. */
const previewCommand = () =>
  /^\s*(pulumi preview(?:[^\n]*\\\n)*[^\n]*)/m.exec(previewStep().run!)![1].replace(/\\\n\s*/g, "");
const commentStep = () =>
  job("preview").steps.find((step) => step.uses?.startsWith("actions/github-script@"))!;

/** What the comment step's script did against a fake GitHub API. */
interface CommentRun {
  created: Record<string, unknown>[];
  updated: Record<string, unknown>[];
}

/**
 * Runs the comment step's script as actions/github-script runs it (an async function of `github`,
 * `context`, `require`, ...), on a fake GitHub API and a fake file system holding the saved output.
 */
async function runCommentScript(options: {
  exitCode: string;
  output: string;
  comments: Array<{ id: number; body: string }>;
}): Promise<CommentRun> {
  const script = commentStep().with!.script as string;
  const run: CommentRun = { created: [], updated: [] };
  const listComments = jest.fn();
  const github = {
    paginate: jest.fn(async (method: unknown) => {
      expect(method).toBe(listComments);
      return options.comments;
    }),
    rest: {
      issues: {
        listComments,
        createComment: jest.fn(async (args: Record<string, unknown>) => run.created.push(args)),
        updateComment: jest.fn(async (args: Record<string, unknown>) => run.updated.push(args)),
      },
    },
  };
  const context = { repo: { owner: "acme", repo: "infra" }, issue: { number: 42 } };
  const files: Record<string, string> = { "/runner/tmp/preview.txt": options.output };
  const fakeRequire = (name: string) => {
    expect(name).toBe("fs");
    return {
      readFileSync: (file: string) => {
        if (!(file in files)) throw new Error(`ENOENT: ${file}`);
        return files[file];
      },
    };
  };
  const env = { RUNNER_TEMP: "/runner/tmp", EXIT_CODE: options.exitCode, STACK: "acme/aria-quickstart/prod" };
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor;
  await new AsyncFunction("github", "context", "require", "process", script)(github, context, fakeRequire, {
    env,
  });
  return run;
}

describe("the pull-request workflow", () => {
  it("parses as YAML without errors or warnings", () => {
    const docs = yamlDocuments(WORKFLOW);
    expect(docs).toHaveLength(1);
    expect(docs[0].errors).toEqual([]);
    expect(docs[0].warnings).toEqual([]);
    expect(Object.keys(workflow().jobs).sort()).toEqual(["deploy", "emulator-test", "preview"]);
  });

  it("runs on pull requests and on pushes to main", () => {
    const on = workflow().on;
    expect(on.pull_request).toBeDefined();
    expect(on.push?.branches).toEqual(["main"]);
  });

  it("gives every job steps, and pins every action to a major version", () => {
    for (const [id, j] of Object.entries(workflow().jobs)) {
      expect({ id, steps: j.steps.length > 0 }).toEqual({ id, steps: true });
      for (const step of j.steps) {
        expect({ step: step.name ?? step.uses ?? step.run, valid: !!(step.uses || step.run) }).toEqual({
          step: step.name ?? step.uses ?? step.run,
          valid: true,
        });
        if (step.uses) expect(step.uses).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
      }
    }
  });

  it("tests the program against the emulator on a local backend: up, then no changes, then destroy", () => {
    const test = job("emulator-test");
    // The job's `env` cannot use the `runner` context: the first step sets the backend for the others.
    expect(test.env?.PULUMI_BACKEND_URL).toBeUndefined();
    const script = jobScript(test);
    const backend = script.indexOf(
      'echo "PULUMI_BACKEND_URL=file://$RUNNER_TEMP/pulumi-state" >> "$GITHUB_ENV"',
    );
    expect(backend).toBeGreaterThanOrEqual(0);
    expect(backend).toBeLessThan(script.indexOf("pulumi stack init"));
    expect(script).toContain("npx aria-emulator");
    const commands = [
      "pulumi up",
      "pulumi preview --expect-no-changes",
      "pulumi refresh --yes --expect-no-changes",
      "pulumi destroy",
    ];
    const positions = commands.map((command) => script.indexOf(command));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("configures the emulator stack with every setting the quickstart requires, secrets with --secret", () => {
    const sets = configSets(jobScript(job("emulator-test")));
    const program = programConfig("quickstart");
    expect(program.required.length * program.requiredSecrets.length).toBeGreaterThan(0);
    const byKey = new Map(sets.map((set) => [set.key, set]));
    for (const key of ["vra:url", ...program.required]) expect(byKey.get(key)?.secret).toBe(false);
    for (const key of ["vra:refreshToken", ...program.requiredSecrets])
      expect(byKey.get(key)?.secret).toBe(true);
  });

  it("previews pull requests on the real server with refresh on, running pulumi-aria's policy pack", () => {
    const preview = job("preview");
    expect(preview.if).toContain("pull_request");
    expect(needs("preview")).toContain("emulator-test");
    const step = previewStep();
    expect(step.id).toBe("preview");
    expect(step["working-directory"]).toBe("infra");
    const command = previewCommand();
    for (const flag of ['--stack "$STACK"', "--refresh", "--diff", "--non-interactive"])
      expect(command).toContain(flag);
    // The pack from the program's own node_modules, as the README documents, with the pack's config.
    expect(command).toContain("--policy-pack node_modules/pulumi-aria/dist/provider/policy/pack");
    expect(command).toContain("--policy-pack-config policy-pack-config.json");
    // Its output is kept, and its exit code recorded instead of ending the job before the comment.
    expect(command).toMatch(/2>&1 \| tee "\$RUNNER_TEMP\/preview\.txt"$/);
    expect(step.run).toContain("set +e");
    expect(step.run).toContain('echo "exit-code=${PIPESTATUS[0]}" >> "$GITHUB_OUTPUT"');
    expect(step.shell).toBe("bash");
  });

  it("posts the preview with its policy report on the pull request whether it passed or not, then fails on failure", () => {
    const preview = job("preview");
    expect(preview.permissions?.["pull-requests"]).toBe("write");
    const names = preview.steps.map((step) => step.name ?? step.uses ?? step.run);
    const at = names.indexOf(previewStep().name);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(commentStep().name)).toBe(at + 1);
    const post = commentStep();
    const fail = preview.steps[at + 2];
    expect(fail.name).toMatch(/^Fail on mandatory policy violations/);
    expect(post.if).toBe("always() && steps.preview.outputs.exit-code != ''");
    expect(post.env?.EXIT_CODE).toBe("${{ steps.preview.outputs.exit-code }}");
    expect(fail.if).toBe("steps.preview.outputs.exit-code != '0'");
    expect(fail.run).toMatch(/exit 1\s*$/);
  });

  it("comments the saved output once per pull request, edited in place, marked passed or failed", async () => {
    const report = [
      "Previewing update (prod):",
      "Policies:",
      "    ❌ aria-endpoints@v0.1.0 (local: node_modules/pulumi-aria/dist/provider/policy/pack)",
      "        - [mandatory]  aria-endpoint-plain-http  (pulumi-nodejs:dynamic/aria:Endpoint: jenkins)",
    ].join("\n");
    const first = await runCommentScript({ exitCode: "255", output: report, comments: [] });
    expect(first.created).toHaveLength(1);
    expect(first.updated).toHaveLength(0);
    const body = first.created[0].body as string;
    expect(body).toContain("❌ `pulumi preview` of `acme/aria-quickstart/prod`");
    expect(body).toContain("mandatory policy violations");
    expect(body).toContain("```\n" + report + "\n```");
    expect(first.created[0]).toMatchObject({ owner: "acme", repo: "infra", issue_number: 42 });

    const again = await runCommentScript({
      exitCode: "0",
      output: "x".repeat(70000) + "\nPolicies:\n    ✅ aria-endpoints@v0.1.0",
      comments: [
        { id: 7, body: "unrelated" },
        { id: 9, body: body },
      ],
    });
    expect(again.created).toHaveLength(0);
    expect(again.updated).toEqual([expect.objectContaining({ comment_id: 9 })]);
    const edited = again.updated[0].body as string;
    expect(edited).toContain("✅ `pulumi preview`");
    expect(edited.length).toBeLessThan(65536);
    expect(edited).toContain("Policies:\n    ✅ aria-endpoints@v0.1.0");
  });

  it("ships a policy pack config that names the pack's policies, each valid against its schema", () => {
    const config = JSON.parse(exampleText("pr-preview/policy-pack-config.json")) as Record<string, unknown>;
    const policies = new Map(endpointPolicies().map((p) => [p.name, p]));
    expect(Object.keys(config).length).toBeGreaterThan(0);
    const ajv = new Ajv({ strict: false });
    for (const [name, value] of Object.entries(config)) {
      const policy = policies.get(name);
      expect({ name, known: policy !== undefined }).toEqual({ name, known: true });
      if (typeof value === "string") {
        expect(["advisory", "mandatory", "disabled"]).toContain(value);
        continue;
      }
      const { enforcementLevel, ...settings } = value as Record<string, unknown>;
      if (enforcementLevel !== undefined)
        expect(["advisory", "mandatory", "disabled"]).toContain(enforcementLevel);
      const schema = { type: "object", additionalProperties: false, ...policy!.configSchema };
      const valid = ajv.validate(schema, settings);
      expect({ name, errors: ajv.errors ?? [] }).toEqual({ name, errors: [] });
      expect(valid).toBe(true);
    }
  });

  it("updates the real server on merge to main, one update at a time, with refresh on", () => {
    const deploy = job("deploy");
    expect(deploy.if).toContain("push");
    expect(deploy.if).toContain("refs/heads/main");
    expect(needs("deploy")).toContain("emulator-test");
    expect(deploy.concurrency?.["cancel-in-progress"]).toBe(false);
    expect(pulumiStep("deploy")?.with).toEqual(expect.objectContaining({ command: "up", refresh: true }));
  });

  it("takes credentials from repository secrets and variables, never from literals", () => {
    for (const env of [previewStep().env ?? {}, pulumiStep("deploy")?.env ?? {}]) {
      expect(env.PULUMI_ACCESS_TOKEN).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
      expect(env.VRA_REFRESH_TOKEN).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
      expect(env.VRA_URL).toMatch(/^\$\{\{ (vars|secrets)\.\w+ \}\}$/);
    }
  });
});
