import { parseAllDocuments, stringify } from "yaml";
import { badRequest, HttpError } from "../core/http-error";
import type { EndpointSpecInput } from "./endpoint-spec";
import type { StoredEndpoint } from "./endpoint-store";

/*
 * Endpoints as YAML documents, the form VMware's CLIs move them in (`GET /export`, `POST /import`).
 * An export carries the secret properties in clear, as exports saved from real servers do: it is
 * secret material. Nothing here puts a document's text, or any value from it, into an error message
 * (the YAML parser's own messages quote the source, so only their position and code are used).
 */

/** The content type of export answers and import answers. */
export const YAML_CONTENT_TYPE = "application/x-yaml;charset=UTF-8";

/** The document `GET /export` answers for one endpoint: secrets in clear. */
export function exportDocument(endpoint: StoredEndpoint): string {
  const document = {
    project: endpoint.project,
    kind: "ENDPOINT",
    name: endpoint.name,
    description: endpoint.description,
    type: endpoint.type,
    properties: endpoint.properties,
  };
  return `---\n${stringify(document)}`;
}

/** One document's answer of `POST /import`: `{name, status, statusMessage}`. */
export interface ImportResult {
  name: string;
  status: "CREATED" | "UPDATED";
  statusMessage: string;
}

/**
 * The answer of `POST /import`: `{name, status, statusMessage}` as YAML, one document per imported
 * document (a client that reads one document reads the first).
 */
export function importAnswer(results: readonly ImportResult[]): string {
  return results.map((result) => stringify(result)).join("---\n");
}

type Body = Record<string, unknown>;

/** Parses the YAML documents of an import; 400 naming where the text is malformed, never quoting it. */
function parseDocuments(text: string): unknown[] {
  const documents = parseAllDocuments(text, { uniqueKeys: true });
  if (!Array.isArray(documents)) throw badRequest("The import holds no YAML document");
  const nonEmpty = documents.filter((d) => d.contents !== null || d.errors.length > 0);
  if (nonEmpty.length === 0) throw badRequest("The import holds no YAML document");
  return nonEmpty.map((document, index) => {
    const which = nonEmpty.length > 1 ? ` (document ${index + 1} of ${nonEmpty.length})` : "";
    const error = document.errors[0];
    if (error) {
      const at = error.linePos?.[0];
      const where = at ? ` at line ${at.line}, column ${at.col}` : "";
      throw badRequest(`The import is not valid YAML${where}${which} (${error.code})`);
    }
    try {
      return document.toJS({ maxAliasCount: 100 });
    } catch (e) {
      throw badRequest(`The import cannot be read as YAML${which} (${(e as Error).name})`);
    }
  });
}

function optionalString(body: Body, field: string, the: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badRequest(`Field '${field}' of ${the} must be a string`);
  return value;
}

/**
 * Reads the endpoint documents of an import (`project, kind: ENDPOINT, name, description, type,
 * properties`, optionally `isRestricted` and `cloudProxyId`; several in one file, separated by
 * `---`) into endpoint bodies. Other fields (response fields of an endpoint a client saved and
 * sends back) are ignored.
 */
export function importedSpecs(body: unknown, contentType: string | undefined): Body[] {
  if (typeof body !== "string") {
    throw new HttpError(
      415,
      `Content-Type '${contentType ?? "(none)"}' is not supported: send the YAML document with Content-Type application/x-yaml`,
    );
  }
  const documents = parseDocuments(body);
  return documents.map((parsed, index) =>
    importedSpec(parsed, documents.length > 1 ? ` ${index + 1} of ${documents.length}` : ""),
  );
}

/** One imported document as an endpoint body; `which` names it among several in messages. */
function importedSpec(parsed: unknown, which: string): Body {
  const the = `the imported document${which}`;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw badRequest(
      `${the[0].toUpperCase()}${the.slice(1)} must be a YAML mapping: project, kind, name, description, type, properties`,
    );
  }
  const doc = parsed as Body;
  const kind = optionalString(doc, "kind", the);
  if (kind === undefined) throw badRequest(`Field 'kind' of ${the} is required (kind: ENDPOINT)`);
  if (kind !== "ENDPOINT") {
    throw badRequest(
      `Field 'kind' of ${the} is '${kind}'; the emulator imports endpoints only (kind: ENDPOINT)`,
    );
  }
  // The fields of an endpoint body; parseEndpointSpec checks their types.
  const spec: Record<keyof Omit<EndpointSpecInput, "id">, unknown> = {
    name: doc.name,
    type: doc.type,
    description: doc.description,
    project: doc.project,
    properties: doc.properties,
    isRestricted: doc.isRestricted,
    cloudProxyId: doc.cloudProxyId,
  };
  return Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined));
}
