/*
 * What the aria-export end-to-end tests share: seeding values for the tiles' properties, the
 * requests that change endpoints, and running the installed `aria-export` command.
 */
import { runCommand } from "../../scripts/run-command";

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
