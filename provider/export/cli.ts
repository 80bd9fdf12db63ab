#!/usr/bin/env node
/**
 * `aria-export`: writes the endpoints already on a server as a ready Pulumi program (one resource
 * per endpoint, `adopt: true`). Reads the same settings as the provider (VRA_URL and credentials
 * from the environment; `--url` overrides VRA_URL).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { createClient, resolveClientConfig } from "../client";
import type { Endpoint as ApiEndpoint, Tile } from "../client/schemas";
import { generateProject } from "./generate";
import { slug } from "./naming";

const USAGE = `usage: aria-export --out DIR [--project NAME]... [--type TYPE]... [--filter ODATA]
                   [--name PROJECT_NAME] [--url URL]
  --out DIR        where to write the Pulumi project (must not exist, or be empty)
  --project NAME   only endpoints of this project (repeatable)
  --type TYPE      only endpoints of this type, e.g. jenkins (repeatable)
  --filter ODATA   a server-side $filter, e.g. "startswith(name,'ci-')"
  --name NAME      the Pulumi project name (default: from DIR)
  --url URL        the server (default: VRA_URL)
Credentials as the provider reads them: VRA_REFRESH_TOKEN, VRA_ACCESS_TOKEN, or VRA_USERNAME and
VRA_PASSWORD (VRA_DOMAIN); VRA_INSECURE, VRA_CA_CERT for TLS.`;

/** A failure the user can act on: printed without a stack, exit code 1 (2 for usage). */
class ExportError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function options(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        out: { type: "string" },
        project: { type: "string", multiple: true, default: [] },
        type: { type: "string", multiple: true, default: [] },
        filter: { type: "string" },
        name: { type: "string" },
        url: { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
    if (!values.help && !values.out) throw new Error("--out DIR is required");
    return values;
  } catch (e) {
    throw new ExportError(`${(e as Error).message}\n\n${USAGE}`, 2);
  }
}

function checkOut(dir: string): void {
  if (!fs.existsSync(dir)) return;
  if (!fs.statSync(dir).isDirectory())
    throw new ExportError(`--out ${dir} is a file; give a new directory.`, 2);
  if (fs.readdirSync(dir).length > 0) {
    throw new ExportError(
      `--out ${dir} is not empty; give a new or empty directory (nothing was written).`,
      2,
    );
  }
}

const progress = (text: string): void => {
  if (process.stderr.isTTY) process.stderr.write(`\r${text}\x1b[K`);
  else process.stderr.write(`${text}\n`);
};

async function listEndpoints(
  client: ReturnType<typeof createClient>,
  filter: string | undefined,
): Promise<ApiEndpoint[]> {
  const all: ApiEndpoint[] = [];
  const top = 100;
  for (let skip = 0; ; skip += top) {
    const page = await client.listEndpoints({ filter, skip, top, orderBy: "name asc" });
    all.push(...page.items);
    progress(`aria-export: listed ${all.length} of ${page.totalCount} endpoints`);
    if (page.items.length === 0 || all.length >= page.totalCount) break;
  }
  if (process.stderr.isTTY) process.stderr.write("\n");
  return all;
}

function packageVersion(): string {
  const manifest = path.join(__dirname, "..", "..", "..", "package.json");
  const version = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
  return `^${version}`;
}

async function main(argv: string[]): Promise<void> {
  const args = options(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const out = path.resolve(args.out as string);
  checkOut(out);
  const config = resolveClientConfig(args.url ? { "vra:url": args.url } : {}, process.env);
  const client = createClient(config);
  try {
    const listed = await listEndpoints(client, args.filter);
    const projects = new Set(args.project);
    const types = new Set(args.type);
    for (const project of projects) {
      if (!listed.some((e) => e.project === project)) {
        throw new ExportError(
          `No endpoint in project '${project}': the project does not exist, or holds no endpoint these ` +
            "credentials can see. Check the name (it is case-sensitive) and nothing was written.",
        );
      }
    }
    const endpoints = listed.filter(
      (e) =>
        (projects.size === 0 || projects.has(e.project ?? "")) && (types.size === 0 || types.has(e.type)),
    );
    if (endpoints.length === 0) {
      throw new ExportError("No endpoint matches; nothing was written. Widen --project, --type or --filter.");
    }
    // Secret names per type from the tiles; without them, the values the server masks still tell.
    const tiles = await client.getEndpointTiles().catch(() => ({ tiles: [] as Tile[] }));
    const secretNamesByType = new Map<string, ReadonlySet<string>>(
      tiles.tiles.map((tile) => [
        tile.tileId,
        new Set(
          Object.entries(tile.inputProperties)
            .filter(([, property]) => property.secret)
            .map(([name]) => name),
        ),
      ]),
    );
    const projectName = args.name ?? (slug(path.basename(out)) || "aria-endpoints");
    const generated = generateProject({
      endpoints,
      secretNamesByType,
      projectName,
      serverUrl: config.url,
      packageVersion: packageVersion(),
      command: ["aria-export", ...argv]
        .map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`))
        .join(" "),
    });
    // Written next to DIR, then renamed into place: a failure leaves nothing partial in DIR.
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const tmp = fs.mkdtempSync(path.join(path.dirname(out), `.${path.basename(out)}.aria-export-`));
    try {
      for (const [file, content] of Object.entries(generated.files))
        fs.writeFileSync(path.join(tmp, file), content);
      if (fs.existsSync(out)) fs.rmdirSync(out);
      fs.renameSync(tmp, out);
    } catch (e) {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw e;
    }
    process.stdout.write(
      `aria-export: wrote ${endpoints.length} endpoints to ${out} (${generated.secrets.length} secrets to set; see its README.md)\n`,
    );
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  const error = e as Error & { exitCode?: number };
  process.stderr.write(`aria-export: ${error.message}\n`);
  process.exitCode = error instanceof ExportError ? error.exitCode : 1;
});
