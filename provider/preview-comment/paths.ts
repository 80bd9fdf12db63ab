/**
 * Property paths as Pulumi writes them in a detailed diff (`properties.url`, `tags[0]`,
 * `secretProperties["a.b"]`), and the values of a step's state read at them: the leaves of an object,
 * the paths that differ between two, and whether a value is a secret as the CLI prints one.
 */
import { deepEqual } from "../core/json";
import { isSecretEnvelope } from "../core/values";

/** What the CLI prints instead of a secret value in the preview digest. */
export const SECRET_TEXT = "[secret]";

/** True for a value the CLI printed as a secret: `"[secret]"` (the digest) or the secret envelope (the events). */
export function isShownSecret(value: unknown): boolean {
  return value === SECRET_TEXT || isSecretEnvelope(value);
}

/** One step of a path: an object's key or a list's index. */
export type PathSegment = string | number;

/**
 * The segments of a path in Pulumi's form (../core/property-path.ts writes it, as the engine does);
 * a path it cannot read is one key. In a quoted key only `\"` is an escape, as Pulumi's
 * `ParsePropertyPath` reads it: any other backslash is the key's own.
 */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  const re = /\[(\d+)\]|\["((?:\\"|[^"])*)"\]|\.?([^.[\]]+)/gy;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < path.length && (match = re.exec(path)) !== null) {
    at = re.lastIndex;
    if (match[1] !== undefined) segments.push(Number(match[1]));
    else if (match[2] !== undefined) segments.push(match[2].replace(/\\"/g, '"'));
    else segments.push(match[3]);
  }
  return at === path.length ? segments : [path];
}

/** What is at a path of a value: `found: false` where it goes through nothing; stops at a secret. */
export function valueAt(
  root: unknown,
  segments: readonly PathSegment[],
): { found: boolean; value?: unknown; secret: boolean } {
  let value: unknown = root;
  for (const segment of segments) {
    if (isShownSecret(value)) return { found: true, value, secret: true };
    if (value === null || typeof value !== "object") return { found: false, secret: false };
    const next = (value as Record<string | number, unknown>)[segment];
    if (next === undefined) return { found: false, secret: false };
    value = next;
  }
  return { found: true, value, secret: isShownSecret(value) };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !isShownSecret(v);

/** The paths of the leaves of a value (a secret, a list or a scalar is a leaf), sorted. */
export function leafPaths(value: unknown, prefix: readonly PathSegment[] = []): PathSegment[][] {
  if (!isObject(value)) return prefix.length > 0 ? [[...prefix]] : [];
  return Object.keys(value)
    .sort()
    .flatMap((key) => leafPaths(value[key], [...prefix, key]));
}

/**
 * The paths of the leaves that differ between two values, sorted; lists and secrets compare whole (two
 * secrets compare equal: the CLI shows neither, so only the provider can tell that one changed).
 */
export function differingPaths(
  before: unknown,
  after: unknown,
  prefix: readonly PathSegment[] = [],
): PathSegment[][] {
  if (isObject(before) && isObject(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .sort()
      .flatMap((key) => differingPaths(before[key], after[key], [...prefix, key]));
  }
  if (before === undefined && isObject(after)) return leafPaths(after, prefix);
  if (after === undefined && isObject(before)) return leafPaths(before, prefix);
  if (isShownSecret(before) && isShownSecret(after)) return [];
  return deepEqual(before, after) ? [] : [[...prefix]];
}
