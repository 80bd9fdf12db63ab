import { notFound } from "../core/http-error";
import { queryParam, sliceWindow } from "../core/query";
import { parseOrdering } from "../core/sorting";
import { CLOUD_ACCOUNTS, CLOUD_TYPE_NAMES, type StoredResource } from "./model";
import { matchCriteria, parseCriteria, type ProjectNames } from "./resource-query";
import { parsePaging, springPage } from "./spring-page";

/** One entry of a filter: a value and how many visible resources carry it. */
export interface FilterEntry {
  id: string;
  name: string;
  count: number;
}

interface Dimension {
  id: string;
  name: string;
  entries: (r: StoredResource, projectName: ProjectNames) => Array<{ id: string; name: string }>;
}

const accountName = new Map(CLOUD_ACCOUNTS.map((a) => [a.id, a.name]));

/** The filters the emulator offers (the product does not publish its filter ids). */
const DIMENSIONS: readonly Dimension[] = [
  {
    id: "projects",
    name: "Projects",
    entries: (r, projectName) => [{ id: r.projectId, name: projectName(r.projectId) ?? r.projectId }],
  },
  { id: "resourceTypes", name: "Resource Types", entries: (r) => [{ id: r.type, name: r.type }] },
  {
    id: "cloudTypes",
    name: "Cloud Types",
    entries: (r) =>
      r.cloudType ? [{ id: r.cloudType, name: CLOUD_TYPE_NAMES[r.cloudType] ?? r.cloudType }] : [],
  },
  {
    id: "cloudAccounts",
    name: "Cloud Accounts",
    entries: (r) =>
      r.cloudAccountId
        ? [{ id: r.cloudAccountId, name: accountName.get(r.cloudAccountId) ?? r.cloudAccountId }]
        : [],
  },
  {
    id: "tags",
    name: "Tags",
    entries: (r) => r.tags.map((t) => ({ id: `${t.key}:${t.value}`, name: `${t.key}:${t.value}` })),
  },
  { id: "origin", name: "Origin", entries: (r) => [{ id: r.origin, name: r.origin }] },
];

function countEntries(
  dimension: Dimension,
  resources: Iterable<StoredResource>,
  projectName: ProjectNames,
): FilterEntry[] {
  const counts = new Map<string, FilterEntry>();
  for (const r of resources) {
    for (const e of dimension.entries(r, projectName)) {
      const entry = counts.get(e.id);
      if (entry) entry.count += 1;
      else counts.set(e.id, { id: e.id, name: e.name, count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function visible(resources: Iterable<StoredResource>, query: URLSearchParams): StoredResource[] {
  const { projects, resourceTypes } = parseCriteria(query);
  return [...resources].filter(matchCriteria({ projects, resourceTypes }));
}

/** `GET /resources/filters`: every filter with all its entries (honours `resourceTypes`). */
export function listFilters(
  resources: Iterable<StoredResource>,
  query: URLSearchParams,
  projectName: ProjectNames,
): Record<string, unknown> {
  const { resourceTypes } = parseCriteria(query);
  const scope = [...resources].filter(matchCriteria({ resourceTypes }));
  return {
    filters: DIMENSIONS.map((d) => {
      const entries = countEntries(d, scope, projectName);
      const page = springPage(
        entries,
        entries.length,
        { offset: 0, limit: Math.max(entries.length, 1) },
        true,
      );
      return { id: d.id, name: d.name, type: "MULTISELECT", ...page };
    }),
  };
}

const ENTRY_SORT_KEYS = {
  id: (e: FilterEntry) => e.id,
  name: (e: FilterEntry) => e.name,
  count: (e: FilterEntry) => e.count,
};

/** `GET /resources/filters/{id}`: a page of entries honouring projects, resourceTypes, search, paging and order. */
export function filterEntries(
  filterId: string,
  resources: Iterable<StoredResource>,
  query: URLSearchParams,
  projectName: ProjectNames,
): Record<string, unknown> {
  const dimension = DIMENSIONS.find((d) => d.id === filterId);
  if (!dimension) {
    throw notFound(
      `Filter '${filterId}' not found. Available filters: ${DIMENSIONS.map((d) => d.id).join(", ")}`,
    );
  }
  const search = queryParam(query, "search")?.trim().toLowerCase();
  const ordering = parseOrdering(query, ENTRY_SORT_KEYS, "name asc", (e) => e.id);
  const entries = countEntries(dimension, visible(resources, query), projectName)
    .filter((e) => !search || e.name.toLowerCase().includes(search) || e.id.toLowerCase().includes(search))
    .sort(ordering.compare);
  const window = parsePaging(query);
  return springPage(sliceWindow(entries, window), entries.length, window, true);
}
