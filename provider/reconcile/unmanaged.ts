/**
 * The endpoints on a server that no stack manages, and the commands that adopt each: the line of
 * `pulumi import` aria-export's import file stands for (the same resource type and name), and
 * aria-export of that one endpoint. Pure.
 */
import type { Endpoint as ApiEndpoint } from "../client/schemas";
import { generateImportFile } from "../export/formats";
import { shellCommand, slug } from "../export/naming";
import type { UnmanagedEndpoint } from "./report";

/** An OData string literal (a quote doubled). */
function odataString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The commands that adopt `endpoint` into `stack` (a program directory's stack), as the report gives them. */
export function adoptCommands(
  server: string,
  endpoint: ApiEndpoint,
  stack: string | undefined,
): UnmanagedEndpoint["adopt"] {
  const [resource] = generateImportFile({ endpoints: [endpoint] }).resources;
  const project = endpoint.project ?? "";
  return {
    pulumiImport: shellCommand([
      "pulumi",
      "import",
      ...(stack ? ["--stack", stack] : []),
      resource.type,
      resource.name,
      resource.id,
    ]),
    ariaExport: shellCommand([
      "aria-export",
      "--url",
      server,
      "--project",
      project,
      "--filter",
      `name eq ${odataString(endpoint.name)}`,
      "--out",
      `adopt-${slug(endpoint.name) || "endpoint"}`,
    ]),
  };
}

/**
 * The endpoints of `listed` (a server's) in `projects` whose id is not in `managed`, sorted by project
 * and name, each with its adopt commands for `stack`.
 */
export function unmanagedEndpoints(options: {
  readonly server: string;
  readonly listed: readonly ApiEndpoint[];
  readonly projects: ReadonlySet<string>;
  readonly managed: ReadonlySet<string>;
  readonly stack?: string;
}): UnmanagedEndpoint[] {
  return options.listed
    .filter((e) => options.projects.has(e.project ?? "") && !options.managed.has(e.id))
    .sort(
      (a, b) =>
        (a.project ?? "").localeCompare(b.project ?? "") ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    )
    .map((e) => ({
      server: options.server,
      project: e.project ?? "",
      name: e.name,
      type: e.type,
      id: e.id,
      adopt: adoptCommands(options.server, e, options.stack),
    }));
}
