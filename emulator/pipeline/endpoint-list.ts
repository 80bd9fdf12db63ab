import { badRequest } from "../core/http-error";
import { parseOrdering } from "../core/sorting";
import { queryInt, queryParam, sliceWindow, type Window } from "../core/query";
import type { EndpointStore, StoredEndpoint } from "./endpoint-store";
import { endpointLink, endpointView } from "./endpoint-view";
import { FilterSyntaxError, compileFilter, equalityConstraints, parseFilter, type FieldTypes } from "./odata";

/** Fields `$filter` may reference. */
export const ENDPOINT_FILTER_FIELDS: FieldTypes = {
  id: "string",
  name: "string",
  project: "string",
  type: "string",
  description: "string",
  isRestricted: "boolean",
  cloudProxyId: "string",
  createdBy: "string",
  updatedBy: "string",
};

type Key = (e: StoredEndpoint) => string | number;

const SORT_KEYS: Record<string, Key> = {
  id: (e) => e.id,
  name: (e) => e.name,
  project: (e) => e.project,
  type: (e) => e.type,
  description: (e) => e.description,
  isRestricted: (e) => (e.isRestricted ? 1 : 0),
  createdAt: (e) => e.createdMicros,
  updatedAt: (e) => e.updatedMicros,
  createdBy: (e) => e.createdBy,
  updatedBy: (e) => e.updatedBy,
};

/** Default `$orderby`, as the product documents it. */
export const DEFAULT_ENDPOINT_ORDER = "name desc";
/** Default `$top`. */
export const DEFAULT_ENDPOINT_PAGE_SIZE = 25;

function readField(e: StoredEndpoint, field: string): string | boolean | null {
  switch (field) {
    case "isRestricted":
      return e.isRestricted;
    case "cloudProxyId":
      return e.cloudProxyId ?? null;
    default:
      return (e as unknown as Record<string, string>)[field] ?? null;
  }
}

function parseWindow(query: URLSearchParams): Window {
  const top = queryInt(query, "top");
  const size = queryInt(query, "size");
  const skip = queryInt(query, "skip");
  const page = queryInt(query, "page", "page");
  const limit = top ?? size ?? DEFAULT_ENDPOINT_PAGE_SIZE;
  return { limit, offset: skip ?? (page ?? 0) * limit };
}

function parseWhere(query: URLSearchParams): {
  predicate?: (e: StoredEndpoint) => boolean;
  index: Record<string, string>;
} {
  const text = queryParam(query, "filter");
  if (text === undefined || text.trim() === "") return { index: {} };
  try {
    const ast = parseFilter(text, ENDPOINT_FILTER_FIELDS);
    return {
      predicate: compileFilter(ast, readField),
      index: equalityConstraints(ast, ["id", "name", "project"]),
    };
  } catch (e) {
    if (e instanceof FilterSyntaxError) throw badRequest(`Invalid $filter '${text}': ${e.message}`);
    throw e;
  }
}

/** `GET /endpoints`: filter, order and page, answering `{count, totalCount, links, documents}`. */
export function listEndpoints(store: EndpointStore, query: URLSearchParams): Record<string, unknown> {
  const { predicate, index } = parseWhere(query);
  const { compare, key } = parseOrdering(query, SORT_KEYS, DEFAULT_ENDPOINT_ORDER, (e) => e.id);
  const window = parseWindow(query);
  const narrowed = store.candidates(index);
  const ordered = narrowed ? narrowed.sort(compare) : store.sorted(key, compare);
  const matching = predicate ? ordered.filter(predicate) : ordered;
  const page = sliceWindow(matching, window);
  const links = page.map((e) => endpointLink(e.id));
  const documents: Record<string, unknown> = {};
  page.forEach((e, i) => (documents[links[i]] = endpointView(e)));
  return { count: page.length, totalCount: matching.length, links, documents };
}
