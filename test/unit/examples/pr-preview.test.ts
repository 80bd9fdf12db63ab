/*
 * examples/pr-preview/aria-endpoints.yml: the GitHub Actions workflow that tests the program against
 * the emulator, previews pull requests on the real server and updates it on merge.
 */
import Ajv from "ajv";
import { endpointPolicies } from "../../../provider/policy/policies";
import { previewComment } from "../../../provider/preview-comment/comment";
import { dynamicEvents, endpoint, lines, step } from "../preview-comment/previews";
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
/** The command of the preview step's script starting with `start`, its continuation lines joined. */
const commandOf = (start: RegExp): string => {
  const script = previewStep().run!.replace(/\\\n\s*/g, "");
  return script
    .split("\n")
    .find((line) => start.test(line.trim()))!
    .trim();
};
/** The `pulumi preview` command of the preview step. */
const previewCommand = () => commandOf(/^(\w+=\S+ )*pulumi preview /);
/** The `aria-preview-comment` command of the preview step. */
const commentCommand = () => commandOf(/^npx aria-preview-comment /);
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
  /** What aria-preview-comment wrote (nothing: undefined). */
  output: string | undefined;
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
  const files: Record<string, string> =
    options.output === undefined ? {} : { "/runner/tmp/preview.md": options.output };
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
    for (const flag of ['--stack "$STACK"', "--refresh", "--json", "--non-interactive"])
      expect(command).toContain(flag);
    // The engine's events, which hold the policy pack's findings (the default digest has none).
    expect(command).toMatch(/^PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview /);
    // The pack from the program's own node_modules, as the README documents, with the pack's config.
    expect(command).toContain("--policy-pack node_modules/pulumi-aria/dist/provider/policy/pack");
    expect(command).toContain("--policy-pack-config policy-pack-config.json");
    // Its JSON is kept in a file, never printed, and its exit code recorded instead of ending the job.
    expect(command).toMatch(/ > "\$RUNNER_TEMP\/preview\.json"$/);
    expect(step.run).toContain("set +e");
    expect(step.run).toMatch(/\ncode=\$\?\necho "exit-code=\$code" >> "\$GITHUB_OUTPUT"\n/);
    expect(step.shell).toBe("bash");
  });

  it("turns the preview's JSON into the comment with aria-preview-comment, within GitHub's limit", () => {
    const command = commentCommand();
    expect(command).toMatch(/^npx aria-preview-comment "\$RUNNER_TEMP\/preview\.json" /);
    expect(command).toContain('--stack "$STACK"');
    expect(command).toContain('--exit-code "$code"');
    expect(command).toMatch(/ > "\$RUNNER_TEMP\/preview\.md"$/);
    // Room for the marker the comment script puts first.
    const max = Number(/--max-length (\d+)/.exec(command)![1]);
    expect(max + "<!-- aria-endpoints-preview -->\n".length).toBeLessThanOrEqual(65536);
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

  it("comments aria-preview-comment's review once per pull request, edited in place", async () => {
    const review = previewComment(lines(dynamicEvents()), {
      stack: "acme/aria-quickstart/prod",
      exitCode: 255,
    });
    const first = await runCommentScript({ exitCode: "255", output: review, comments: [] });
    expect(first.created).toHaveLength(1);
    expect(first.updated).toHaveLength(0);
    const body = first.created[0].body as string;
    expect(body).toBe(`<!-- aria-endpoints-preview -->\n${review.trim()}`);
    expect(body).toContain("### ❌ `pulumi preview` of `acme/aria-quickstart/prod` failed");
    expect(body).toContain("**1 mandatory policy violation**");
    expect(first.created[0]).toMatchObject({ owner: "acme", repo: "infra", issue_number: 42 });

    // A preview too big for a comment, cut by the command as the workflow runs it.
    const many = Array.from({ length: 300 }, (_, i) =>
      step("create", `e${i}`, undefined, endpoint(`ci-${i}`)),
    );
    const max = Number(/--max-length (\d+)/.exec(commentCommand())![1]);
    const big = previewComment(JSON.stringify({ steps: many }), { exitCode: 0, maxLength: max });
    const again = await runCommentScript({
      exitCode: "0",
      output: big,
      comments: [
        { id: 7, body: "unrelated" },
        { id: 9, body: body },
      ],
    });
    expect(again.created).toHaveLength(0);
    expect(again.updated).toEqual([expect.objectContaining({ comment_id: 9 })]);
    const edited = again.updated[0].body as string;
    expect(edited).toContain("✅ `pulumi preview` passed");
    expect(edited).toContain("The full diff is cut to fit GitHub's comment limit");
    expect(edited.length).toBeLessThanOrEqual(65536);
  });

  it("comments a failure naming the exit code when the preview printed nothing to review", async () => {
    const run = await runCommentScript({ exitCode: "255", output: undefined, comments: [] });
    expect(run.created[0].body).toBe(
      "<!-- aria-endpoints-preview -->\n### ❌ `pulumi preview` of `acme/aria-quickstart/prod` failed (exit code 255)\n\n" +
        "It printed no preview to review: its error is in the job's log.",
    );
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
