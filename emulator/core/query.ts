import { badRequest } from "./http-error";

/**
 * Query parameters are accepted under the vendor's names (`$filter`, `$top`, ...) and under
 * bare names (`filter`, `top`, ...); the `$` form wins when both are present.
 */
export function queryParam(query: URLSearchParams, name: string): string | undefined {
  const dollar = query.get(`$${name}`);
  if (dollar !== null) return dollar;
  const bare = query.get(name);
  return bare === null ? undefined : bare;
}

/** All values of a repeatable parameter (both spellings), in the order given. */
export function queryParamAll(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(`$${name}`), ...query.getAll(name)];
}

/** A comma-separated list parameter (may also be repeated); empty items are dropped. */
export function queryList(query: URLSearchParams, name: string): string[] | undefined {
  const raw = queryParamAll(query, name);
  if (raw.length === 0) return undefined;
  const items = raw
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  return items.length === 0 ? undefined : items;
}

/** A non-negative integer parameter; 400 naming the parameter when it is not one. */
export function queryInt(query: URLSearchParams, name: string, label = `$${name}`): number | undefined {
  const raw = queryParam(query, name);
  if (raw === undefined || raw.trim() === "") return undefined;
  if (!/^\s*\d+\s*$/.test(raw)) {
    throw badRequest(`Invalid value '${raw}' for ${label}: expected a non-negative integer`);
  }
  return Math.min(Number(raw), Number.MAX_SAFE_INTEGER);
}

/** A positive page size; 0 is allowed (answers an empty page). */
export interface Window {
  /** Items to skip. */
  offset: number;
  /** Items to return at most. */
  limit: number;
}

/** Slices one window out of an array without copying more than needed. */
export function sliceWindow<T>(items: readonly T[], window: Window): T[] {
  if (window.limit === 0 || window.offset >= items.length) return [];
  return items.slice(window.offset, Math.min(items.length, window.offset + window.limit));
}
