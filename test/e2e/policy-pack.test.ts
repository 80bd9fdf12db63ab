import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { E2EStack, expectOk, OpResult, openStack } from "../support/program-stack";

/*
 * The policy pack that ships in the package, run as docs/guides/pr-previews.md tells users to run it: `pulumi preview
 * --policy-pack node_modules/pulumi-aria/dist/provider/policy/pack` in the program directory, where
 * pulumi-aria is installed from the packed tarball, with `--policy-pack-config` for its config. One
 * program, one set of endpoints per scenario (test/e2e/programs/policy-pack).
 */

jest.setTimeout(600_000);

/** The password the pull request of the comment's test rotates to: it must appear nowhere. */
const ROTATED = "e2e-Rotated-Passw0rd";

/** The pack, relative to the program directory: the path docs/guides/pr-previews.md documents. */
const PACK = "node_modules/pulumi-aria/dist/provider/policy/pack";

/** One violation as `pulumi preview` prints it under "Policies:". */
interface Violation {
  level: string;
  policy: string;
  resource: string;
  message: string;
}

/** The violations in a preview's output, in the order printed. */
function violations(result: OpResult): Violation[] {
  const lines = result.stdout.split("\n");
  const found: Violation[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^(\s*)- \[(mandatory|advisory)\]\s+(\S+)\s+\(([^:]+:[^:]+:[^:]+): (.+)\)\s*$/.exec(
      lines[i],
    );
    if (!head) continue;
    // The description, then the message, indented under the heading.
    const body: string[] = [];
    for (let j = i + 2; j < lines.length && /^\s+\S/.test(lines[j]) && !/^\s*- \[/.test(lines[j]); j++) {
      if (lines[j].length - lines[j].trimStart().length <= head[1].length) break;
      body.push(lines[j].trim());
    }
    found.push({ level: head[2], policy: head[3], resource: head[5], message: body.join(" ") });
  }
  return found;
}

/** Asserts the [level, policy, resource] of the violations, in any order: resources are analysed in parallel. */
function expectViolations(found: Violation[], expected: string[][]): void {
  const sorted = (rows: string[][]) => [...rows].sort((a, b) => a.join().localeCompare(b.join()));
  expect(sorted(found.map(({ level, policy, resource }) => [level, policy, resource]))).toEqual(
    sorted(expected),
  );
}

/** The message of the violation of `policy` on `resource`. */
function message(found: Violation[], policy: string, resource: string): string {
  const violation = found.find((v) => v.policy === policy && v.resource === resource);
  if (!violation) throw new Error(`no ${policy} violation on ${resource} in ${JSON.stringify(found)}`);
  return violation.message;
}

describe("the policy pack in a pull-request preview", () => {
  let stack: E2EStack;
  let configDir: string;

  beforeAll(async () => {
    stack = await openStack({ program: "test/e2e/programs/policy-pack" });
    // The endpoints' hosts are made up: no server validation, only what the policies see.
    stack.setConfig("vra:validateEndpoints", "false");
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-policy-config-"));
  });

  afterAll(async () => {
    await stack?.dispose();
    if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
  });

  /** `pulumi preview --policy-pack PACK [--policy-pack-config FILE]` of one scenario. */
  async function preview(scenario: string, config?: object): Promise<OpResult> {
    stack.setConfig("scenario", scenario);
    // As users type it: without --diff, violations are listed under "Policies:".
    const options: Record<string, unknown> = { diff: false, policyPacks: [PACK] };
    if (config) {
      const file = path.join(configDir, `${scenario}-${Object.keys(config).join("-")}.json`);
      fs.writeFileSync(file, JSON.stringify(config));
      options.policyPackConfigs = [file];
    }
    const result = await stack.preview(options);
    // The pack ran (a pack that fails to start fails the preview with another message).
    expect(result.stdout).toMatch(/aria-endpoints@v\d+\.\d+\.\d+ \(local: .*dist\/provider\/policy\/pack\)/);
    // Nothing here is refused by the provider's own check: what fails, fails by policy.
    expect(result.stdout).not.toMatch(/has a problem/);
    return result;
  }

  it("passes a program that breaks no rule, with the organisation's name and project rules on", async () => {
    const result = await preview("clean", {
      "aria-endpoint-name-pattern": { pattern: "ci-[a-z0-9-]+" },
      "aria-endpoint-allowed-projects": { projects: ["Platform"] },
    });
    expect(violations(result)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.summary.create).toBe(4); // the stack and three endpoints
  });

  it("fails on plain-http URLs of generic and typed endpoints, naming each resource, field and fix", async () => {
    const result = await preview("plain-http");
    expect(result.ok).toBe(false);
    const found = violations(result);
    expectViolations(found, [
      ["mandatory", "aria-endpoint-plain-http", "jenkins-http"],
      ["mandatory", "aria-endpoint-plain-http", "cluster-http"],
    ]);
    expect(message(found, "aria-endpoint-plain-http", "jenkins-http")).toMatch(
      /endpoint 'ci-jenkins-http' \(resource 'jenkins-http'\): properties\.url \(on a typed endpoint resource: its url input\) uses plain http \(host jenkins\.lab\.example\.com:8080\)\. Use an https URL/,
    );
    expect(message(found, "aria-endpoint-plain-http", "cluster-http")).toMatch(
      /resource 'cluster-http'\): properties\.kubernetesURL \(on a typed endpoint resource: its kubernetesURL input\) uses plain http/,
    );
    expect(message(found, "aria-endpoint-plain-http", "cluster-http")).toContain(
      '{"aria-endpoint-plain-http": {"allowedHosts": ["k8s.lab.example.com"]}}',
    );
  });

  it("passes plain-http URLs whose hosts the pack's config allows", async () => {
    const result = await preview("plain-http", {
      "aria-endpoint-plain-http": { allowedHosts: ["*.lab.example.com"] },
    });
    expect(violations(result)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("fails on secrets among the plain properties, which check has moved by the time the pack sees them", async () => {
    const result = await preview("secrets");
    expect(result.ok).toBe(false);
    const found = violations(result);
    expectViolations(found, [
      ["mandatory", "aria-endpoint-secret-in-properties", "jenkins-pw"],
      ["mandatory", "aria-endpoint-secret-in-properties", "repo-token"],
    ]);
    // The analyzer is given the inputs as check returned them: the secrets are no longer among the plain
    // properties there, and the pack finds them through check's movedSecrets note.
    expect(message(found, "aria-endpoint-secret-in-properties", "jenkins-pw")).toContain(
      "endpoint 'ci-jenkins-pw' (resource 'jenkins-pw'): properties.password is a secret declared among the plain properties (the provider moved it to secretProperties for this run). Declare it in secretProperties",
    );
    expect(message(found, "aria-endpoint-secret-in-properties", "repo-token")).toContain(
      "properties.privateToken is a secret declared among the plain properties (the provider moved it",
    );
    expect(result.stdout).toMatch(/properties\.password is a secret of endpoint type 'jenkins'/); // check's warning
    const said = `${result.stdout}\n${result.stderr ?? ""}`;
    expect(said).not.toContain("e2e-Plain-Passw0rd");
    expect(said).not.toContain("e2e-Plain-T0ken");
  });

  it("reports an unpinned https endpoint and a restricted one as advisories, and passes", async () => {
    const result = await preview("advisories");
    const found = violations(result);
    expectViolations(found, [
      ["advisory", "aria-endpoint-unpinned-certificate", "unpinned"],
      ["advisory", "aria-endpoint-restricted", "restricted"],
    ]);
    expect(message(found, "aria-endpoint-unpinned-certificate", "unpinned")).toMatch(
      /endpoint 'ci-unpinned' \(resource 'unpinned'\): properties\.url is https \(jenkins\.example\.com\) but properties\.fingerprint is not set.*getEndpointCertificateOutput/,
    );
    expect(message(found, "aria-endpoint-restricted", "restricted")).toMatch(
      /endpoint 'ci-restricted' \(resource 'restricted'\): isRestricted is true\..*set isRestricted: false/,
    );
    expect(result.ok).toBe(true);
  });

  it("leaves names and projects alone by default", async () => {
    const result = await preview("governance");
    expect(violations(result)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("fails on names and projects outside the organisation's, once its config sets them", async () => {
    const result = await preview("governance", {
      "aria-endpoint-name-pattern": { pattern: "ci-[a-z0-9-]+" },
      "aria-endpoint-allowed-projects": { projects: ["Platform", "Default Project"] },
    });
    expect(result.ok).toBe(false);
    const found = violations(result);
    expectViolations(found, [
      ["mandatory", "aria-endpoint-name-pattern", "team-jenkins"],
      ["mandatory", "aria-endpoint-allowed-projects", "team-jenkins"],
    ]);
    expect(message(found, "aria-endpoint-name-pattern", "team-jenkins")).toContain(
      "name 'Team Jenkins' does not match the organisation's pattern /ci-[a-z0-9-]+/",
    );
    expect(message(found, "aria-endpoint-allowed-projects", "team-jenkins")).toContain(
      "project 'Payments' is not one of the allowed projects. Set project to one of 'Platform', 'Default Project'",
    );
  });

  // Last: it brings the advisories' endpoints up and leaves them in the stack.
  it("turns a preview's JSON into a pull request's comment: summary first, changed field, violation, no secret", async () => {
    stack.setConfig("scenario", "advisories");
    expectOk(await stack.up());
    // The pull request: a plain-http URL (a changed field, a mandatory violation) and a rotated password.
    stack.setConfig("unpinnedUrl", "http://jenkins.lab.example.com:8080");
    stack.setConfig("restrictedPassword", { value: ROTATED, secret: true });
    // As the pull-request workflow runs it: the engine's events, which hold the pack's findings.
    const preview = await stack.command(
      "pulumi",
      ["preview", "--json", "--stack", stack.stackName, "--non-interactive", "--policy-pack", PACK],
      { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" },
    );
    expect(preview.code).not.toBe(0);
    const file = path.join(configDir, "preview.json");
    fs.writeFileSync(file, preview.stdout);
    const bin = path.join(stack.workDir, "node_modules", ".bin", "aria-preview-comment");
    const comment = await stack.command(bin, [
      file,
      "--stack",
      "acme/prod",
      "--exit-code",
      String(preview.code),
    ]);
    // ARIA_COMMENT_DUMP=/some/file keeps the comment (file.md), to look at it rendered.
    if (process.env.ARIA_COMMENT_DUMP)
      fs.writeFileSync(`${process.env.ARIA_COMMENT_DUMP}.md`, comment.stdout);
    expect({ code: comment.code, stderr: comment.stderr }).toEqual({ code: 0, stderr: "" });
    const markdown = comment.stdout;
    const [summary] = markdown.split("#### Resources");
    expect(summary).toContain("### ❌ `pulumi preview` of `acme/prod` failed");
    expect(summary).toContain("**1 mandatory policy violation**");
    expect(summary).toMatch(
      /\| create \| update \| replace \| delete \| unchanged \|\n\|[:|-]+\|\n\| 0 \| 2 \| 0 \| 0 \| 0 \|/,
    );
    expect(markdown).toMatch(
      /\*\*✏️ update\*\* `unpinned`[^\n]*\n\n- \*\*Changed:\*\* [^\n]*`properties\.url`/,
    );
    expect(markdown).toMatch(
      /- ❌ \*\*Policy\*\* `aria-endpoint-plain-http` \(mandatory\): [^\n]*plain http/,
    );
    expect(markdown).toMatch(
      /<details><summary>Full diff[\s\S]*"http:\/\/jenkins\.lab\.example\.com:8080"[\s\S]*<\/details>/,
    );
    // The rotated password: an update the dynamic door names no field of, and no value anywhere in
    // the comment. (The events themselves may hold it, in the SDK's debug messages: they are not posted.)
    expect(markdown).toMatch(
      /\*\*✏️ update\*\* `restricted`[^\n]*\n\n- \*\*Changed:\*\* no field shown[^\n]*a secret changed/,
    );
    for (const secret of [ROTATED, "e2e-Policy-Passw0rd"]) expect(markdown).not.toContain(secret);
  });
});
