import type { z } from "zod";
import { UNKNOWN } from "./unknowns";
import { propertyPath } from "../core/property-path";

export { propertyPath };

/*
 * Schema problems in the shape of the engine's check failures, for both resources' `check` and for the
 * lookups' arguments: each names the full property path and says what is wrong, and none quotes a
 * value (a value may be a secret).
 */

/** One problem of a value against a schema: where (empty for the whole value), and why. */
export interface CheckFailure {
  /** Property path, e.g. `properties.url`; empty for the whole value. */
  readonly property: string;
  /** What is wrong. */
  readonly reason: string;
}

/** How a resource words the failure of a key its schema does not know. */
export type UnknownKeyReason = (key: string) => string;

const isNotAKnownProperty: UnknownKeyReason = () => "is not a known property";

/**
 * Zod issues as check failures, one per offending property (each unrecognised key gets its own). A
 * union with the preview's unknown sentinel reports the real schema's issues only.
 */
export function zodFailures(
  error: z.ZodError,
  unknownKey: UnknownKeyReason = isNotAKnownProperty,
): CheckFailure[] {
  return error.issues.flatMap((issue) => issueFailures(issue, [], unknownKey));
}

function issueFailures(
  issue: z.core.$ZodIssue,
  prefix: PropertyKey[],
  unknownKey: UnknownKeyReason,
): CheckFailure[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === "invalid_union") {
    const real = issue.errors.find((branch) => !branch.every(isSentinelMismatch));
    if (real) return real.flatMap((inner) => issueFailures(inner, path, unknownKey));
  }
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ property: propertyPath([...path, key]), reason: unknownKey(key) }));
  }
  if (issue.code === "invalid_key") {
    return [{ property: propertyPath(path), reason: "property names must be non-empty strings" }];
  }
  return [{ property: propertyPath(path), reason: issue.message }];
}

function isSentinelMismatch(issue: z.core.$ZodIssue): boolean {
  return issue.code === "invalid_value" && issue.values.length === 1 && issue.values[0] === UNKNOWN;
}

/** `properties.url: Invalid input; name: Too short`: failures as one line of text. */
export function failuresText(failures: readonly CheckFailure[], whole = "(value)"): string {
  return failures.map((f) => `${f.property || whole}: ${f.reason}`).join("; ");
}

/**
 * Parses `value` with `schema` or throws an error naming every offending property: for the arguments of
 * lookups, which run in the program and have no `check`.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = zodFailures(result.error).map((p) =>
    p.property ? `${p.property}: ${p.reason}` : p.reason,
  );
  throw new Error(`pulumi-aria: invalid arguments to ${what}: ${problems.join("; ")}`);
}
