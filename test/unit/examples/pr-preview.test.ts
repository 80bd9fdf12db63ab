/*
 * examples/pr-preview/aria-endpoints.yml: the GitHub Actions workflow that tests the program against
 * the emulator, previews pull requests on the real server and updates it on merge.
 */
import {
  configSets,
  jobScript,
  programConfig,
  WORKFLOW,
  WorkflowJob,
  WorkflowStep,
  yamlDocuments,
} from "./example-files";

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
    expect(test.env?.PULUMI_BACKEND_URL).toMatch(/^file:\/\//);
    const script = jobScript(test);
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

  it("previews pull requests on the real server with refresh on and the diff commented on the PR", () => {
    const preview = job("preview");
    expect(preview.if).toContain("pull_request");
    expect(needs("preview")).toContain("emulator-test");
    expect(preview.permissions?.["pull-requests"]).toBe("write");
    const step = pulumiStep("preview");
    expect(step?.with).toEqual(
      expect.objectContaining({
        command: "preview",
        refresh: true,
        "comment-on-pr": true,
        "work-dir": expect.any(String),
      }),
    );
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
    for (const id of ["preview", "deploy"]) {
      const env = pulumiStep(id)?.env ?? {};
      expect(env.PULUMI_ACCESS_TOKEN).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
      expect(env.VRA_REFRESH_TOKEN).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
      expect(env.VRA_URL).toMatch(/^\$\{\{ (vars|secrets)\.\w+ \}\}$/);
    }
  });
});
