/**
 * `GET /export?endpoints=<name>&project=<project>`: one endpoint as a YAML document (`project, kind:
 * ENDPOINT, name, description, type, properties`). Real servers' exports carry the secret properties
 * in clear: nothing here puts the text of a document, or any value of it, into an issue message (the
 * YAML parser's own messages quote the source, so only their position and code are used).
 */
import type * as Yaml from "yaml";
import { z } from "zod";
import { JsonObject } from "./common";

/** One endpoint's export document. Unknown fields are kept. */
export const EndpointExport = z.looseObject({
  /** Project name. */
  project: z.string().nullish(),
  /** `ENDPOINT`. */
  kind: z.string().nullish(),
  /** Name. */
  name: z.string(),
  /** Description. */
  description: z.string().nullish(),
  /** Endpoint type. */
  type: z.string(),
  /** Type-specific properties, secret ones in clear (or masked, or left out, by some servers). */
  properties: JsonObject.nullish().transform((value) => value ?? {}),
});
/** One endpoint's export document. */
export type EndpointExport = z.infer<typeof EndpointExport>;

/**
 * Reads the YAML text of an export (one or more documents) into the document of the endpoint
 * `name`, adding an issue (position and code only, never the text) when it is not YAML or holds no
 * such document. An answer the transport already parsed as JSON (JSON is YAML) is taken as it is.
 */
function exportedDocument(name: string, answer: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof answer !== "string") return answer;
  // Loaded here, not at the top: every provider process loads the client, and only aria-export reads exports.
  const { parseAllDocuments } = require("yaml") as typeof Yaml;
  const documents = parseAllDocuments(answer);
  if (!Array.isArray(documents)) {
    ctx.addIssue({ code: "custom", message: "the export holds no YAML document" });
    return z.NEVER;
  }
  const values: unknown[] = [];
  for (const document of documents) {
    const error = document.errors[0];
    if (error) {
      const at = error.linePos?.[0];
      const where = at ? ` at line ${at.line}, column ${at.col}` : "";
      ctx.addIssue({ code: "custom", message: `the export is not valid YAML${where} (${error.code})` });
      return z.NEVER;
    }
    try {
      values.push(document.toJS({ maxAliasCount: 100 }));
    } catch (e) {
      ctx.addIssue({ code: "custom", message: `the export cannot be read as YAML (${(e as Error).name})` });
      return z.NEVER;
    }
  }
  const mappings = values.filter(
    (value): value is Record<string, unknown> =>
      typeof value === "object" && value !== null && !Array.isArray(value),
  );
  const endpoints = mappings.filter((value) => (value.kind ?? "ENDPOINT") === "ENDPOINT");
  const found =
    endpoints.find((value) => value.name === name) ?? (endpoints.length === 1 ? endpoints[0] : undefined);
  if (found === undefined) {
    ctx.addIssue({
      code: "custom",
      message: `the export holds no endpoint document named as asked (${values.length} YAML documents)`,
    });
    return z.NEVER;
  }
  return found;
}

/** The schema of the export of the endpoint `name`: the YAML text in, its {@link EndpointExport} out. */
export function endpointExportOf(name: string) {
  return z.preprocess((answer, ctx) => exportedDocument(name, answer, ctx), EndpointExport);
}
