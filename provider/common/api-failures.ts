import { isAriaApiError } from "../client/errors";
import { redactValues } from "../client/redact";

/*
 * What both resources' providers do with a failed API call: recognise the outcomes they handle
 * (refused, taken; gone is the client's `unlessNotFound`, ../client/errors.ts), and otherwise say which
 * object failed, around the client's own message (already redacted, and written to say what to do).
 * Pulumi shows users only `error.message`.
 */

/** The message of an error, or the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Failed to <action> <subject>: <the client's message>", with `secrets` (the object's own secret
 * values, in case a server echoes a request body back) scrubbed from the text; the cause is kept.
 */
export function failedTo(
  action: string,
  subject: string,
  error: unknown,
  secrets: readonly string[] = [],
): Error {
  const wrapped = new Error(redactValues(`Failed to ${action} ${subject}: ${errorMessage(error)}`, secrets));
  (wrapped as Error & { cause?: unknown }).cause = error;
  return wrapped;
}

/** True when the failure is the server refusing the call (HTTP 403). */
export function isForbidden(error: unknown): boolean {
  return isAriaApiError(error, "Forbidden");
}

/** True when the failure is a duplicate or a clash with a running request (HTTP 409). */
export function isConflict(error: unknown): boolean {
  return isAriaApiError(error, "Conflict");
}
