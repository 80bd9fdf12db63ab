import * as fs from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, REPO_ROOT } from "../support/program-stack";

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "provider", "reconcile", "report.schema.json"), "utf8"),
  ) as object,
);

/**
 * Runs the `aria-reconcile` installed in the stack's program with `--json` and `args`: its exit code,
 * output and the one document on stdout, checked against the published JSON Schema and its
 * `exitCode` against the process's. Both outputs are added to `outputs` (for the no-secret checks).
 */
export async function reconcileJson<R extends { exitCode: number }>(
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

/**
 * A stack of one of the reconcile programs (a Jenkins and a Git endpoint with their secrets, on an
 * emulator of its own) configured under `prefix` and brought up, and a client of its server.
 */
export async function openReconcileStack(options: {
  program: string;
  prefix: "vra" | "aria";
  password: string;
  gitToken: string;
  env?: Record<string, string>;
}): Promise<{ stack: E2EStack; client: AriaClient; jenkinsId: string }> {
  const stack = await openStack({
    program: options.program,
    noCredentials: true,
    ...(options.env && { env: options.env }),
    emulatorOptions: { seedResources: 0 },
  });
  stack.setConfig(`${options.prefix}:url`, stack.url);
  stack.setConfig(`${options.prefix}:refreshToken`, { value: USERS.admin, secret: true });
  stack.setConfig(`${options.prefix}:validateEndpoints`, "false");
  stack.setConfig("password", { value: options.password, secret: true });
  stack.setConfig("gitToken", { value: options.gitToken, secret: true });
  const client = createClient(
    resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}),
  );
  const up = expectOk(await stack.up());
  expect(changes(up)).toEqual({ create: 3 });
  return { stack, client, jenkinsId: up.outputs!.jenkinsId.value as string };
}

/**
 * Changes an endpoint on the server as a user in the UI would: the fields given, the rest as read
 * (the password, which the server answers masked, written again).
 */
export async function changeByHand(
  client: AriaClient,
  id: string,
  password: string,
  change: { description?: string; properties?: Record<string, unknown> },
): Promise<void> {
  const endpoint = await client.getEndpoint(id);
  await client.updateEndpoint(id, {
    name: endpoint.name,
    type: endpoint.type,
    project: endpoint.project ?? undefined,
    description: change.description ?? endpoint.description ?? undefined,
    properties: { ...endpoint.properties, ...change.properties, password },
  });
}
