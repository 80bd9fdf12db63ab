import { endpoint } from "./fixtures";
import { generateProject, type SecretSetting } from "../../../provider/export/generate";
import {
  endpointKey,
  exportTargets,
  planSecrets,
  withExportedReferences,
} from "../../../provider/export/stack-secrets";

const setting = (key: string, project: string, name: string, property: string): SecretSetting => ({
  key,
  project,
  endpoint: name,
  property,
  resourceName: key.replace(/-[^-]+$/, ""),
});

describe("the endpoints to export", () => {
  it("are those with a secret read from config, once each, by project and name", () => {
    const targets = exportTargets([
      setting("ci-password", "Platform", "ci", "password"),
      setting("ci-token", "Platform", "ci", "token"),
      setting("payments-ci-password", "Payments", "ci", "password"),
    ]);
    expect(targets).toEqual([
      { project: "Platform", name: "ci" },
      { project: "Payments", name: "ci" },
    ]);
  });

  it("tell apart names that would collide if joined naively", () => {
    expect(endpointKey("a b", "c")).not.toEqual(endpointKey("a", "b c"));
    expect(endpointKey(null, "x")).toEqual(endpointKey("", "x"));
  });
});

describe("the secret values an export gives", () => {
  const settings = [
    setting("ci-password", "Platform", "ci", "password"),
    setting("ci-token", "Platform", "ci", "token"),
    setting("ci-key", "Platform", "ci", "privateKey"),
    setting("ci-pin", "Platform", "ci", "pin"),
    setting("ci-ref", "Platform", "ci", "passPhrase"),
    setting("ci-empty", "Platform", "ci", "empty"),
    setting("other-password", "Payments", "other", "password"),
  ];
  const exported = new Map([
    [
      endpointKey("Platform", "ci"),
      {
        password: "p@ss word",
        token: "*****",
        privateKey: "-----BEGIN KEY-----\nabc\n-----END KEY-----\n",
        pin: 1234,
        passPhrase: "${var.PHRASE}",
        empty: "",
      },
    ],
  ]);
  const plan = planSecrets(settings, exported);

  it("are the clear text values, exactly as exported (trailing newlines and spaces kept)", () => {
    expect(plan.values).toEqual([
      { key: "ci-password", value: "p@ss word" },
      { key: "ci-key", value: "-----BEGIN KEY-----\nabc\n-----END KEY-----\n" },
      { key: "ci-empty", value: "" },
    ]);
  });

  it("leave masked, missing, non-text and reference values, and endpoints without an export, to the README", () => {
    expect(plan.unavailable.map((s) => s.key)).toEqual(["ci-token", "ci-pin", "ci-ref", "other-password"]);
    // Every setting is either set or reported, never both.
    expect(plan.values.length + plan.unavailable.length).toBe(settings.length);
  });

  it("give nothing without exports", () => {
    const none = planSecrets(settings, new Map());
    expect(none.values).toEqual([]);
    expect(none.unavailable).toEqual(settings);
  });
});

describe("pipeline-variable references in an export", () => {
  const listed = [
    endpoint({
      id: "j",
      properties: { url: "https://jenkins.example.com", password: "*****", token: "*****" },
    }),
    endpoint({ id: "k", name: "other", properties: { url: "https://other.example.com", password: "*****" } }),
  ];
  const exported = new Map([
    [
      endpointKey("Platform", "ci"),
      { url: "https://jenkins.example.com", password: "${var.CI}", token: "t0k3n" },
    ],
  ]);

  it("replace the masked value they hide, and nothing else", () => {
    const [ci, other] = withExportedReferences(listed, exported);
    expect(ci.properties).toEqual({
      url: "https://jenkins.example.com",
      password: "${var.CI}",
      token: "*****",
    });
    expect(other).toBe(listed[1]);
    expect(listed[0].properties.password).toBe("*****");
  });

  it("are written into the program as they are, and only the other secrets are read from config", () => {
    const input = {
      projectName: "adopted",
      serverUrl: "https://aria.example.com",
      packageVersion: "^0.1.0",
      command: "aria-export --out adopted --stack dev",
    };
    const before = generateProject({ ...input, endpoints: listed });
    expect(before.secrets.map((s) => s.key)).toEqual(["ci-password", "ci-token", "other-password"]);
    const after = generateProject({ ...input, endpoints: withExportedReferences(listed, exported) });
    expect(after.files["index.ts"]).toContain('password: "${var.CI}"');
    expect(after.secrets.map((s) => s.key)).toEqual(["ci-token", "other-password"]);
    const plan = planSecrets(after.secrets, exported);
    expect(plan.values).toEqual([{ key: "ci-token", value: "t0k3n" }]);
    // No value of the export is ever in the generated files.
    for (const content of Object.values(after.files)) expect(content).not.toContain("t0k3n");
  });
});
