import { parse } from "yaml";
import { bambooEndpoint, endpoint, jenkinsEndpoint, jiraEndpoint } from "./fixtures";
import { generateImportFile, generateYamlProject } from "../../../provider/export/formats";
import { generateProject } from "../../../provider/export/generate";

const endpoints = [
  jenkinsEndpoint(),
  bambooEndpoint({ branch: "main" }),
  jiraEndpoint(),
  endpoint({ id: "s1", name: "shared", properties: { url: "https://a.example.com" } }),
  endpoint({ id: "s2", name: "shared", project: "Payments", properties: { url: "https://b.example.com" } }),
];

const input = {
  endpoints,
  projectName: "adopted",
  serverUrl: "https://aria.example.com",
  packageVersion: "^0.1.0",
  command: "aria-export --format yaml --out adopted",
};

type Program = {
  name: string;
  runtime: string;
  plugins: { providers: { name: string; path: string }[] };
  resources: Record<string, { type: string; properties: Record<string, unknown> }>;
};

describe("aria-export --format import-file", () => {
  const file = generateImportFile(input);

  it("lists every endpoint as its typed resource (else a generic Endpoint), by id, under the TypeScript project's resource names", () => {
    const names = generateProject(input).resourceNames;
    expect(file.resources).toHaveLength(endpoints.length);
    const yaml = parse(generateYamlProject(input).files["Pulumi.yaml"]) as Program;
    for (const resource of file.resources) {
      expect(resource.name).toBe(names.get(resource.id));
      // The type the YAML program declares the same endpoint with.
      expect(resource.type).toBe(yaml.resources[resource.name].type);
    }
    expect(Object.fromEntries(file.resources.map((r) => [r.id, r.type]))).toEqual({
      j: "aria:index:JenkinsEndpoint",
      b: "aria:index:Endpoint",
      v: "aria:index:JiraEndpoint",
      s1: "aria:index:JenkinsEndpoint",
      s2: "aria:index:JenkinsEndpoint",
    });
    expect(file.resources.map((r) => r.name)).toEqual([
      "bamboo-prod",
      "payments-shared",
      "ci",
      "jira",
      "platform-shared",
    ]);
  });

  it("is the same for the same endpoints in any order", () => {
    expect(generateImportFile({ endpoints: [...endpoints].reverse() })).toEqual(file);
  });
});

describe("aria-export --format yaml", () => {
  const project = generateYamlProject(input);
  const text = project.files["Pulumi.yaml"];
  const program = parse(text) as Program;

  it("writes a YAML project that finds the aria plugin in node_modules/.bin", () => {
    expect(Object.keys(project.files).sort()).toEqual(["Pulumi.yaml", "README.md", "package.json"]);
    expect(program).toMatchObject({ name: "adopted", runtime: "yaml" });
    expect(program.plugins.providers).toEqual([{ name: "aria", path: "./node_modules/.bin" }]);
    expect(JSON.parse(project.files["package.json"]).dependencies).toEqual({ "pulumi-aria": "^0.1.0" });
    expect(project.files["README.md"]).toContain("pulumi config set aria:url https://aria.example.com");
  });

  it("declares every endpoint under the TypeScript project's names, typed where a typed resource exists", () => {
    const names = [...generateProject(input).resourceNames.values()].sort();
    expect(Object.keys(program.resources).sort()).toEqual(names);
    expect(program.resources.ci).toEqual({
      type: "aria:index:JenkinsEndpoint",
      properties: {
        project: "Platform",
        name: "ci",
        url: "https://jenkins.example.com",
        username: "ci",
        pollInterval: 15,
        validate: false,
        adopt: true,
      },
    });
    expect(program.resources["bamboo-prod"]).toEqual({
      type: "aria:index:Endpoint",
      properties: {
        project: "Payments",
        name: "Bamboo – prod",
        description: 'It\'s "quoted"',
        isRestricted: true,
        type: "bamboo",
        properties: { url: "https://bamboo.example.com", branch: "main" },
        validate: false,
        adopt: true,
      },
    });
  });

  it("leaves the secrets the server masks to the server, naming them, and writes a reference as it is", () => {
    // `$${` is Pulumi YAML's literal `${`: the program sends the reference itself.
    expect(text).not.toContain("*****");
    expect(project.held).toBe(2);
    expect(text).toMatch(
      /# Platform \/ ci \(jenkins\), id j\n\s+# kept on the server \(masked, not declared\): password/,
    );
    expect(program.resources.jira.properties).toMatchObject({
      additionalProperties: { password: "$${var.JIRA_PASSWORD}" },
      adopt: true,
    });
    expect(program.resources.jira.properties).not.toHaveProperty("validate");
  });
});
