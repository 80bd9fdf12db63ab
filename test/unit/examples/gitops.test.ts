/*
 * examples/gitops/stack.yaml: a Pulumi Kubernetes Operator (v2) Stack for the quickstart program.
 * Checked against the operator's CRD (pulumi.com/v1 Stack) and against the program it runs.
 */
import { exampleText, programConfig, yamlDocuments } from "../../support/example-files";

const MANIFEST = "gitops/stack.yaml";
const PROJECT = "aria-quickstart";

type Ref = { type?: string } & Record<string, Record<string, unknown> | string | undefined>;

const documents = () => yamlDocuments(MANIFEST);
const objectOf = (kind: string) => documents().find((doc) => doc.value?.kind === kind)?.value;
const stackSpec = () => (objectOf("Stack")?.spec ?? {}) as Record<string, unknown>;
const refs = (field: "envRefs" | "secretsRef") => (stackSpec()[field] ?? {}) as Record<string, Ref>;

/** The selector field each ResourceRef type needs, and that selector's required fields. */
const SELECTORS: Record<string, [string, string[]]> = {
  Secret: ["secret", ["name", "key"]],
  Literal: ["literal", ["value"]],
  Env: ["env", ["name"]],
  FS: ["filesystem", ["path"]],
};

describe("the GitOps Stack manifest", () => {
  it("parses as YAML without errors or warnings", () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(doc.errors).toEqual([]);
      expect(doc.warnings).toEqual([]);
      expect(doc.value).toEqual(
        expect.objectContaining({ apiVersion: expect.any(String), kind: expect.any(String) }),
      );
    }
  });

  it("declares a pulumi.com/v1 Stack with its stack name, program source and branch", () => {
    const stack = objectOf("Stack");
    expect(stack?.apiVersion).toBe("pulumi.com/v1");
    expect(stack?.metadata).toEqual(
      expect.objectContaining({ name: expect.any(String), namespace: expect.any(String) }),
    );
    const spec = stackSpec();
    expect(spec.stack).toMatch(new RegExp(`/${PROJECT}/`));
    expect(spec.projectRepo).toMatch(/^https:\/\//);
    expect(spec.branch).toEqual(expect.any(String));
  });

  it("runs the workspace as a service account bound to system:auth-delegator", () => {
    const namespace = (objectOf("Stack")?.metadata as { namespace: string }).namespace;
    const account = stackSpec().serviceAccountName;
    expect(objectOf("ServiceAccount")?.metadata).toEqual({ name: account, namespace });
    const binding = objectOf("ClusterRoleBinding");
    expect(binding?.roleRef).toEqual(
      expect.objectContaining({ kind: "ClusterRole", name: "system:auth-delegator" }),
    );
    expect(binding?.subjects).toEqual([{ kind: "ServiceAccount", name: account, namespace }]);
  });

  it("refreshes before every update and resyncs on a schedule even without a new commit", () => {
    const spec = stackSpec();
    expect(spec.refresh).toBe(true);
    expect(spec.continueResyncOnCommitMatch).toBe(true);
    expect(Number.isInteger(spec.resyncFrequencySeconds)).toBe(true);
    // The operator's minimum.
    expect(spec.resyncFrequencySeconds as number).toBeGreaterThanOrEqual(60);
  });

  it("says explicitly whether deleting the Stack object destroys the endpoints", () => {
    expect(typeof stackSpec().destroyOnFinalize).toBe("boolean");
  });

  it("uses no field that the v2 operator ignores or deprecates", () => {
    const spec = stackSpec();
    for (const field of [
      "expectNoRefreshChanges",
      "accessTokenSecret",
      "envs",
      "envSecrets",
      "secrets",
      "gitAuthSecret",
    ]) {
      expect(spec).not.toHaveProperty(field);
    }
  });

  it("gives every envRef and secretsRef a valid type with the selector that type needs", () => {
    const all = { ...refs("envRefs"), ...refs("secretsRef") };
    expect(Object.keys(all).length).toBeGreaterThan(0);
    for (const [key, ref] of Object.entries(all)) {
      const selector = SELECTORS[ref.type ?? ""];
      expect({ key, type: ref.type, valid: selector !== undefined }).toEqual({
        key,
        type: ref.type,
        valid: true,
      });
      const [field, required] = selector;
      const value = ref[field] as Record<string, unknown> | undefined;
      for (const name of required)
        expect({ key, [name]: typeof value?.[name] }).toEqual({ key, [name]: "string" });
      // A namespace on a Secret selector is invalid unless the controller's isolation is off.
      if (field === "secret") expect(value).not.toHaveProperty("namespace");
    }
  });

  it("passes the Aria Automation credentials as environment variables, the token from a Secret", () => {
    const env = refs("envRefs");
    expect(env.VRA_URL).toBeDefined();
    expect(env.VRA_REFRESH_TOKEN?.type).toBe("Secret");
    expect(env.PULUMI_ACCESS_TOKEN?.type).toBe("Secret");
    const config = (stackSpec().config ?? {}) as Record<string, unknown>;
    expect(Object.keys(config).filter((key) => key.startsWith("vra:"))).toEqual([]);
  });

  it("sets every setting the quickstart requires, its secrets only from Secrets", () => {
    const program = programConfig("quickstart");
    expect(program.required.length * program.requiredSecrets.length).toBeGreaterThan(0);
    const config = (stackSpec().config ?? {}) as Record<string, unknown>;
    const secrets = refs("secretsRef");
    const qualified = (key: string) => `${PROJECT}:${key}`;
    for (const key of program.required) expect(Object.keys(config)).toContain(qualified(key));
    for (const key of program.requiredSecrets) {
      expect(Object.keys(secrets)).toContain(qualified(key));
      expect(secrets[qualified(key)].type).toBe("Secret");
      expect(Object.keys(config)).not.toContain(qualified(key));
    }
    // Nothing the program does not read.
    const known = [...program.required, ...program.requiredSecrets, ...program.optional].map(qualified);
    for (const key of [...Object.keys(config), ...Object.keys(secrets)]) expect(known).toContain(key);
  });

  it("refers only to the keys of the one Secret its README tells you to create", () => {
    const readme = exampleText("gitops/README.md");
    const created = [...readme.matchAll(/--from-literal=(\w+)=/g)].map((m) => m[1]).sort();
    const secretName = /kubectl create secret generic ([\w-]+)/.exec(readme)?.[1];
    const referenced = Object.values({ ...refs("envRefs"), ...refs("secretsRef") })
      .filter((ref) => ref.type === "Secret")
      .map((ref) => ref.secret as { name: string; key: string });
    expect(new Set(referenced.map((s) => s.name))).toEqual(new Set([secretName]));
    expect([...new Set(referenced.map((s) => s.key))].sort()).toEqual(created);
  });
});
