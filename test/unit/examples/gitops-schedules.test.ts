/*
 * The scheduling examples of aria-reconcile in examples/gitops: the Kubernetes CronJob, validated
 * against Kubernetes' own batch/v1 CronJob schema (the npm package kubernetes-models, whose
 * validators are generated from the Kubernetes OpenAPI schema), the GitHub Actions workflow (which
 * `npm run lint:workflows` also passes through actionlint) and the crontab line.
 */
import { execFileSync } from "node:child_process";
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

  it("runs aria-reconcile --json once at a time, and fails the Job without a retry on exit 2, 3 and 7", () => {
    const { spec } = cronJob();
    expect(spec.concurrencyPolicy).toBe("Forbid");
    const job = spec.jobTemplate.spec;
    const container = job.template.spec.containers.find((c) => c.name === "reconcile")!;
    expect(container.args?.join(" ")).toMatch(/aria-reconcile --stack \S+ --json/);
    // A pod failure policy needs restartPolicy Never.
    expect(job.template.spec.restartPolicy).toBe("Never");
    expect(job.podFailurePolicy?.rules).toEqual([
      expect.objectContaining({
        action: "FailJob",
        onExitCodes: expect.objectContaining({ values: [2, 3, 7] }),
      }),
    ]);
    // No credential in the manifest: they come from the Secret.
    const names = (container.env ?? []).map((e) => e.name);
    expect(names).not.toContain("VRA_REFRESH_TOKEN");
    expect(names).not.toContain("PULUMI_CONFIG_PASSPHRASE");
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

  it("runs aria-reconcile --json and opens or updates the issue on exit 7 only, failing on 2, 3 and 4", () => {
    const steps = workflow().jobs.reconcile.steps;
    expect(steps.find((s) => s.id === "reconcile")?.run).toMatch(/aria-reconcile "\$\{args\[@\]\}"/);
    expect(steps.find((s) => s.id === "reconcile")?.run).toContain("--json");
    const conditions = steps.map((s) => s.if ?? "");
    expect(conditions).toContain(
      "steps.reconcile.outputs.exit-code == '0' || steps.reconcile.outputs.exit-code == '7'",
    );
    expect(conditions).toContain(
      "steps.reconcile.outputs.exit-code != '0' && steps.reconcile.outputs.exit-code != '7'",
    );
  });

  it("writes the adoption files and opens a pull request of them on exit 7", () => {
    const job = workflow().jobs.reconcile;
    expect(job.steps.find((s) => s.id === "reconcile")?.run).toContain("--adopt adopt");
    const pr = job.steps.find((s) => (s.run ?? "").includes("gh pr create"));
    expect(pr?.if).toBe("steps.reconcile.outputs.exit-code == '7'");
    expect(pr?.run).toContain("git add infra/adopt");
    expect(job.permissions).toMatchObject({ contents: "write", "pull-requests": "write" });
  });
});

describe("the crontab example", () => {
  it("is one schedule line of five fields running aria-reconcile --json", () => {
    const lines = exampleText("gitops/aria-reconcile.crontab")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#") && !/^[A-Z_]+=/.test(line));
    expect(lines).toHaveLength(1);
    const fields = lines[0].split(/\s+/);
    expect(fields.slice(0, 5).join(" ")).toBe("*/30 * * * *");
    expect(lines[0]).toMatch(/npx aria-reconcile --stack \S+ --json/);
    // cron turns a bare % into a newline.
    expect(lines[0]).not.toContain("%");
  });
});
