import * as fs from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { AriaClient } from "../../provider/client";
import { changes, E2EStack, expectOk, openStack, REPO_ROOT } from "../support/program-stack";

export { changeByHand } from "../support/by-hand";

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "provider", "reconcile", "report.schema.json"), "utf8"),
  ) as object,
);

/**
 * The document `aria-reconcile --json` prints (provider/reconcile/report.schema.json, which every
 * run is checked against), as far as the tests read it.
 */
export interface ReconcileReport {
  result: string;
  exitCode: number;
  stacks: {
    name: string;
    door?: string;
    server?: string;
    endpoints: number;
    drifted?: number;
    remediated: boolean;
  }[];
  drifted: { name: string; action: string; fields: string[]; remediated?: boolean }[];
  unmanaged: {
    name: string;
    id: string;
    project: string;
    adopt: { pulumiImport: string; ariaExport: string };
  }[];
  coverage?: {
    managed: number;
    total: number;
    percent: number;
    servers: { server: string; managed: number; total: number; projects: { project: string }[] }[];
  };
  events: { event: string; stack?: string; drifted?: number; message?: string }[];
  adoption?: {
    dir: string;
    unmanaged: number;
    covered: number;
    files: string[];
    settings: { endpoint: string; property: string }[];
  };
  policy?: {
    violations: {
      stack: string;
      urn: string;
      name: string;
      rule: string;
      pack?: string;
      enforcementLevel: string;
      message: string;
    }[];
  };
  error?: { message: string };
}

/**
 * Runs the `aria-reconcile` installed in the stack's program with `--json` and `args`: its exit code,
 * output and the one document on stdout, checked against the published JSON Schema and its
 * `exitCode` against the process's. Both outputs are added to `outputs` (for the no-secret checks).
 */
export async function reconcileJson<R extends { exitCode: number } = ReconcileReport>(
  stack: E2EStack,
  args: string[],
  outputs: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string; report: R }> {
  const bin = path.join(stack.workDir, "node_modules", ".bin", "aria-reconcile");
  const result = await stack.command(bin, ["--json", ...args], env);
  outputs.push(result.stdout, result.stderr);
  const report = JSON.parse(result.stdout) as R;
  expect(validate(report) ? [] : validate.errors).toEqual([]);
  expect(report.exitCode).toBe(result.code);
  return { ...result, report };
}

/** What {@link openReconcileStack} and {@link useReconcileStack} take. */
export interface ReconcileStackOptions {
  program: string;
  prefix: "vra" | "aria";
  password: string;
  gitToken: string;
  env?: Record<string, string>;
}

/**
 * A stack of one of the reconcile programs (a Jenkins and a Git endpoint with their secrets, on an
 * emulator of its own) configured under `prefix` and brought up, and a client of its server (which
 * the stack's dispose closes).
 */
export async function openReconcileStack(
  options: ReconcileStackOptions,
): Promise<{ stack: E2EStack; client: AriaClient; jenkinsId: string; gitId: string }> {
  const stack = await openStack({
    program: options.program,
    namespace: options.prefix,
    ...(options.env && { env: options.env }),
    emulatorOptions: { seedResources: 0 },
  });
  stack.setConfig(`${options.prefix}:validateEndpoints`, "false");
  stack.setConfig("password", { value: options.password, secret: true });
  stack.setConfig("gitToken", { value: options.gitToken, secret: true });
  const client = stack.client();
  const up = expectOk(await stack.up());
  expect(changes(up)).toEqual({ create: 3 });
  return {
    stack,
    client,
    jenkinsId: up.outputs!.jenkinsId.value as string,
    gitId: up.outputs!.gitId.value as string,
  };
}

/** A reconcile stack for the tests of a block, with the outputs of every aria-reconcile run on it. */
export interface ReconcileFixture<R extends { exitCode: number } = ReconcileReport> {
  stack: E2EStack;
  client: AriaClient;
  jenkinsId: string;
  gitId: string;
  /** stdout and stderr of every run, for the no-secret checks. */
  outputs: string[];
  /** {@link reconcileJson} on this stack, `--stack <its name>` first. */
  reconcileJson(
    args: string[],
    env?: Record<string, string>,
  ): Promise<{ code: number; stdout: string; stderr: string; report: R }>;
}

/**
 * {@link openReconcileStack} for the tests of the enclosing block (a file or a `describe`): opened
 * in a `beforeAll` (its fields are set from then on), disposed in an `afterAll`.
 */
export function useReconcileStack<R extends { exitCode: number } = ReconcileReport>(
  options: ReconcileStackOptions,
): ReconcileFixture<R> {
  const fixture = {
    outputs: [] as string[],
    reconcileJson: (args: string[], env: Record<string, string> = {}) =>
      reconcileJson<R>(fixture.stack, ["--stack", fixture.stack.stackName, ...args], fixture.outputs, env),
  } as ReconcileFixture<R>;
  beforeAll(async () => {
    Object.assign(fixture, await openReconcileStack(options));
  });
  afterAll(async () => {
    await fixture.stack?.dispose();
  });
  return fixture;
}
