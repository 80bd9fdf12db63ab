import { queryInt, type Window } from "../core/query";

/** Default page size of the deployment API. */
export const DEFAULT_PAGE_SIZE = 20;

/** Paging from `$top`/`$skip` (vendor names or bare) or, without them, `page`/`size`. */
export function parsePaging(query: URLSearchParams): Window {
  const top = queryInt(query, "top");
  const skip = queryInt(query, "skip");
  if (top !== undefined || skip !== undefined) return { offset: skip ?? 0, limit: top ?? DEFAULT_PAGE_SIZE };
  const size = queryInt(query, "size", "size") ?? DEFAULT_PAGE_SIZE;
  const page = queryInt(query, "page", "page") ?? 0;
  return { offset: page * size, limit: size };
}

/** A Spring Data page around one window of results. */
export function springPage<T>(
  content: T[],
  total: number,
  window: Window,
  sorted: boolean,
): Record<string, unknown> {
  const size = window.limit;
  const number = size > 0 ? Math.floor(window.offset / size) : 0;
  const sort = { empty: !sorted, sorted, unsorted: !sorted };
  return {
    content,
    pageable: {
      sort,
      offset: window.offset,
      pageNumber: number,
      pageSize: size,
      paged: true,
      unpaged: false,
    },
    totalElements: total,
    totalPages: size > 0 ? Math.ceil(total / size) : 0,
    number,
    size,
    numberOfElements: content.length,
    first: window.offset === 0,
    last: window.offset + content.length >= total,
    sort,
    empty: content.length === 0,
  };
}
