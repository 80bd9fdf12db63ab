#!/usr/bin/env node
/**
 * `aria-export`: writes the endpoints already on a server as a ready Pulumi program (one resource
 * per endpoint, `adopt: true`). Reads the same settings as the provider (VRA_URL and credentials
 * from the environment; `--url` overrides VRA_URL).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { createClient, isAriaApiError, resolveClientConfig } from "../client";
import type { Endpoint as ApiEndpoint, Tile } from "../client/schemas";
import { ExportInput, generateProject } from "./generate";
import { generateImportFile, generateYamlProject } from "./formats";
import { shellCommand, slug } from "./naming";
import { listServerEndpoints } from "../endpoint/listing";
import { tileSecretNames } from "../core/secrets";
import { checkStackName, CliError, parseCommandLine, progressLine, runCli, USAGE_EXIT } from "../cli/command";
import { findOnPath, pulumiRunner } from "../cli/pulumi";
import { setStackSecrets, StackSecretsResult } from "./pulumi-stack";
import {
  endpointKey,
  ExportedProperties,
  exportTargets,
  planSecrets,
  withExportedReferences,
} from "./stack-secrets";

const USAGE = `usage: aria-export --out DIR [--project NAME]... [--type TYPE]... [--filter ODATA]
                   [--name PROJECT_NAME] [--url URL] [--stack STACK] [--format FORMAT]
  --out DIR        where to write the Pulumi project (must not exist, or be empty); with
                   --format import-file, the file to write (must not exist)
  --format FORMAT  ts (default): a TypeScript project; yaml: a Pulumi YAML project on the aria
                   provider plugin; import-file: the file \`pulumi import --file\` takes
  --project NAME   only endpoints of this project (repeatable)
  --type TYPE      only endpoints of this type, e.g. jenkins (repeatable)
  --filter ODATA   a server-side $filter, e.g. "startswith(name,'ci-')"
  --name NAME      the Pulumi project name (default: from DIR)
  --url URL        the server (default: VRA_URL)
  --stack STACK    make (or choose) this stack of the project and set in its config, as secrets,
                   the secret values the server's export API gives; uses the \`pulumi\` on PATH, with
                   its backend and PULUMI_CONFIG_PASSPHRASE from the environment as usual (ts only)
Credentials as the provider reads them: VRA_REFRESH_TOKEN, VRA_ACCESS_TOKEN, or VRA_USERNAME and
VRA_PASSWORD (VRA_DOMAIN); VRA_INSECURE, VRA_CA_CERT for TLS.`;

/** The output formats: a TypeScript project, a Pulumi YAML project, a `pulumi import --file` file. */
const FORMATS = ["ts", "yaml", "import-file"] as const;

function options(argv: string[]) {
  return parseCommandLine(USAGE, () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        out: { type: "string" },
        project: { type: "string", multiple: true, default: [] },
        type: { type: "string", multiple: true, default: [] },
        filter: { type: "string" },
        name: { type: "string" },
        url: { type: "string" },
        stack: { type: "string" },
        format: { type: "string", default: "ts" },
        help: { type: "boolean", default: false },
      },
    });
    if (!values.help && !values.out) throw new Error("--out DIR is required");
    if (!(FORMATS as readonly string[]).includes(values.format)) {
      throw new Error(`--format ${JSON.stringify(values.format)} is not one of ${FORMATS.join(", ")}`);
    }
    if (values.stack !== undefined && values.format !== "ts") {
      throw new Error(
        `--stack sets the secrets of the TypeScript project; it does not go with --format ${values.format}`,
      );
    }
    if (values.stack !== undefined) checkStackName(values.stack);
    return values;
  });
}

function checkOutFile(file: string): void {
  if (fs.existsSync(file))
    throw new CliError(`--out ${file} exists; give a new file (nothing was written).`, USAGE_EXIT);
}

function checkOut(dir: string): void {
  if (!fs.existsSync(dir)) return;
  if (!fs.statSync(dir).isDirectory())
    throw new CliError(`--out ${dir} is a file; give a new directory.`, USAGE_EXIT);
  if (fs.readdirSync(dir).length > 0) {
    throw new CliError(
      `--out ${dir} is not empty; give a new or empty directory (nothing was written).`,
      USAGE_EXIT,
    );
  }
}

const progress = progressLine("aria-export", "lines");

async function listEndpoints(
  client: ReturnType<typeof createClient>,
  filter: string | undefined,
): Promise<ApiEndpoint[]> {
  const all = await listServerEndpoints(client, filter, (listed, total) =>
    progress.show(`listed ${listed} of ${total} endpoints`),
  );
  progress.done(true);
  return all;
}

/** How many exports are asked for at once. */
const EXPORT_CONCURRENCY = 4;

/**
 * The export of each target endpoint, by {@link endpointKey}: the secrets in clear, to set in the
 * stack's config and to be forgotten then. An endpoint the server will not export (404, 403, 400,
 * another refusal) is left out: its secrets are left to the README's commands. A failure to reach
 * or understand the server ends the run.
 */
async function exportEndpoints(
  client: ReturnType<typeof createClient>,
  targets: readonly { readonly project: string; readonly name: string }[],
): Promise<{ exported: ExportedProperties; refused: number }> {
  const exported = new Map<string, Readonly<Record<string, unknown>>>();
  let refused = 0;
  let done = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < targets.length) {
      const { project, name } = targets[next++];
      try {
        exported.set(endpointKey(project, name), (await client.exportEndpoint(project, name)).properties);
      } catch (e) {
        if (!isAriaApiError(e, "NotFound", "Forbidden", "BadRequest", "HttpError")) {
          throw new CliError(
            `${(e as Error).message}\nReading the secrets from the server's export failed; nothing was written.`,
          );
        }
        refused += 1;
      }
      progress.show(`exported ${++done} of ${targets.length} endpoints with secrets`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXPORT_CONCURRENCY, targets.length) }, worker));
  if (targets.length > 0) progress.done(true);
  return { exported, refused };
}

/** Writes a project next to `out`, then renames it into place: a failure leaves nothing partial. */
function writeProject(out: string, files: Record<string, string>): void {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(path.dirname(out), `.${path.basename(out)}.aria-export-`));
  try {
    for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(tmp, file), content);
    if (fs.existsSync(out)) fs.rmdirSync(out);
    fs.renameSync(tmp, out);
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
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
  const format = args.format as (typeof FORMATS)[number];
  if (format === "import-file") checkOutFile(out);
  else checkOut(out);
  const stack = args.stack;
  const pulumi = stack === undefined ? undefined : findOnPath("pulumi");
  if (stack !== undefined && pulumi === undefined) {
    throw new CliError(
      "--stack needs the Pulumi CLI, and there is no `pulumi` on PATH. Install it " +
        "(https://www.pulumi.com/docs/iac/download-install/) and run aria-export again, or run it without " +
        "--stack and set the secrets by hand as the project's README shows. Nothing was written.",
    );
  }
  const config = resolveClientConfig(args.url ? { "vra:url": args.url } : {}, process.env);
  const client = createClient(config);
  try {
    const listed = await listEndpoints(client, args.filter);
    const projects = new Set(args.project);
    const types = new Set(args.type);
    for (const project of projects) {
      if (!listed.some((e) => e.project === project)) {
        throw new CliError(
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
      throw new CliError("No endpoint matches; nothing was written. Widen --project, --type or --filter.");
    }
    // Secret names per type from the tiles (the secrets policy's reading of them, as `check` does);
    // without them, the values the server masks and the known names still tell.
    const tiles = await client.getEndpointTiles().catch(() => ({ tiles: [] as Tile[] }));
    const secretNamesByType = new Map<string, ReadonlySet<string>>(
      tiles.tiles.map((tile) => [tile.tileId, tileSecretNames(tile.inputProperties)]),
    );
    const projectName = args.name ?? (slug(path.basename(out)) || "aria-endpoints");
    const input: ExportInput = {
      endpoints,
      secretNamesByType,
      projectName,
      serverUrl: config.url,
      packageVersion: packageVersion(),
      command: shellCommand(["aria-export", ...argv]),
    };
    if (format === "import-file") {
      const file = generateImportFile(input);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`, { flag: "wx" });
      process.stdout.write(
        `aria-export: wrote ${endpoints.length} endpoints to ${out}; next: pulumi import --file ${out} --out CODE_FILE\n`,
      );
      return;
    }
    if (format === "yaml") {
      const yaml = generateYamlProject(input);
      writeProject(out, yaml.files);
      process.stdout.write(
        `aria-export: wrote ${endpoints.length} endpoints to ${out} (${yaml.held} masked secrets left on the server; see its README.md)\n`,
      );
      return;
    }
    let generated = generateProject(input);
    // --stack: the server's export of each endpoint with secrets gives them in clear. A `${var.NAME}`
    // reference is written into the program as it is; every other value goes to the stack's config only.
    let plan: ReturnType<typeof planSecrets> | undefined;
    let refused = 0;
    if (stack !== undefined) {
      const answer = await exportEndpoints(client, exportTargets(generated.secrets));
      refused = answer.refused;
      const withReferences = { ...input, endpoints: withExportedReferences(endpoints, answer.exported) };
      plan = planSecrets(generateProject(withReferences).secrets, answer.exported);
      const setKeys = new Set(plan.values.map((v) => v.key));
      generated = generateProject({ ...withReferences, stack: { name: stack, setKeys } });
    }
    // Written next to DIR, then renamed into place: a failure leaves nothing partial in DIR. The stack's
    // config is set there before the rename, and a stack this run made is removed again on a failure.
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const tmp = fs.mkdtempSync(path.join(path.dirname(out), `.${path.basename(out)}.aria-export-`));
    let stackResult: StackSecretsResult | undefined;
    try {
      for (const [file, content] of Object.entries(generated.files))
        fs.writeFileSync(path.join(tmp, file), content);
      if (stack !== undefined && plan !== undefined) {
        stackResult = await setStackSecrets({ run: pulumiRunner(pulumi!, tmp), stack, values: plan.values });
      }
      if (fs.existsSync(out)) fs.rmdirSync(out);
      fs.renameSync(tmp, out);
    } catch (e) {
      try {
        await stackResult?.undo();
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
      throw e;
    }
    if (stack === undefined || plan === undefined || stackResult === undefined) {
      process.stdout.write(
        `aria-export: wrote ${endpoints.length} endpoints to ${out} (${generated.secrets.length} secrets to set; see its README.md)\n`,
      );
      return;
    }
    process.stdout.write(
      `aria-export: wrote ${endpoints.length} endpoints to ${out}; ${stackResult.created ? "created" : "chose the existing"} ` +
        `stack ${stack} and set ${stackResult.keys.length} of its ${generated.secrets.length} secrets from the server's export` +
        `${stackResult.keys.length > 0 ? `: ${stackResult.keys.join(", ")}` : ""}\n`,
    );
    if (plan.unavailable.length > 0) {
      const why = refused > 0 ? ` (the server refused to export ${refused} endpoints)` : "";
      process.stdout.write(
        `aria-export: not in the server's export${why}, to set by hand as README.md shows: ` +
          `${plan.unavailable.map((s) => s.key).join(", ")}\n`,
      );
    }
    process.stdout.write(
      `aria-export: next: cd ${out} && npm install && pulumi stack select ${stack} && pulumi up\n`,
    );
  } finally {
    await client.close();
  }
}

runCli("aria-export", main);
