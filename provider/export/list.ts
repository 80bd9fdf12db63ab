/**
 * Every endpoint on a server, listed page by page with the client's page walker (its stop rules: an
 * empty or short page, the server's total, a bound): what aria-export adopts and aria-reconcile
 * compares with the stacks.
 */
import type { AriaClient } from "../client";
import { collectPages } from "../client/paging";
import type { Endpoint as ApiEndpoint } from "../client/schemas";

/** Lists the endpoints (matching a server-side `$filter`, if given), calling `progress` after each page. */
export async function listServerEndpoints(
  client: AriaClient,
  filter: string | undefined,
  progress: (listed: number, total: number) => void = () => undefined,
): Promise<ApiEndpoint[]> {
  let listed = 0;
  return collectPages<ApiEndpoint>(
    async (skip, top) => {
      const page = await client.listEndpoints({ filter, skip, top, orderBy: "name asc" });
      listed += page.items.length;
      progress(listed, page.totalCount);
      return { items: page.items, total: page.totalCount };
    },
    { pageSize: 100 },
  );
}
