import * as fs from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { E2EStack, REPO_ROOT } from "../support/program-stack";

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
