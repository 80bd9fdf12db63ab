/*
 * What the aria-export end-to-end tests share: their set-up (an emulator, a client of it, the
 * installed `aria-export` and a temporary directory), seeding values for the tiles' properties, the
 * requests that change endpoints, running the installed `aria-export` command, and opening the stack
 * it created in a copy of the project it wrote.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { AriaClient } from "../../provider/client";
import { runCommand } from "../../scripts/run-command";
import { packPackage, prepareProgram, userInstall, type Pack } from "../../scripts/program-runner";
import { Emulator, useEmulator, USERS } from "../support/emulator";
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
 * user installs it, the stack's config file beside it), on the backend of `env`, against the
 * fixture's emulator, signed in as admin.
 */
export function openExportedStack(
  fixture: Pick<ExportFixture, "emulator" | "pack">,
  options: { out: string; stackName: string; tmp: string; env: Record<string, string> },
): E2EStack {
  const { out, stackName, tmp, env } = options;
  const { pack } = fixture;
  const emulator = fixture.emulator.running;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-program-"));
  const projectName = prepareProgram({ source: out, dest: workDir, projectName: "stacked", pack });
  const stackFile = `Pulumi.${stackName}.yaml`;
  fs.copyFileSync(path.join(out, stackFile), path.join(workDir, stackFile));
  const stack = new E2EStack(emulator, false, { program: out, projectName, stackName, tmp, workDir, env });
  stack.setConfig("vra:url", emulator.url);
  stack.setConfig("vra:refreshToken", { value: USERS.admin, secret: true });
  return stack;
}

/** The set-up of an aria-export test file: see {@link useExportFixture}. */
export interface ExportFixture {
  /** An emulator with no seeded deployment resources. */
  emulator: Emulator;
  /** A client of it as admin, for seeding and reading what is there. */
  client: AriaClient;
  /** The packed package, and its `aria-export` installed from it as a user installs it. */
  pack: Pack;
  bin: string;
  /** A temporary directory, removed afterwards. */
  tmp: string;
  /** Runs the installed aria-export against the emulator as admin (the VRA_* environment), `env` added. */
  runExport(args: string[], env?: Record<string, string | undefined>): ReturnType<typeof runExport>;
}

/**
 * The emulator, client, installed `aria-export` and temporary directory (named after `name`) of an
 * aria-export test file: ready in its `beforeAll`s (call this before the file's own), gone after
 * its `afterAll`s.
 */
export function useExportFixture(name: string): ExportFixture {
  const emulator = useEmulator({ seedResources: 0 });
  const fixture = {
    emulator,
    runExport: (args: string[], env: Record<string, string | undefined> = {}) =>
      runExport(fixture.bin, emulator.url, USERS.admin, args, env),
  } as ExportFixture;
  beforeAll(() => {
    fixture.client = emulator.client();
    fixture.pack = packPackage();
    fixture.bin = path.join(userInstall(fixture.pack), "node_modules", ".bin", "aria-export");
    fixture.tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  });
  afterAll(async () => {
    await fixture.client?.close();
    if (fixture.tmp) fs.rmSync(fixture.tmp, { recursive: true, force: true });
  });
  return fixture;
}
