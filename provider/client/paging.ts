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

/** One page of a walk: its items, and where the page after it starts (absent when the listing ended). */
export interface WalkedPage<T> {
  /** Items of the page. */
  readonly items: readonly T[];
  /** The `$skip` of the next page, when more may remain; absent when the listing ended here. */
  readonly next?: number;
}

/**
 * Fetches pages in order, yielding each as it comes with where the next starts: what a caller that
 * hands out one page at a time (the plugin's `List`, with a continuation token) and one that wants
 * every item ({@link collectPages}) both walk, under the same stop rules.
 */
export async function* walkPages<T>(
  fetchPage: (skip: number, top: number) => Promise<PageSlice<T>>,
  options: PagingOptions,
): AsyncGenerator<WalkedPage<T>, void, undefined> {
  if (!Number.isInteger(options.pageSize) || options.pageSize <= 0) {
    throw new RangeError(`Page size must be a positive integer, got ${options.pageSize}.`);
  }
  const maxPages = options.maxPages ?? 10_000;
  let listed = 0;
  let skip = options.skip ?? 0;
  for (let page = 0; page < maxPages; page++) {
    const want =
      options.limit === undefined ? options.pageSize : Math.min(options.pageSize, options.limit - listed);
    if (want <= 0) return;
    const slice = await fetchPage(skip, want);
    const received = slice.items.slice(0, want);
    listed += received.length;
    skip += received.length;
    const total = slice.total ?? undefined;
    const moreAnnounced = slice.last === false || (total !== undefined && skip < total);
    const ended =
      received.length === 0 ||
      slice.last === true ||
      (total !== undefined && skip >= total) ||
      (received.length < want && !moreAnnounced);
    if (ended) {
      yield { items: received };
      return;
    }
    yield { items: received, next: skip };
  }
  throw new Error(
    `Listing stopped after ${maxPages} pages: the server keeps returning full pages (does it ignore $skip?).`,
  );
}

/** Fetches pages in order and returns all their items. */
export async function collectPages<T>(
  fetchPage: (skip: number, top: number) => Promise<PageSlice<T>>,
  options: PagingOptions,
): Promise<T[]> {
  const items: T[] = [];
  for await (const page of walkPages(fetchPage, options)) items.push(...page.items);
  return items;
}

/**
 * The one page of a walk that starts at `skip` and holds at most `top` items, with where the next
 * starts: what a caller that hands out a page at a time asks for.
 */
export async function pageAt<T>(
  fetchPage: (skip: number, top: number) => Promise<PageSlice<T>>,
  skip: number,
  top: number,
): Promise<WalkedPage<T>> {
  const pages = walkPages(fetchPage, { skip, pageSize: top, limit: top });
  try {
    const first = await pages.next();
    return first.done ? { items: [] } : first.value;
  } finally {
    await pages.return();
  }
}
