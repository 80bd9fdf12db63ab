/** Small helpers over JSON-like values, as they travel between the engine, the state and the API. */
// The generic helpers live with the endpoint provider, which came first; they belong in a shared module.
import { deepEqual } from "../common/values";
import { containsUnknown } from "../common/unknowns";

/** True when two JSON-like values are equal, ignoring key order; an unknown value is never equal. */
export function sameValue(a: unknown, b: unknown): boolean {
  return !containsUnknown(a) && !containsUnknown(b) && deepEqual(a, b);
}

/** The entries of `record` whose keys are in `keys`. */
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
