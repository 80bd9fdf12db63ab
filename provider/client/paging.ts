/**
 * Walking a paged listing with `$skip`/`$top`. It ends on an empty page, on the server's `last` flag,
 * when the server's total is reached, on a short page (unless the server's total or `last: false`
 * says more remain, as when it caps the page size), at the caller's limit, and in any case after
 * `maxPages` pages, so it never loops forever.
 */

/** One page as the walker needs it. */
export interface PageSlice<T> {
  /** Items of the page. */
  readonly items: readonly T[];
  /** Items across all pages, when the server says. */
  readonly total?: number | null;
  /** The server's "this is the last page" flag, when it gives one. */
  readonly last?: boolean | null;
}

/** Where to start and when to stop. */
export interface PagingOptions {
  /** Items to skip first (default 0). */
  readonly skip?: number;
  /** Items per request. */
  readonly pageSize: number;
  /** Most items to return (default: all). */
  readonly limit?: number;
  /** Safety bound on the number of requests (default 10 000). */
  readonly maxPages?: number;
}

/** Fetches pages in order and returns all their items. */
export async function collectPages<T>(
  fetchPage: (skip: number, top: number) => Promise<PageSlice<T>>,
  options: PagingOptions,
): Promise<T[]> {
  if (!Number.isInteger(options.pageSize) || options.pageSize <= 0) {
    throw new RangeError(`Page size must be a positive integer, got ${options.pageSize}.`);
  }
  const maxPages = options.maxPages ?? 10_000;
  const items: T[] = [];
  let skip = options.skip ?? 0;
  for (let page = 0; page < maxPages; page++) {
    const want =
      options.limit === undefined
        ? options.pageSize
        : Math.min(options.pageSize, options.limit - items.length);
    if (want <= 0) return items;
    const slice = await fetchPage(skip, want);
    const received = slice.items.slice(0, want);
    items.push(...received);
    skip += received.length;
    const total = slice.total ?? undefined;
    if (received.length === 0 || slice.last === true) return items;
    if (total !== undefined && skip >= total) return items;
    const moreAnnounced = slice.last === false || (total !== undefined && skip < total);
    if (received.length < want && !moreAnnounced) return items;
  }
  throw new Error(
    `Listing stopped after ${maxPages} pages: the server keeps returning full pages (does it ignore $skip?).`,
  );
}
