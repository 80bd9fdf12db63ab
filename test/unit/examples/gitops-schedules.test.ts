/*
 * The scheduling examples of aria-reconcile in examples/gitops: the Kubernetes CronJob, validated
 * against Kubernetes' own batch/v1 CronJob schema (the npm package kubernetes-models, whose
 * validators are generated from the Kubernetes OpenAPI schema), the GitHub Actions workflow (which
 * `npm run lint:workflows` also passes through actionlint) and the crontab line.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { exampleText, yamlDocuments } from "../../support/example-files";

const ROOT = path.resolve(__dirname, "..", "..", "..");

/**
 * The errors kubernetes-models finds in a batch/v1 CronJob (none: an empty list). The package is ES
 * modules only, which jest's CommonJS runtime cannot load: it runs in a Node of its own.
 */
function cronJobErrors(manifest: unknown): string[] {
  const program = `
    import { CronJob } from "kubernetes-models/batch/v1/CronJob";
    let input = "";
    for await (const chunk of process.stdin) input += chunk;
    try {
      new CronJob(JSON.parse(input)).validate();
      process.stdout.write("[]");
    } catch (e) {
      process.stdout.write(JSON.stringify(String(e.message).split("\\n")));
    }`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
    cwd: ROOT,
    input: JSON.stringify(manifest),
    encoding: "utf8",
  });
  return JSON.parse(out) as string[];
}

type CronJobManifest = {
  apiVersion: string;
  kind: string;
  spec: {
    schedule: string;
    concurrencyPolicy?: string;
    jobTemplate: {
      spec: {
        podFailurePolicy?: { rules: { action: string; onExitCodes?: { values: number[] } }[] };
        template: {
          spec: {
            restartPolicy: string;
            containers: { name: string; args?: string[]; env?: { name: string; value?: string }[] }[];
          };
        };
      };
    };
  };
};

const cronJob = () => {
  const docs = yamlDocuments("gitops/cronjob.yaml");
  expect(docs).toHaveLength(1);
  expect(docs[0].errors).toEqual([]);
  return docs[0].value as unknown as CronJobManifest;
};

describe("the CronJob example", () => {
  it("is a valid batch/v1 CronJob by Kubernetes' schema", () => {
    const manifest = cronJob();
    expect([manifest.apiVersion, manifest.kind]).toEqual(["batch/v1", "CronJob"]);
    expect(cronJobErrors(manifest)).toEqual([]);
  });

  it("is checked for real: the schema refuses a CronJob without a schedule or with a nameless container", () => {
    const manifest = cronJob();
    const { schedule: _schedule, ...noSchedule } = manifest.spec;
    expect(cronJobErrors({ ...manifest, spec: noSchedule }).join("\n")).toMatch(/schedule/);
    const template = manifest.spec.jobTemplate.spec.template;
    const nameless = {
      ...manifest,
      spec: {
        ...manifest.spec,
        jobTemplate: {
          spec: { template: { spec: { ...template.spec, containers: [{ image: "x" }] } } },
        },
      },
    };
    expect(cronJobErrors(nameless).join("\n")).toMatch(/name/);
  });

  it("runs aria-reconcile --json --policy once at a time, and fails the Job without a retry on exit 2, 3, 5 and 7", () => {
    const { spec } = cronJob();
    expect(spec.concurrencyPolicy).toBe("Forbid");
    const job = spec.jobTemplate.spec;
    const container = job.template.spec.containers.find((c) => c.name === "reconcile")!;
    expect(container.args?.join(" ")).toMatch(/aria-reconcile --stack \S+ --json --policy "\$@"/);
    // The team's own pack only where the program has one.
    expect(container.args?.join(" ")).toContain(
      "if [ -f policy/PulumiPolicy.yaml ]; then set -- --policy-pack policy; fi",
    );
    // A pod failure policy needs restartPolicy Never.
    expect(job.template.spec.restartPolicy).toBe("Never");
    expect(job.podFailurePolicy?.rules).toEqual([
      expect.objectContaining({
        action: "FailJob",
        onExitCodes: expect.objectContaining({ values: [2, 3, 5, 7] }),
      }),
    ]);
    // No credential in the manifest: they come from the Secret.
    const names = (container.env ?? []).map((e) => e.name);
    expect(names).not.toContain("VRA_REFRESH_TOKEN");
    expect(names).not.toContain("PULUMI_CONFIG_PASSPHRASE");
  });

  it("passes --policy-pack policy exactly when the program's directory holds a pack", () => {
    const container = cronJob().spec.jobTemplate.spec.template.spec.containers.find(
      (c) => c.name === "reconcile",
    )!;
    const script = container.args![0];
    // Stand-ins for npm and npx that record their arguments: the shell's own logic is what runs.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "aria-cronjob-bin-"));
    for (const tool of ["npm", "npx"]) {
      fs.writeFileSync(path.join(bin, tool), `#!/bin/sh\necho "${tool} $*"\n`, { mode: 0o755 });
    }
    const runIn = (withPack: boolean) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aria-cronjob-"));
      if (withPack) {
        fs.mkdirSync(path.join(dir, "policy"));
        fs.writeFileSync(path.join(dir, "policy", "PulumiPolicy.yaml"), "runtime: nodejs\n");
      }
      const out = execFileSync("sh", ["-c", script], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      });
      fs.rmSync(dir, { recursive: true, force: true });
      return out.trim();
    };
    try {
      expect(runIn(true)).toBe("npx aria-reconcile --stack prod --json --policy --policy-pack policy");
      expect(runIn(false)).toBe("npx aria-reconcile --stack prod --json --policy");
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});

describe("the GitHub Actions example", () => {
  const workflow = () =>
    yamlDocuments("gitops/aria-drift.yml")[0].value as {
      on: { schedule: { cron: string }[] };
      jobs: Record<
        string,
        { permissions: Record<string, string>; steps: { id?: string; run?: string; if?: string }[] }
      >;
    };

  it("runs on a schedule and may write issues", () => {
    expect(workflow().on.schedule[0].cron.split(" ")).toHaveLength(5);
    expect(workflow().jobs.reconcile.permissions.issues).toBe("write");
  });

  it("runs aria-reconcile --json --policy and opens or updates the issue on exit 0, 5 and 7, failing on 2, 3 and 4", () => {
    const steps = workflow().jobs.reconcile.steps;
    const reconcile = steps.find((s) => s.id === "reconcile")?.run ?? "";
    expect(reconcile).toMatch(/aria-reconcile "\$\{args\[@\]\}"/);
    expect(reconcile).toContain("--json");
    expect(reconcile).toContain("--policy");
    expect(reconcile).toContain("--policy-pack policy");
    const conditions = steps.map((s) => s.if ?? "");
    expect(conditions).toContain(`contains(fromJSON('["0", "5", "7"]'), steps.reconcile.outputs.exit-code)`);
    expect(conditions).toContain(
      `\${{ !contains(fromJSON('["0", "5", "7"]'), steps.reconcile.outputs.exit-code) }}`,
    );
  });

  it("writes the adoption files and opens a pull request of them on exit 7", () => {
    const job = workflow().jobs.reconcile;
    expect(job.steps.find((s) => s.id === "reconcile")?.run).toContain("--adopt adopt");
    const pr = job.steps.find((s) => (s.run ?? "").includes("gh pr create"));
    expect(pr?.if).toBe(
      "steps.reconcile.outputs.exit-code == '7' || steps.reconcile.outputs.exit-code == '5'",
    );
    expect(pr?.run).toContain('bash .github/aria-adoption-branch.sh infra/adopt "aria-adopt/$GITHUB_RUN_ID"');
    expect(job.permissions).toMatchObject({ contents: "write", "pull-requests": "write" });
  });
});

describe("the adoption branch script of the GitHub Actions example", () => {
  const SCRIPT = path.join(ROOT, "examples", "gitops", "adoption-branch.sh");
  let tmp: string;
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, ...IDENTITY } }).trim();
  const IDENTITY = {
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.com",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.com",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
  };
  /** A clone of a bare `origin`, as actions/checkout leaves one: one commit on main, infra/ in it. */
  const checkout = () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aria-adopt-branch-"));
    const origin = path.join(tmp, "origin.git");
    git(tmp, "init", "--quiet", "--bare", "--initial-branch=main", origin);
    const work = path.join(tmp, "work");
    git(tmp, "clone", "--quiet", origin, work);
    fs.mkdirSync(path.join(work, "infra"));
    fs.writeFileSync(path.join(work, "infra", "Pulumi.yaml"), "name: infra\nruntime: nodejs\n");
    git(work, "add", ".");
    git(work, "commit", "--quiet", "-m", "the program");
    git(work, "push", "--quiet", "origin", "HEAD:main");
    return { origin, work };
  };
  const run = (work: string) =>
    execFileSync("bash", [SCRIPT, "infra/adopt", "aria-adopt/42"], {
      cwd: work,
      encoding: "utf8",
      env: { ...process.env, ...IDENTITY },
    });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("commits what --adopt wrote to a branch of its own and pushes it, naming it", () => {
    const { origin, work } = checkout();
    fs.mkdirSync(path.join(work, "infra", "adopt"));
    fs.writeFileSync(path.join(work, "infra", "adopt", "import.json"), '{"resources":[]}\n');
    fs.writeFileSync(path.join(work, "infra", "adopt", "README.md"), "# Adopt\n");
    // An unrelated change in the work tree stays out of the commit.
    fs.writeFileSync(path.join(work, "infra", "Pulumi.yaml"), "name: infra\nruntime: nodejs\n# edited\n");
    expect(run(work).trim()).toBe("aria-adopt/42");
    expect(git(origin, "ls-tree", "-r", "--name-only", "aria-adopt/42").split("\n").sort()).toEqual([
      "infra/Pulumi.yaml",
      "infra/adopt/README.md",
      "infra/adopt/import.json",
    ]);
    expect(git(origin, "show", "aria-adopt/42:infra/Pulumi.yaml")).not.toContain("edited");
    expect(git(origin, "log", "-1", "--format=%s", "aria-adopt/42")).toBe(
      "Adopt the Aria endpoints no stack declares",
    );
    expect(git(origin, "rev-parse", "aria-adopt/42~1")).toBe(git(origin, "rev-parse", "main"));
  });

  it("prints nothing and pushes nothing when --adopt wrote nothing new", () => {
    const { origin, work } = checkout();
    expect(run(work)).toBe("");
    expect(git(origin, "branch", "--list", "--format=%(refname:short)")).toBe("main");
    expect(git(work, "branch", "--show-current")).toBe("main");
  });
});

describe("the crontab example", () => {
  it("is one schedule line of five fields running aria-reconcile --json with both policy packs", () => {
    const lines = exampleText("gitops/aria-reconcile.crontab")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#") && !/^[A-Z_]+=/.test(line));
    expect(lines).toHaveLength(1);
    const fields = lines[0].split(/\s+/);
    expect(fields.slice(0, 5).join(" ")).toBe("*/30 * * * *");
    expect(lines[0]).toMatch(/npx aria-reconcile --stack \S+ --json --policy --policy-pack \S+ /);
    // cron turns a bare % into a newline.
    expect(lines[0]).not.toContain("%");
  });
});
