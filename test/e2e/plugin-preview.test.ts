import * as fs from "node:fs";
import * as path from "node:path";
import { changes, E2EStack, expectOk, OpResult, openStack } from "../support/program-stack";

/*
 * The plugin door's preview against a server 100 ms away: the endpoint's validation by the server runs
 * in the engine's parallel steps (Create with `preview`), not in its serial Check, and still refuses a
 * bad endpoint before anything is written; what Check refuses it still names by its property. A good
 * endpoint is validated in the preview and again just before it is created, and not again once it is
 * unchanged. A change's preview shows exactly the changed paths (the plugin's detailed diff), in
 * `preview --json` and in `preview --diff`: a field, a secret's rotation, a replacing project (what
 * docs/guides/pr-previews.md tells of the plugin door). One stack for all, in order.
 */

jest.setTimeout(600_000);

const PASSWORD = "e2e-Preview-Passw0rd";
const ROTATED = "e2e-Preview-Rotated-Passw0rd";
const VALIDATION = "POST /pipeline/api/endpoint-validation";
const CREATE = "POST /pipeline/api/endpoints";

let stack: E2EStack;

function said(result: OpResult): string {
  return [result.error, result.stdout, result.stderr].filter(Boolean).join("\n");
}

async function counts(): Promise<Record<string, number>> {
  return (await stack.requests()).counts;
}

beforeAll(async () => {
  stack = await openStack({
    program: "test/e2e/programs/plugin-preview",
    namespace: "aria",
    emulatorOptions: { latencyMs: 100 },
  });
  stack.setConfig("url", stack.url);
  stack.setConfig("password", { value: PASSWORD, secret: true });
});

afterAll(async () => {
  if (stack) expectOk(await stack.destroy());
  await stack?.dispose();
});

describe("the plugin's preview of an endpoint on a distant server", () => {
  // Whatever a test set, the next one starts from the good endpoint.
  afterEach(() => {
    stack.setConfig("url", stack.url);
    stack.setConfig("pollInterval", "5");
  });

  it("refuses a property the server's tile refuses, naming it", async () => {
    stack.setConfig("pollInterval", "often");
    const preview = await stack.preview();
    expect(preview.ok).toBe(false);
    expect(said(preview)).toMatch(/properties\.pollInterval.*'pollInterval' must be an integer/s);
  });

  it("refuses an endpoint the server cannot validate, naming it and the server's reason, writing nothing", async () => {
    stack.setConfig("url", "http://127.0.0.1:1");
    await stack.resetRequests();
    const preview = await stack.preview();
    expect(preview.ok).toBe(false);
    const text = said(preview);
    expect(text).toMatch(
      /aria:index:Endpoint resource 'ci' has a problem: the server's validation of the endpoint failed: Failed to connect to jenkins server endpoint/,
    );
    expect(text).not.toContain(PASSWORD);
    const log = await counts();
    expect(log[VALIDATION]).toBe(1);
    expect(log[CREATE] ?? 0).toBe(0);

    // The pull request's comment of the same preview, from the JSON digest `pulumi preview --json` prints.
    const json = await stack.command("pulumi", [
      "preview",
      "--json",
      "--stack",
      stack.stackName,
      "--non-interactive",
    ]);
    expect(json.code).not.toBe(0);
    const bin = path.join(stack.workDir, "node_modules", ".bin", "aria-preview-comment");
    fs.writeFileSync(path.join(stack.workDir, "preview.json"), json.stdout);
    // On standard input, as a pipe gives it.
    const comment = await stack.command("sh", ["-c", `"$0" --exit-code ${json.code} < preview.json`, bin]);
    expect({ code: comment.code, stderr: comment.stderr }).toEqual({ code: 0, stderr: "" });
    expect(comment.stdout).toContain("### ❌ `pulumi preview` failed");
    expect(comment.stdout).toContain("**1 endpoint refused by the server's validation**");
    expect(comment.stdout).toMatch(
      /\*\*➕ create\*\* `ci` · `aria:index:Endpoint`\n\n- \*\*Sets:\*\* [^\n]*`properties\.url`[^\n]*\n- ❌ \*\*The server's validation failed:\*\* Failed to connect to jenkins server endpoint/,
    );
    expect(json.stdout + comment.stdout).not.toContain(PASSWORD);
  });

  it("validates a good endpoint in the preview and before creating it, and not again when unchanged", async () => {
    await stack.resetRequests();
    expect(changes(expectOk(await stack.preview()))).toEqual({ create: 2 }); // the stack and the endpoint
    expect((await counts())[VALIDATION]).toBe(1);

    await stack.resetRequests();
    expect(changes(expectOk(await stack.up({ skipPreview: true })))).toEqual({ create: 2 });
    const routes = (await stack.requests()).entries.map((e) => e.route);
    expect(routes.filter((r) => r === VALIDATION)).toHaveLength(1);
    expect(routes.indexOf(VALIDATION)).toBeLessThan(routes.indexOf(CREATE));

    await stack.resetRequests();
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expect((await counts())[VALIDATION] ?? 0).toBe(0);
  });
});

/** One step of `pulumi preview --json` (the parts read here). */
interface PreviewStep {
  op: string;
  urn: string;
  diffReasons?: string[];
  replaceReasons?: string[];
  detailedDiff?: Record<string, { kind: string; inputDiff: boolean }> | null;
}

/** The endpoint's steps in `pulumi preview --json`, and what the command printed. */
async function jsonPreview(): Promise<{ steps: PreviewStep[]; text: string; json: string }> {
  const r = await stack.pulumi(["preview", "--json", "--non-interactive", "--stack", stack.stackName]);
  expect(r.code).toBe(0);
  const steps = (JSON.parse(r.stdout) as { steps: PreviewStep[] }).steps;
  return {
    steps: steps.filter((step) => step.urn.endsWith("::ci")),
    text: r.stdout + r.stderr,
    json: r.stdout,
  };
}

/** The pull request's comment aria-preview-comment writes of a `pulumi preview --json`. */
async function comment(json: string): Promise<string> {
  fs.writeFileSync(path.join(stack.workDir, "preview.json"), json);
  const bin = path.join(stack.workDir, "node_modules", ".bin", "aria-preview-comment");
  const result = await stack.command(bin, ["preview.json"]);
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
  return result.stdout;
}

/** The kinds of a step's detailed diff, by path. */
const kinds = (step: PreviewStep) =>
  Object.fromEntries(Object.entries(step.detailedDiff ?? {}).map(([path, d]) => [path, d.kind]));

describe("the plugin's preview of a change to the endpoint", () => {
  // After the tests above, the endpoint exists as declared; each test previews one change.
  afterEach(() => {
    stack.setConfig("pollInterval", "5");
    stack.setConfig("password", { value: PASSWORD, secret: true });
    stack.setConfig("project", undefined);
  });

  it("names a changed field by its path in diffReasons and detailedDiff", async () => {
    stack.setConfig("pollInterval", "7");
    const { steps } = await jsonPreview();
    expect(steps.map((s) => s.op)).toEqual(["update"]);
    expect(steps[0].diffReasons).toEqual(["properties"]);
    expect(kinds(steps[0])).toEqual({ "properties.pollInterval": "update" });
  });

  it("marks a rotated secret as changed, with no value, in --json and in --diff", async () => {
    stack.setConfig("password", { value: ROTATED, secret: true });
    const { steps, text, json } = await jsonPreview();
    expect(steps.map((s) => s.op)).toEqual(["update"]);
    expect(steps[0].diffReasons).toEqual(["secretProperties"]);
    const review = await comment(json);
    expect(review).toMatch(/`secretProperties\.password`[^\n]*secret changed/);
    expect(review).not.toContain(ROTATED);
    expect(steps[0].detailedDiff).toEqual({
      "secretProperties.password": { kind: "update", inputDiff: true },
    });
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(ROTATED);

    const diff = expectOk(await stack.preview());
    expect(diff.stdout).toMatch(/~ aria:index:Endpoint: \(update\)/);
    expect(diff.stdout).toMatch(/~ secretProperties: \{\s*~ password: \[secret\] => \[secret\]/);
    expect(said(diff)).not.toContain(ROTATED);
  });

  it("names the project as what replaces the endpoint, and shows no output as removed", async () => {
    stack.setConfig("project", "Payments");
    const { steps, json } = await jsonPreview();
    const replace = steps.find((s) => s.op === "replace");
    expect(replace?.replaceReasons).toEqual(["project"]);
    expect(await comment(json)).toMatch(/replac[^\n]*`project`/i);
    expect(replace?.diffReasons).toEqual(["project"]);
    expect(kinds(replace!)).toEqual({ project: "update-replace" });

    const diff = expectOk(await stack.preview());
    expect(diff.stdout).toMatch(/\+-\s*aria:index:Endpoint: \(replace\)/);
    expect(diff.stdout).toMatch(/~ project\s*: "Platform" => "Payments"/);
    // No output-only field (metadata, createdAt, link, ...) is shown as removed.
    expect(diff.stdout).not.toMatch(/^\s*- (metadata|createdAt|createdBy|link|endpointId)\b/m);
  });
});
