import { badRequest } from "./http-error";
import { queryParamAll } from "./query";

/** A comparator plus a canonical text of its criteria (usable as a cache key). */
export interface Ordering<T> {
  compare: (a: T, b: T) => number;
  /** Canonical criteria, e.g. `name desc,project asc`. */
  key: string;
}

type Key<T> = (item: T) => string | number;

/**
 * Parses `$orderby` criteria (repeated and/or comma-separated, `field [asc|desc]`, ascending
 * by default) over the given sort keys; 400 names an unknown field.
 */
export function parseOrdering<T>(
  query: URLSearchParams,
  keys: Readonly<Record<string, Key<T>>>,
  fallback: string,
  tieBreak: Key<T>,
): Ordering<T> {
  const given = queryParamAll(query, "orderby")
    .flatMap((v) => v.split(","))
    .map((c) => c.trim())
    .filter((c) => c !== "");
  const criteria = (given.length > 0 ? given : [fallback]).map((criterion) => {
    const [field, direction = "asc", ...rest] = criterion.split(/\s+/);
    const entry = Object.entries(keys).find(([k]) => k.toLowerCase() === field.toLowerCase());
    if (!entry) {
      throw badRequest(
        `Invalid $orderby '${criterion}': unknown field '${field}' (sortable fields: ${Object.keys(keys).join(", ")})`,
      );
    }
    const dir = direction.toLowerCase();
    if (rest.length > 0 || (dir !== "asc" && dir !== "desc")) {
      throw badRequest(`Invalid $orderby '${criterion}': expected '<field> [asc|desc]'`);
    }
    return { name: entry[0], key: entry[1], sign: dir === "desc" ? -1 : 1 };
  });
  const compare = (a: T, b: T): number => {
    for (const { key, sign } of criteria) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    const [x, y] = [tieBreak(a), tieBreak(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  return { compare, key: criteria.map((c) => `${c.name} ${c.sign < 0 ? "desc" : "asc"}`).join(",") };
}
