/**
 * What `--adopt DIR` writes: for each server, what adopts every endpoint found unmanaged there, built
 * by aria-export's own generators (the same resource names, typed resources and secret handling):
 *
 * - for a program on the `aria` plugin, the file `pulumi import --file` takes (`import.json`: type,
 *   name and id only, so never a secret), whose import writes the code in the program's language;
 * - for a TypeScript program on the dynamic resources, the TypeScript project aria-export writes, each
 *   endpoint declared with `adopt: true`, to copy the declarations from (`typescript/`);
 * - a README.md naming the commands, and the secret settings to fill in (the secrets the server masks,
 *   and any it shows, which no file holds: each is a setting to fill in). Pure: file name → content.
 */
import type { Endpoint as ApiEndpoint } from "../client/schemas";
import { generateImportFile } from "../export/formats";
import { generateProject, planEndpoints } from "../export/generate";
import { shellCommand, slug } from "../export/naming";
import { isNonSecretValue, SECRET_MASK } from "../core/secrets";
import type { Door } from "./state";

/**
 * `endpoints` with every secret value the server shows in clear masked (a `${var.NAME}` or an empty
 * value holds no secret and stays): the generators then name a setting to fill in, never the value.
 */
export function withSecretsMasked(endpoints: readonly ApiEndpoint[]): ApiEndpoint[] {
  const plan = planEndpoints({ endpoints });
  const byId = new Map(plan.endpoints.map((p) => [p.endpoint.id, p]));
  return endpoints.map((endpoint) => {
    const shown = (byId.get(endpoint.id)?.secret ?? []).filter(
      ([, v]) => "value" in v && !isNonSecretValue(v.value),
    );
    if (shown.length === 0) return endpoint;
    const properties = { ...endpoint.properties };
    for (const [property] of shown) properties[property] = SECRET_MASK;
    return { ...endpoint, properties };
  });
}

/** The unmanaged endpoints of one server, and the stack (and its door) that is to adopt them. */
export interface AdoptionTarget {
  readonly server: string;
  readonly endpoints: readonly ApiEndpoint[];
  /** The stack to adopt them into, and the door its program uses (none known: the plugin's file and the TypeScript project both). */
  readonly stack?: string;
  readonly door?: Door;
}

/** The files and what they cover. */
export interface AdoptionFiles {
  /** File name (relative to DIR) → content. */
  readonly files: Record<string, string>;
  /** How many endpoints the files adopt. */
  readonly covered: number;
  /** The secret settings to fill in: endpoint, property, and the config key the TypeScript program reads. */
  readonly settings: readonly { server: string; endpoint: string; property: string; configKey: string }[];
}

/** The folder of one server's files: none for a single server, else its host. */
function folderOf(server: string, many: boolean): string {
  if (!many) return "";
  let host = server;
  try {
    host = new URL(server).host;
  } catch {
    // Not a URL: its slug.
  }
  return `${slug(host) || "server"}/`;
}

/** The files adopting `targets`' endpoints (`version`: the pulumi-aria range the TypeScript project depends on). */
export function adoptionFiles(targets: readonly AdoptionTarget[], version: string): AdoptionFiles {
  const files: Record<string, string> = {};
  const settings: { server: string; endpoint: string; property: string; configKey: string }[] = [];
  let covered = 0;
  const withEndpoints = targets.filter((t) => t.endpoints.length > 0);
  for (const target of withEndpoints) {
    const folder = folderOf(target.server, withEndpoints.length > 1);
    const endpoints = withSecretsMasked(target.endpoints);
    const plan = planEndpoints({ endpoints });
    const readme = [
      `# Adopting ${plural(target.endpoints.length)} of ${target.server}`,
      "",
      "Written by `aria-reconcile --adopt`: the endpoints on the server, in the projects the stacks use, that",
      "no stack manages.",
      "",
      "| project | endpoint | type | id | resource name |",
      "| --- | --- | --- | --- | --- |",
      ...plan.endpoints.map(
        (p) =>
          `| ${p.endpoint.project ?? ""} | ${p.endpoint.name} | ${p.endpoint.type} | ${p.endpoint.id} | ${p.resourceName} |`,
      ),
      "",
    ];
    const plugin = target.door !== "dynamic";
    const typescript = target.door !== "plugin";
    if (plugin) {
      files[`${folder}import.json`] = `${JSON.stringify(generateImportFile({ endpoints }), null, 2)}\n`;
      readme.push(
        "## A program on the `aria` provider plugin",
        "",
        "In the program's directory (the import writes the code of each resource in the program's language;",
        "add it to the program, then `pulumi preview` shows no change):",
        "",
        "```sh",
        shellCommand([
          "pulumi",
          "import",
          ...(target.stack ? ["--stack", target.stack] : []),
          "--file",
          `${folder}import.json`,
          "--protect=false",
          "--out",
          `${folder}adopted-code`,
        ]),
        "```",
        "",
      );
    }
    if (typescript) {
      const project = generateProject({
        endpoints,
        projectName: "adopted-endpoints",
        serverUrl: target.server,
        packageVersion: version,
        command: "aria-reconcile --adopt",
      });
      for (const [name, content] of Object.entries(project.files))
        files[`${folder}typescript/${name}`] = content;
      readme.push(
        "## A TypeScript program on the dynamic resources",
        "",
        `Copy the declarations of \`${folder}typescript/index.ts\` (each with \`adopt: true\`) into the program,`,
        "then `pulumi up` takes the endpoints over where they are.",
        "",
      );
    }
    const held = plan.secrets;
    if (held.length > 0) {
      readme.push(
        "## Secrets to fill in",
        "",
        "The server masks these; no file here holds them. Left out, the server keeps them (the import, and",
        "the TypeScript program's `validate: false`); to have Pulumi write them, set each as a secret:",
        "",
        ...held.map(
          (s) =>
            `- ${s.project} / ${s.endpoint}: \`${s.property}\` (\`pulumi config set --secret ${s.key} ...\` for the TypeScript program)`,
        ),
        "",
      );
    }
    for (const s of held)
      settings.push({ server: target.server, endpoint: s.endpoint, property: s.property, configKey: s.key });
    files[`${folder}README.md`] = readme.join("\n");
    covered += target.endpoints.length;
  }
  return { files, covered, settings };
}

const plural = (n: number) => `${n} endpoint${n === 1 ? "" : "s"}`;
