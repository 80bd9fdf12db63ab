/**
 * The enumeration of the deployment resources on a server, page by page with the client's page
 * walker (its stop rules), in name order with ties broken by id: what the plugin's `List` hands out
 * a page at a time and what the `getResources` lookup reads whole.
 */
import type { ListedPage, ListWindow } from "../core/kind";
import type { AriaClient } from "../client";
import type { ResourceListQuery } from "../client/queries";
import type { Resource } from "../client/schemas";
import { pageAt, type PageSlice } from "../client/paging";
import { parseOrThrow } from "../common/check-failures";
import { DeploymentResourceListInputs } from "./schema";

/** The client call a listing makes. */
export type ResourceListApi = Pick<AriaClient, "listResources">;

/** The order of a listing that pages with `$skip`: stable, so that no page repeats or skips one. */
const STABLE_ORDER = ["name asc", "id asc"];

/** One page of the resources the query matches. */
export function resourcePages(
  api: ResourceListApi,
  query: Omit<ResourceListQuery, "skip" | "top">,
): (skip: number, top: number) => Promise<PageSlice<Resource>> {
  return async (skip, top) => {
    const page = await api.listResources({ ...query, skip, top });
    return { items: page.content, total: page.totalElements, last: page.last };
  };
}

/** The values of a comma-separated filter; undefined when it names none. */
function values(list: string | undefined): string[] | undefined {
  const items = (list ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  return items.length > 0 ? items : undefined;
}

/** One page of the deployment resources the list inputs match. */
export async function listResourcePage(
  api: ResourceListApi,
  query: Record<string, unknown>,
  window: ListWindow,
): Promise<ListedPage> {
  const inputs = parseOrThrow(DeploymentResourceListInputs, query, "the deployment resource list");
  const filters = {
    projects: values(inputs.projects),
    resourceTypes: values(inputs.resourceTypes),
    cloudAccounts: values(inputs.cloudAccounts),
    cloudTypes: values(inputs.cloudTypes),
    tags: values(inputs.tags),
    search: inputs.search,
    orderBy: STABLE_ORDER,
  };
  const page = await pageAt(resourcePages(api, filters), window.skip, window.top);
  const items = page.items.map((resource) => ({ id: resource.id, name: resource.name }));
  return page.next === undefined ? { items } : { items, next: page.next };
}
