import * as pulumi from "@pulumi/pulumi";

/*
 * During preview the engine hands `check` and `diff` the outputs of resources not yet created as
 * this one sentinel string, whatever the declared type of the input (a boolean, a number, a whole
 * object can arrive as it). Everything that inspects inputs goes through these helpers.
 */

/** The sentinel string that stands for a value not known until the deployment runs. */
export const UNKNOWN = pulumi.runtime.unknownValue;

/** The type of {@link UNKNOWN}. */
export type Unknown = typeof UNKNOWN;

/** True when the value is the engine's "unknown during preview" sentinel. */
export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when the value, or anything nested in it, is unknown. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
