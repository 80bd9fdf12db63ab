/*
 * What the aria-export end-to-end tests share: seeding values for the tiles' properties, the
 * requests that change endpoints, running the installed `aria-export` command, and opening the stack
 * it created in a copy of the project it wrote.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { runCommand } from "../../scripts/run-command";
import { prepareProgram, type Pack } from "../../scripts/program-runner";
import { USERS } from "../support/emulator";
import { E2EStack } from "../support/program-stack";

/** A tile property's declared type and description, and whether it is a secret. */
export interface TileProperty {
  type: string;
  description?: string;
  secret?: boolean;
}

/**
 * A value for a tile property: an enumeration's first value (the tiles name them in the description,
 * "One of: A, B."), a number, `secret` for a secret, an address from `where`, or some text.
 */
export function tileValue(
  name: string,
  spec: TileProperty,
  where: { url: string; host: string; port: number; secret: string },
): unknown {
  const oneOf = /One of: ([^,.]+)/.exec(spec.description ?? "");
  if (oneOf) return oneOf[1].trim();
  if (/port$/i.test(name)) return where.port;
  if (/^(Integer|Number|Long)$/i.test(spec.type)) return 30;
  if (/^(Boolean)$/i.test(spec.type)) return false;
  if (spec.secret) return where.secret;
  if (/url$/i.test(name)) return `${where.url}/${name.toLowerCase()}`;
  if (/host$/i.test(name)) return where.host;
  return `${name}-value`;
}

type Logged = { method: string; path: string };

/** The requests that change endpoints (validation and token requests change nothing). */
export const writesOf = <T extends Logged>(entries: T[]): T[] =>
  entries.filter((e) => e.method !== "GET" && /\/pipeline\/api\/endpoints(\/|$)/.test(e.path));

/** The requests that ask the server to validate an endpoint. */
export const validationsOf = <T extends Logged>(entries: T[]): T[] =>
  entries.filter((e) => /\/pipeline\/api\/endpoint-validation$/.test(e.path));

/** Runs a command to its end, collecting its output. */
export async function run(
  command: string,
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runCommand(command, args, options);
  return { code: code ?? -1, stdout, stderr };
}

/** Runs the installed `aria-export` (`bin`) against `url` as the administrator; `env` adds or overrides. */
export function runExport(
  bin: string,
  url: string,
  adminToken: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(bin, args, { env: { ...process.env, VRA_URL: url, VRA_REFRESH_TOKEN: adminToken, ...env } });
}

/**
 * The stack `aria-export --stack` created, in a copy of the project it wrote to `out` (installed as a
 * user installs it, the stack's config file beside it), on the backend of `env`, signed in as admin.
 */
export function openExportedStack(options: {
  emulator: RunningEmulator;
  out: string;
  stackName: string;
  tmp: string;
  env: Record<string, string>;
  pack: Pack;
}): E2EStack {
  const { emulator, out, stackName, tmp, env, pack } = options;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-program-"));
  const projectName = prepareProgram({ source: out, dest: workDir, projectName: "stacked", pack });
  const stackFile = `Pulumi.${stackName}.yaml`;
  fs.copyFileSync(path.join(out, stackFile), path.join(workDir, stackFile));
  const stack = new E2EStack(emulator, false, { program: out, projectName, stackName, tmp, workDir, env });
  stack.setConfig("vra:url", emulator.url);
  stack.setConfig("vra:refreshToken", { value: USERS.admin, secret: true });
  return stack;
}
