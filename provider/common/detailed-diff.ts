import type { PropertyChange } from "../core/kind";
import { deepEqual } from "../core/json";
import { propertyPath } from "../core/property-path";
import { containsUnknown, isUnknown } from "./unknowns";

/*
 * The detailed diff of a kind (../core/kind.ts `DiffResult.detailedDiff`), built from the values a
 * kind's pure diff compares: each changed path with how it changes, never a value. An unknown value
 * (a preview's output still to be computed) is a change; `undefined` and `null` are absent.
 */

/** A detailed diff: property path → how it changes. */
export type DetailedDiff = Record<string, PropertyChange>;

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** How a value changes from `old` to `next`, or undefined when it does not. */
export function changeOf(old: unknown, next: unknown, replaces: boolean): PropertyChange | undefined {
  if (absent(old) && absent(next)) return undefined;
  const known = !isUnknown(next) && !containsUnknown(next) && !containsUnknown(old);
  if (known && deepEqual(old, next)) return undefined;
  const kind = absent(old) ? "add" : absent(next) ? "delete" : "update";
  return replaces ? `${kind}-replace` : kind;
}

/** How the entries of the detailed diff are computed. */
export interface DetailOptions {
  /** The changes replace the resource (the `-replace` kinds). */
  readonly replaces: boolean;
  /** How many levels of objects to go into below the path (arrays are compared whole). */
  readonly depth: number;
}

/**
 * The changes between two values at `path`: one entry for the path, or, where both are objects and
 * `depth` allows, the changes of their keys (added, deleted, changed), each at its own path.
 */
export function detailedChanges(
  path: readonly PropertyKey[],
  old: unknown,
  next: unknown,
  options: DetailOptions,
): DetailedDiff {
  if (options.depth > 0 && isObject(old) && isObject(next)) {
    const out: DetailedDiff = {};
    const deeper = { ...options, depth: options.depth - 1 };
    for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
      Object.assign(out, detailedChanges([...path, key], old[key], next[key], deeper));
    }
    return out;
  }
  const change = changeOf(old, next, options.replaces);
  return change ? { [propertyPath(path)]: change } : {};
}
