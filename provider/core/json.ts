/*
 * Helpers over plain JSON values as they travel between the engine, the state and the API: equality,
 * dropping undefined entries, picking keys. Free of imports (the client uses them too); the core's
 * own values, with their secret and unknown marks, are ./values.ts.
 */

/** Structural equality of JSON values; key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const left = definedEntries(a as Record<string, unknown>);
  const right = definedEntries(b as Record<string, unknown>);
  if (left.length !== right.length) return false;
  const rightMap = new Map(right);
  return left.every(([key, value]) => rightMap.has(key) && deepEqual(value, rightMap.get(key)));
}

function definedEntries(record: Record<string, unknown>): [string, unknown][] {
  return Object.entries(record).filter(([, value]) => value !== undefined);
}

/** The record without its undefined entries (the engine's and the API's wire formats have no `undefined`). */
export function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** The entries of `record` whose keys are in `keys` (those it has, whatever their value). */
export function pick(
  record: Record<string, unknown> | undefined,
  keys: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (record && Object.prototype.hasOwnProperty.call(record, key)) out[key] = record[key];
  }
  return out;
}
