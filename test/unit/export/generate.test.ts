import * as ts from "typescript";
import type { Endpoint } from "../../../provider/client/schemas";
import { bambooEndpoint, endpoint, jenkinsEndpoint, jiraEndpoint } from "./fixtures";
import { generateProject } from "../../../provider/export/generate";

const input = (endpoints: Endpoint[]) => ({
  endpoints,
  projectName: "adopted",
  serverUrl: "https://aria.example.com",
  packageVersion: "^0.1.0",
  command: "aria-export --out adopted",
});

describe("generated adoption project: descriptions", () => {
  it("leaves out the owner mark a Pulumi create left in a description", () => {
    const marked = generateProject(
      input([
        endpoint({
          id: "m",
          description:
            "CI server [pulumi: created for urn:pulumi:dev::a::pulumi-nodejs:dynamic/aria:Endpoint::ci]",
        }),
      ]),
    );
    const index = marked.files["index.ts"];
    expect(index).toContain('description: "CI server",');
    expect(index).not.toContain("created for");
  });
});

describe("generated adoption project", () => {
  const project = generateProject(input([jenkinsEndpoint(), bambooEndpoint({ empty: "" }), jiraEndpoint()]));
  const index = project.files["index.ts"];

  it("writes a standalone project: Pulumi.yaml, package.json, tsconfig.json, index.ts, README.md", () => {
    expect(Object.keys(project.files).sort()).toEqual([
      "Pulumi.yaml",
      "README.md",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    expect(JSON.parse(project.files["package.json"]).dependencies["pulumi-aria"]).toBe("^0.1.0");
    expect(project.files["Pulumi.yaml"]).toMatch(/^name: adopted\nruntime: nodejs\n/);
  });

  it("declares the typed class where the type has one and the generic Endpoint otherwise, all adopted", () => {
    expect(index).toContain('new aria.JenkinsEndpoint("ci", {');
    expect(index).toContain('new aria.Endpoint("bamboo-prod", {');
    expect(index.match(/^ {2}adopt: true,$/gm)).toHaveLength(3);
  });

  it("keeps numbers as numbers, empty strings as empty strings, and quotes what needs quoting", () => {
    expect(index).toContain("pollInterval: 15,");
    expect(index).toContain('empty: "",');
    expect(index).toContain('description: "It\'s \\"quoted\\"",');
    expect(index).toContain("isRestricted: true,");
  });

  it("reads each masked secret from stack config and lists the commands to set them", () => {
    expect(index).toContain('password: config.getSecret("ci-password"),');
    expect(index).toContain('password: config.getSecret("bamboo-prod-password"),');
    expect(project.secrets.map((s) => s.key)).toEqual(["bamboo-prod-password", "ci-password"]);
    expect(project.files["README.md"]).toContain("pulumi config set --secret ci-password");
    // Validation connects with the secrets, so it waits until they are set; then the stack's
    // vra:validateEndpoints decides, never overridden by a `validate: true`.
    expect(index).toContain('validate: unlessUnset("ci-password"),');
    expect(index).toContain("function unlessUnset(...keys: string[]): false | undefined {");
    expect(index).toContain("? undefined : false;");
    expect(index).not.toContain("allSet(");
    expect(index).not.toMatch(/new aria\.JiraEndpoint\("jira", \{[^}]*validate:/s);
  });

  it("writes a pipeline-variable reference as it is, never from config", () => {
    expect(index).toContain('password: "${var.JIRA_PASSWORD}"');
    expect(project.secrets.map((s) => s.property)).not.toContain("JIRA_PASSWORD");
  });

  it("declares git, dockerregistry and docker endpoints with their typed classes and the product's names", () => {
    const real = generateProject(
      input([
        endpoint({
          id: "g",
          name: "repo",
          type: "git",
          properties: {
            serverType: "GitLab-Enterprise",
            repoURL: "https://gitlab.example.com/o/r.git",
            branch: "main",
            authType: "password",
            userName: "ci",
            password: "*****",
          },
        }),
        endpoint({
          id: "r",
          name: "registry",
          type: "dockerregistry",
          properties: { serverType: "dockerhub", repoURL: "https://index.docker.io/v1/", username: "ci" },
        }),
        endpoint({
          id: "d",
          name: "docker",
          type: "docker",
          properties: {
            url: "http://docker.example.com:4243",
            certificate: "",
            sharedPath: "/tmp",
            pollInterval: 5,
          },
        }),
      ]),
    ).files["index.ts"];
    expect(real).toContain('new aria.GitEndpoint("repo", {');
    expect(real).toContain('userName: "ci",');
    expect(real).toContain('password: config.getSecret("repo-password"),');
    expect(real).toContain('new aria.DockerRegistryEndpoint("registry", {');
    expect(real).toContain('repoURL: "https://index.docker.io/v1/",');
    expect(real).toContain('new aria.DockerEndpoint("docker", {');
    expect(real).toContain('certificate: "",');
    expect(real).toContain("pollInterval: 5,");
    expect(real).not.toContain("additionalProperties");
  });

  it("with --stack, names the stack and the keys set in it, and lists commands for the others only", () => {
    const stacked = generateProject({
      ...input([
        endpoint({
          id: "j",
          properties: { url: "https://jenkins.example.com", password: "*****", token: "*****" },
        }),
      ]),
      stack: { name: "dev", setKeys: new Set(["ci-password"]) },
    });
    const readme = stacked.files["README.md"];
    expect(readme).toContain("pulumi stack select dev");
    expect(readme).not.toContain("pulumi stack init");
    expect(readme).toContain("aria-export set these in the config of stack `dev`");
    expect(readme).toContain("- `ci-password`: password of Platform / ci");
    expect(readme).toContain("pulumi config set --secret --stack dev ci-token '<token of Platform / ci>'");
    expect(readme).not.toMatch(/pulumi config set --secret( --stack dev)? ci-password/);
    // The program is the same with or without --stack: only the README tells.
    const plain = generateProject(
      input([
        endpoint({
          id: "j",
          properties: { url: "https://jenkins.example.com", password: "*****", token: "*****" },
        }),
      ]),
    );
    expect(stacked.files["index.ts"]).toEqual(plain.files["index.ts"]);
    expect(plain.files["README.md"]).toContain("pulumi config set --secret ci-password");
  });

  it("writes a program that TypeScript parses without errors", () => {
    const parsed = ts.transpileModule(index, { reportDiagnostics: true, compilerOptions: {} });
    expect(parsed.diagnostics ?? []).toEqual([]);
  });

  it("is the same for the same endpoints in any order", () => {
    const shuffled = generateProject(
      input([jiraEndpoint(), jenkinsEndpoint(), bambooEndpoint({ empty: "" })]),
    );
    expect(shuffled.files["index.ts"]).toEqual(index);
  });
});
