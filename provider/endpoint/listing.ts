/**
 * The one enumeration of the endpoints on a server, page by page with the client's page walker (its
 * stop rules: an empty or short page, the server's total, a bound), in name order: what the plugin's
 * `List` hands out a page at a time, what aria-export adopts and what aria-reconcile compares with
 * the stacks.
 */
import type { ListedPage, ListWindow } from "../core/kind";
import { collectPages, pageAt, type PageSlice } from "../client/paging";
import { parseOrThrow } from "../common/check-failures";
import type { EndpointApi, ApiEndpoint } from "./api";
import { endpointFilter } from "./lookups";
import { EndpointListInputs } from "./lookup-schemas";

/** Default page size of a whole listing. */
const PAGE_SIZE = 100;

/** The client call a listing makes. */
export type EndpointListApi = Pick<EndpointApi, "listEndpoints">;

/** One page of the endpoints matching a server-side `$filter` (if given), in name order. */
export function endpointPages(
  api: EndpointListApi,
  filter: string | undefined,
): (skip: number, top: number) => Promise<PageSlice<ApiEndpoint> & { readonly total: number }> {
  return async (skip, top) => {
    const page = await api.listEndpoints({ filter, skip, top, orderBy: "name asc" });
    return { items: page.items, total: page.totalCount };
  };
}

/** Lists the endpoints (matching a server-side `$filter`, if given), calling `progress` after each page. */
export async function listServerEndpoints(
  api: EndpointListApi,
  filter: string | undefined,
  progress: (listed: number, total: number) => void = () => undefined,
): Promise<ApiEndpoint[]> {
  const fetchPage = endpointPages(api, filter);
  let listed = 0;
  return collectPages<ApiEndpoint>(
    async (skip, top) => {
      const page = await fetchPage(skip, top);
      listed += page.items.length;
      progress(listed, page.total);
      return page;
    },
    { pageSize: PAGE_SIZE },
  );
}

/** One page of the endpoints the list inputs match (`type` fixed for a typed endpoint). */
export async function listEndpointPage(
  api: EndpointListApi,
  query: Record<string, unknown>,
  window: ListWindow,
): Promise<ListedPage> {
  const inputs = parseOrThrow(EndpointListInputs, query, "the endpoint list");
  const page = await pageAt(endpointPages(api, endpointFilter(inputs)), window.skip, window.top);
  const items = page.items.map((endpoint) => ({ id: endpoint.id, name: endpoint.name }));
  return page.next === undefined ? { items } : { items, next: page.next };
}
