/*
 * The example programs, run as a user runs them: the real Pulumi engine on a temporary backend,
 * against the emulator, each through its whole life: up → preview with no changes → refresh with no
 * changes → destroy → nothing left on the server.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createClient, resolveClientConfig, type AriaClient } from "../../provider/client";
import { configSets, jobScript, WORKFLOW, WorkflowJob, yamlDocuments } from "../support/example-files";
import { loopbackCertificate } from "../support/certificates";
import { CiStandIn, startCiStandIn } from "../support/tls-servers";
import { Emulator, USERS } from "../support/emulator";
import {
  changes,
  ConfigInput,
  E2EStack,
  expectOk,
  openStack,
  OpResult,
  REPO_ROOT,
} from "../support/program-stack";

// Each engine operation is a process of its own (a few seconds); jest ignores `testTimeout` set per project.
jest.setTimeout(10 * 60 * 1000);

/** The examples that are Pulumi programs (the others are a workflow and an operator manifest). */
const RUNNABLE = ["quickstart", "deployment-resources", "adopt-existing"];

/** An API client of the emulator behind a stack, as the administrator (`settings`: e.g. `vra:caCert`). */
function adminClient(stack: E2EStack, settings: Record<string, string> = {}): AriaClient {
  return createClient(
    resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin, ...settings }, {}),
  );
}

async function endpointNames(stack: E2EStack, settings: Record<string, string> = {}): Promise<string[]> {
  const client = adminClient(stack, settings);
  try {
    return (await client.listAllEndpoints()).map((endpoint) => endpoint.name).sort();
  } finally {
    await client.close();
  }
}

function output(result: OpResult, key: string): unknown {
  return result.outputs?.[key]?.value;
}

/** preview and refresh find nothing to do; destroy deletes `resources` (the stack included). */
async function expectSteadyThenDestroy(
  stack: E2EStack,
  resources: number,
  settings: Record<string, string> = {},
): Promise<void> {
  expect(changes(expectOk(await stack.preview()))).toEqual({});
  expect(changes(expectOk(await stack.refresh()))).toEqual({});
  expect(changes(expectOk(await stack.preview()))).toEqual({});
  expect(changes(expectOk(await stack.destroy()))).toEqual({ delete: resources });
  expect(await endpointNames(stack, settings)).toEqual([]);
}

describe("the example programs", () => {
  let ci: CiStandIn;
  let stack: E2EStack | undefined;

  beforeAll(async () => {
    ci = await startCiStandIn();
  });
  afterEach(async () => {
    await stack?.dispose();
    stack = undefined;
  });
  afterAll(async () => {
    await ci?.close();
  });

  it.each(RUNNABLE)("%s is a standalone project that type-checks against the built package", (example) => {
    const dir = path.join(REPO_ROOT, "examples", example);
    for (const file of ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "README.md"]) {
      expect(fs.existsSync(path.join(dir, file))).toBe(true);
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["@pulumi/pulumi", "pulumi-aria"]);
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    expect(() =>
      execFileSync(process.execPath, [tsc, "--noEmit", "-p", dir], { cwd: REPO_ROOT, encoding: "utf8" }),
    ).not.toThrow();
  });

  it("quickstart creates typed and generic endpoints with a pinned certificate, then nothing changes", async () => {
    stack = await openStack({
      program: "examples/quickstart",
      projectName: "aria-quickstart",
      config: {
        jenkinsUrl: ci.url,
        jenkinsPassword: { value: "jenkins-e2e-password", secret: true },
        gitRepoUrl: `${ci.url}/scm/app.git`,
        gitToken: { value: "git-e2e-token", secret: true },
      },
    });
    // What a pull request's preview shows is what up then does.
    const firstPreview = expectOk(await stack.preview());
    const up = expectOk(await stack.up());
    expect(changes(firstPreview)).toEqual(changes(up));
    expect(changes(up)).toEqual({ create: 4 });

    const prefix = stack.stackName;
    expect(await endpointNames(stack)).toEqual(
      [`${prefix}-app-repo`, `${prefix}-jenkins`, `${prefix}-release-jenkins`].sort(),
    );
    expect(output(up, "jenkinsCertificateFingerprint")).toBe(ci.fingerprint);
    expect(output(up, "endpointProject")).toBe("Default Project");
    expect(output(up, "lookedUpByName")).toMatchObject({
      id: output(up, "jenkinsEndpointId"),
      name: `${prefix}-jenkins`,
      type: "jenkins",
      url: ci.url,
    });
    const client = adminClient(stack);
    try {
      const jenkins = await client.getEndpoint(output(up, "jenkinsEndpointId") as string);
      expect(jenkins.properties?.fingerprint).toBe(ci.fingerprint);
    } finally {
      await client.close();
    }
    const state = stack.rawState();
    expect(state).not.toContain("jenkins-e2e-password");
    expect(state).not.toContain("git-e2e-token");

    await expectSteadyThenDestroy(stack, 4);
  });

  it("deployment-resources creates a resource, waits for it and finds it with every lookup", async () => {
    stack = await openStack({
      program: "examples/deployment-resources",
      projectName: "aria-deployment-resources",
    });
    // What a pull request's preview shows is what up then does.
    const firstPreview = expectOk(await stack.preview());
    const up = expectOk(await stack.up());
    expect(changes(firstPreview)).toEqual(changes(up));
    expect(changes(up)).toEqual({ create: 2 });

    const name = `${stack.stackName}-build-agent`;
    expect(output(up, "requestStatus")).toBe("SUCCESSFUL");
    expect(output(up, "deploymentId")).toEqual(expect.any(String));
    expect(output(up, "taggedNames")).toEqual([name]);
    expect(output(up, "searchedNames")).toEqual([name]);
    const count = output(up, "machineCount") as number;
    expect(count).toBeGreaterThan(5);
    expect(output(up, "machineTotal")).toBe(count);
    expect((output(up, "secondPageNames") as string[]).length).toBe(Math.min(5, count - 5));
    expect(output(up, "filterIds")).toEqual(expect.arrayContaining(["projects", "resourceTypes", "tags"]));
    expect((output(up, "commonTypes") as string[]).length).toBeLessThanOrEqual(3);

    await expectSteadyThenDestroy(stack, 2);
    const client = adminClient(stack);
    try {
      const left = await client.listResources({ tags: [`stack:${stack.stackName}`] });
      expect(left.content).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("adopt-existing takes over endpoints created by hand, keeping their ids", async () => {
    stack = await openStack({
      program: "examples/adopt-existing",
      projectName: "aria-adopt-existing",
      config: {
        jenkinsUrl: ci.url,
        jenkinsPassword: { value: "jenkins-e2e-password", secret: true },
        jiraUrl: ci.url,
        jiraPassword: { value: "jira-e2e-password", secret: true },
      },
    });
    // What someone did by hand in the UI, before Pulumi.
    const client = adminClient(stack);
    let handMade: string[];
    try {
      const made = await Promise.all([
        client.createEndpoint({
          name: "jenkins",
          type: "jenkins",
          project: "Platform",
          description: "made by hand",
          properties: { url: ci.url, username: "someone", password: "old-password" },
        }),
        client.createEndpoint({
          name: "jira",
          type: "jira",
          project: "Platform",
          description: "made by hand",
          properties: { url: ci.url, username: "someone", password: "old-password" },
        }),
      ]);
      handMade = made.map((endpoint) => endpoint.id);
    } finally {
      await client.close();
    }

    // What a pull request's preview shows is what up then does.

    const firstPreview = expectOk(await stack.preview());

    const up = expectOk(await stack.up());

    expect(changes(firstPreview)).toEqual(changes(up));
    expect(changes(up)).toEqual({ create: 3 });
    expect([output(up, "jenkinsEndpointId"), output(up, "jiraEndpointId")]).toEqual(handMade);
    expect(output(up, "jenkinsCreatedBy")).toEqual(expect.any(String));
    expect(await endpointNames(stack)).toEqual(["jenkins", "jira"]);
    const after = adminClient(stack);
    try {
      const jenkins = await after.getEndpoint(handMade[0]);
      expect(jenkins.description).toBe("Team Jenkins, managed by Pulumi since adoption");
      expect(jenkins.properties?.username).toBe("ci-bot");
    } finally {
      await after.close();
    }

    await expectSteadyThenDestroy(stack, 3);
  });

  it("pr-preview's emulator job runs the quickstart with the workflow's own configuration", async () => {
    // The job's `pulumi config set` lines, against an HTTPS emulator that also plays Jenkins and Git.
    const workflow = yamlDocuments(WORKFLOW)[0].value as { jobs: Record<string, WorkflowJob> };
    const sets = configSets(jobScript(workflow.jobs["emulator-test"]));
    const tls = await loopbackCertificate();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-pr-preview-"));
    const certFile = path.join(dir, "emulator-cert.pem");
    fs.writeFileSync(certFile, tls.cert);
    const emulator = await Emulator.start({ tls: { key: tls.key, cert: tls.cert } });
    try {
      const local = (value: string) =>
        value
          .replaceAll("https://127.0.0.1:8443", emulator.url)
          .replaceAll("$RUNNER_TEMP/emulator-cert.pem", certFile);
      const config: Record<string, ConfigInput> = Object.fromEntries(
        sets.map((set) => [set.key, { value: local(set.value), secret: set.secret }]),
      );
      stack = await openStack({
        program: "examples/quickstart",
        projectName: "aria-quickstart",
        emulator: emulator.running,
        noCredentials: true,
        config,
      });
      // What a pull request's preview shows is what up then does.
      const firstPreview = expectOk(await stack.preview());
      const up = expectOk(await stack.up());
      expect(changes(firstPreview)).toEqual(changes(up));
      expect(changes(up)).toEqual({ create: 4 });
      expect(output(up, "jenkinsCertificateFingerprint")).toBe(tls.fingerprint);
      await expectSteadyThenDestroy(stack, 4, { "vra:caCert": certFile });
    } finally {
      await stack?.dispose();
      stack = undefined;
      await emulator.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
