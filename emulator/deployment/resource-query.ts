import { queryList, queryParam } from "../core/query";
import { parseOrdering, type Ordering } from "../core/sorting";
import { CLOUD_ACCOUNTS, type StoredResource } from "./model";

/** Sortable fields of resources. */
export const RESOURCE_SORT_KEYS: Readonly<Record<string, (r: StoredResource) => string | number>> = {
  id: (r) => r.id,
  name: (r) => r.name,
  type: (r) => r.type,
  description: (r) => r.description,
  createdAt: (r) => r.createdAt,
  projectId: (r) => r.projectId,
  deploymentId: (r) => r.deploymentId,
  syncStatus: (r) => r.syncStatus,
  origin: (r) => r.origin,
  expense: (r) => r.expense.totalExpense,
};

/** `$orderby` over resources; default `name asc`, ties broken by id. */
export function resourceOrdering(query: URLSearchParams): Ordering<StoredResource> {
  return parseOrdering(query, RESOURCE_SORT_KEYS, "name asc", (r) => r.id);
}

const tagText = (key: string, value: string): string => (value === "" ? key : `${key}:${value}`);

function tagMatches(r: StoredResource, wanted: string): boolean {
  const colon = wanted.indexOf(":");
  if (colon < 0) return r.tags.some((t) => t.key === wanted);
  const [key, value] = [wanted.slice(0, colon), wanted.slice(colon + 1)];
  return r.tags.some((t) => t.key === key && t.value === value);
}

/** The name of a project by id (resources carry the id; `search` matches the name). */
export type ProjectNames = (id: string) => string | undefined;

function searchable(r: StoredResource, projectName: ProjectNames): string[] {
  return [
    r.id,
    r.name,
    r.type,
    r.description,
    r.deploymentId,
    projectName(r.projectId) ?? "",
    ...r.tags.map((t) => tagText(t.key, t.value)),
  ];
}

/** Filters of the list operations; `undefined` fields do not restrict. */
export interface ResourceCriteria {
  projects?: string[];
  resourceTypes?: string[];
  cloudAccounts?: string[];
  cloudTypes?: string[];
  tags?: string[];
  names?: string[];
  search?: string;
}

/** Reads the list filters: comma-separated lists, any-of within one, all-of across them. */
export function parseCriteria(query: URLSearchParams): ResourceCriteria {
  const search = queryParam(query, "search")?.trim();
  return {
    projects: queryList(query, "projects"),
    resourceTypes: queryList(query, "resourceTypes"),
    cloudAccounts: queryList(query, "cloudAccounts"),
    cloudTypes: queryList(query, "cloudTypes"),
    tags: queryList(query, "tags"),
    names: queryList(query, "names"),
    ...(search !== undefined && search !== "" && { search: search.toLowerCase() }),
  };
}

/**
 * A predicate for the criteria. Cloud accounts match by id or name; `search` is case-insensitive and
 * matches the project's name too.
 */
export function matchCriteria(
  c: ResourceCriteria,
  projectName: ProjectNames = () => undefined,
): (r: StoredResource) => boolean {
  const set = (items?: string[]) => (items ? new Set(items) : undefined);
  const projects = set(c.projects);
  const types = set(c.resourceTypes);
  const names = set(c.names);
  const cloudTypes = set(c.cloudTypes?.map((t) => t.toLowerCase()));
  const accounts = c.cloudAccounts
    ? new Set(
        CLOUD_ACCOUNTS.filter((a) => c.cloudAccounts?.some((w) => w === a.id || w === a.name)).map(
          (a) => a.id,
        ),
      )
    : undefined;
  return (r) =>
    (!projects || projects.has(r.projectId)) &&
    (!types || types.has(r.type)) &&
    (!names || names.has(r.name)) &&
    (!cloudTypes || (r.cloudType !== undefined && cloudTypes.has(r.cloudType))) &&
    (!accounts || (r.cloudAccountId !== undefined && accounts.has(r.cloudAccountId))) &&
    (!c.tags || c.tags.some((t) => tagMatches(r, t))) &&
    (!c.search || searchable(r, projectName).some((f) => f.toLowerCase().includes(c.search as string)));
}
