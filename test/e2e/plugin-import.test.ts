import * as fs from "node:fs";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { TYPED_ENDPOINTS } from "../../provider/registry";
import { run } from "./export-helpers";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * Pulumi's own import through the `aria` provider plugin, from a Pulumi YAML program, with the real
 * CLI (whose YAML language host writes the code of what it imports): endpoints and a deployment
 * resource made outside Pulumi are imported by `pulumi import TYPE NAME ID`, by `pulumi import
 * --file` (the file `aria-export --format import-file` writes) and by the `import` resource option;
 * a typed endpoint (`aria:index:JenkinsEndpoint`) imports as typed code.
 * The code the CLI generates, put into the program, previews with no change; the server's secrets
 * are kept on the server, never written into the program or the state as the mask. The commands are
 * those docs/guides/adopt-and-import.md gives ("Importing with the plugin").
 */

jest.setTimeout(900_000);

const JENKINS_PASSWORD = "e2e-Import-Passw0rd";
const GIT_TOKEN = "e2e-Import-T0ken";

let stack: E2EStack;
let client: AriaClient;
let program: string;

/** Runs `pulumi <args>` on the stack; fails with its output when it exits non-zero. */
async function pulumi(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const result = await stack.pulumi([...args, "--stack", stack.stackName, "--non-interactive"]);
  if (result.code !== 0) {
    throw new Error(`pulumi ${args.join(" ")} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/** Adds the resources of generated YAML code to the program. */
function addToProgram(code: string): void {
  const file = path.join(stack.workDir, "Pulumi.yaml");
  const doc = parse(fs.readFileSync(file, "utf8")) as { resources?: Record<string, unknown> };
  const generated = parse(code) as { resources?: Record<string, unknown> };
  doc.resources = { ...(doc.resources ?? {}), ...(generated.resources ?? {}) };
  fs.writeFileSync(file, stringify(doc));
}

/** The program's resources (as parsed). */
function programResources(): Record<string, { type: string; properties?: Record<string, unknown> }> {
  return parse(fs.readFileSync(path.join(stack.workDir, "Pulumi.yaml"), "utf8")).resources ?? {};
}

/** An endpoint made outside Pulumi. */
async function makeEndpoint(name: string, type: string, properties: Record<string, unknown>) {
  return client.createEndpoint({
    name,
    type,
    project: "Platform",
    description: `made by hand: ${name}`,
    properties,
  });
}

/** A deployment resource made outside Pulumi, once its request finished (the emulator's clock moved on). */
async function makeResource(name: string): Promise<string> {
  const answer = await client.createResource({
    name,
    type: "Custom.E2E.Thing",
    properties: { size: "small" },
  });
  for (let i = 0; i < 100; i++) {
    const request = await client.getRequest(answer.requestId);
    if (request.status === "SUCCESSFUL") return answer.resourceId;
    if (request.status === "FAILED") throw new Error(`creating ${name} failed`);
    await stack.ops.advanceClock(100);
  }
  throw new Error(`creating ${name} did not finish`);
}

beforeAll(async () => {
  stack = await openStack({ program: "test/e2e/programs/plugin-import", noCredentials: true });
  stack.setConfig("aria:url", stack.url);
  stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
  stack.setConfig("aria:validateEndpoints", "false");
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
  program = fs.readFileSync(path.join(stack.workDir, "Pulumi.yaml"), "utf8");
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

describe("pulumi import through the aria plugin, from a YAML program", () => {
  let jenkinsId: string;
  let thingId: string;

  it("imports one endpoint and one deployment resource, and writes code that previews with no change", async () => {
    const jenkins = await makeEndpoint("imported-jenkins", "jenkins", {
      url: "https://jenkins.example.com",
      username: "ci",
      password: JENKINS_PASSWORD,
    });
    jenkinsId = jenkins.id;
    thingId = await makeResource("imported-thing");

    const endpointCode = path.join(stack.workDir, "endpoint.yaml");
    await pulumi(["import", "aria:index:Endpoint", "jenkins", jenkinsId, "--yes", "--out", endpointCode]);
    const resourceCode = path.join(stack.workDir, "resource.yaml");
    await pulumi([
      "import",
      "aria:index:DeploymentResource",
      "thing",
      thingId,
      "--yes",
      "--out",
      resourceCode,
    ]);
    const generated = fs.readFileSync(endpointCode, "utf8") + fs.readFileSync(resourceCode, "utf8");
    expect(generated).not.toContain("*****");
    expect(generated).not.toContain(JENKINS_PASSWORD);
    addToProgram(fs.readFileSync(endpointCode, "utf8"));
    addToProgram(fs.readFileSync(resourceCode, "utf8"));

    const resources = programResources();
    // What a user declares (the CLI protects what it imports), without the secret the server masks.
    expect(resources.jenkins).toEqual({
      type: expect.stringMatching(/^aria:(index:)?Endpoint$/),
      properties: {
        name: "imported-jenkins",
        type: "jenkins",
        project: "Platform",
        description: "made by hand: imported-jenkins",
        properties: { url: "https://jenkins.example.com", username: "ci" },
      },
      options: { protect: true },
    });
    expect(resources.thing).toEqual({
      type: expect.stringMatching(/^aria:(index:)?DeploymentResource$/),
      options: { protect: true },
      properties: {
        name: "imported-thing",
        type: "Custom.E2E.Thing",
        projectId: expect.any(String),
        properties: { size: "small" },
      },
    });

    expect(changes(expectOk(await stack.preview()))).toEqual({});
    const state = stack.rawState();
    expect(state).not.toContain("*****");
    expect(state).not.toContain(JENKINS_PASSWORD);
    // The server keeps the secret it holds.
    expect((await client.getEndpoint(jenkinsId)).properties?.password).toBe("*****");
  });

  it("imports an endpoint as its typed resource, with typed code, and refuses one of another type", async () => {
    const typed = await makeEndpoint("imported-typed-jenkins", "jenkins", {
      url: "https://jenkins2.example.com",
      username: "ci",
      folderPath: "team",
      password: JENKINS_PASSWORD,
    });
    const code = path.join(stack.workDir, "typed.yaml");
    await pulumi(["import", "aria:index:JenkinsEndpoint", "typedJenkins", typed.id, "--yes", "--out", code]);
    const generated = fs.readFileSync(code, "utf8");
    expect(generated).not.toContain("*****");
    expect(generated).not.toContain(JENKINS_PASSWORD);
    addToProgram(generated);
    // The typed inputs: no type, no property bags, not the secret the server masks.
    expect(programResources().typedJenkins).toEqual({
      type: expect.stringMatching(/^aria:(index:)?JenkinsEndpoint$/),
      properties: {
        name: "imported-typed-jenkins",
        project: "Platform",
        description: "made by hand: imported-typed-jenkins",
        url: "https://jenkins2.example.com",
        username: "ci",
        folderPath: "team",
      },
      options: { protect: true },
    });
    expect(changes(expectOk(await stack.preview()))).toEqual({});

    const git = await makeEndpoint("not-a-jenkins", "git", {
      serverType: "GitHub",
      repoURL: "https://github.com/example/other",
      branch: "main",
    });
    const refused = await stack.pulumi([
      "import",
      "aria:index:JenkinsEndpoint",
      "wrongType",
      git.id,
      "--yes",
      "--stack",
      stack.stackName,
      "--non-interactive",
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain(
      `Cannot import endpoint ${git.id} as a 'jenkins' endpoint: it is a 'git' endpoint on the server. ` +
        "Import it as aria:index:GitEndpoint (or aria:index:Endpoint).",
    );
    await client.deleteEndpoint(git.id);
  });

  it("imports a whole server from `aria-export --format import-file`, then previews with no change", async () => {
    await makeEndpoint("exported-git", "git", {
      serverType: "GitHub",
      repoURL: "https://github.com/example/app",
      branch: "main",
      authType: "privateToken",
      privateToken: GIT_TOKEN,
    });
    // A fresh program and stack state: every endpoint of the server is imported at once.
    await pulumi(["state", "delete", "--all", "--yes", "--force"]).catch(() => undefined);
    fs.writeFileSync(path.join(stack.workDir, "Pulumi.yaml"), program);
    const importFile = path.join(stack.workDir, "import.json");
    const bin = path.join(stack.workDir, "node_modules", ".bin", "aria-export");
    const exported = await run(bin, ["--format", "import-file", "--out", importFile], {
      env: { ...process.env, VRA_URL: stack.url, VRA_REFRESH_TOKEN: USERS.admin },
    });
    expect(exported).toMatchObject({ code: 0 });
    const file = JSON.parse(fs.readFileSync(importFile, "utf8")) as {
      resources: { type: string; name: string; id: string }[];
    };
    const listed = await client.listEndpoints({ top: 200 });
    expect(file.resources.map((r) => r.id).sort()).toEqual(listed.items.map((e) => e.id).sort());
    // Each endpoint as its typed resource (the import then writes typed code).
    const typeOf = new Map(listed.items.map((e) => [e.id, e.type]));
    for (const resource of file.resources) {
      const typed = TYPED_ENDPOINTS.get(typeOf.get(resource.id) ?? "");
      expect([resource.id, resource.type]).toEqual([
        resource.id,
        `aria:index:${typed?.className ?? "Endpoint"}`,
      ]);
    }
    expect(file.resources.map((r) => r.type)).toContain("aria:index:GitEndpoint");

    const code = path.join(stack.workDir, "all.yaml");
    await pulumi(["import", "--file", importFile, "--yes", "--out", code]);
    addToProgram(fs.readFileSync(code, "utf8"));
    expect(fs.readFileSync(code, "utf8")).not.toContain("*****");
    expect(Object.keys(programResources()).sort()).toEqual(file.resources.map((r) => r.name).sort());
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expect(stack.rawState()).not.toContain("*****");
  });

  it("imports with the `import` resource option of a YAML program", async () => {
    await pulumi(["state", "delete", "--all", "--yes", "--force"]).catch(() => undefined);
    const resources = {
      jenkins: {
        type: "aria:index:Endpoint",
        properties: {
          name: "imported-jenkins",
          type: "jenkins",
          project: "Platform",
          description: "made by hand: imported-jenkins",
          properties: { url: "https://jenkins.example.com", username: "ci" },
        },
        options: { import: jenkinsId },
      },
      thing: {
        type: "aria:index:DeploymentResource",
        properties: { name: "imported-thing", type: "Custom.E2E.Thing", properties: { size: "small" } },
        options: { import: thingId },
      },
    };
    const doc = parse(program) as Record<string, unknown>;
    fs.writeFileSync(path.join(stack.workDir, "Pulumi.yaml"), stringify({ ...doc, resources }));
    const up = expectOk(await stack.up());
    // Imported, not updated (the stack resource itself is created again: `state delete --all` took it).
    expect(changes(up)).toEqual({ create: 1, import: 2 });
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    // Nothing was written: the secret the server holds is still there.
    expect((await client.getEndpoint(jenkinsId)).properties?.password).toBe("*****");

    // An update of the imported endpoint keeps the secret the program leaves to the server.
    resources.jenkins.properties.description = "changed in the program";
    fs.writeFileSync(path.join(stack.workDir, "Pulumi.yaml"), stringify({ ...doc, resources }));
    expect(changes(expectOk(await stack.up()))).toEqual({ update: 1 });
    const updated = await client.getEndpoint(jenkinsId);
    expect(updated.description).toBe("changed in the program");
    expect(updated.properties?.password).toBe("*****");
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });
});
