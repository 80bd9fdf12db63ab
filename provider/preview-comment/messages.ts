/**
 * The preview's messages about a resource, read: a check failure of the provider as the engine prints
 * it (`<type> resource '<name>': property <path> value <v> has a problem: <reason>`), the server's
 * verdict on an endpoint (`... has a problem: the server's validation of the endpoint failed: ...`),
 * or another message. And what keeps a secret out of them: the plain values a state shows under a
 * credential's key, replaced by `[secret]` wherever a message quotes one.
 */
import { isCredentialKey } from "../core/secrets";
import type { StateFacts } from "./input";
import { SECRET_TEXT } from "./paths";

/** A check failure of the provider, as the engine printed it: the property it names, and why. */
export interface CheckFailure {
  readonly property?: string;
  readonly reason: string;
}

/** The plain values a state shows under a credential's key: scrubbed from every message. */
export function exposedValues(states: ReadonlyArray<StateFacts | undefined>): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (isCredentialKey(key) && value.length >= 4 && value !== SECRET_TEXT) found.add(value);
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k);
    }
  };
  for (const state of states) {
    walk(state?.inputs, "");
    walk(state?.outputs, "");
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** A message with every exposed value replaced by `[secret]`. */
export function scrub(text: string, values: readonly string[]): string {
  return values.reduce((out, value) => out.split(value).join(SECRET_TEXT), text);
}

/** What a diagnostic of a resource says: a check failure, the server's verdict, or another message. */
export function classify(
  message: string,
): { check: CheckFailure } | { validation: string } | { text: string } {
  // A step's failure comes as `Preview failed: <the provider's error>`.
  const text = message
    .trim()
    .replace(/^(error|warning|info): /, "")
    .replace(/^(preview|update|create|delete) failed: /i, "");
  const property = /^\S+ resource '.*?': property (\S+) value .*? has a problem: ([\s\S]*)$/.exec(text);
  if (property) return { check: { property: property[1], reason: property[2].trim() } };
  const problem = /^\S+ resource '.*?' has a problem: ([\s\S]*)$/.exec(text);
  if (problem) {
    const reason = problem[1].trim();
    const verdict = /^the server's validation of the endpoint failed: ([\s\S]*)$/.exec(reason);
    return verdict ? { validation: verdict[1].trim() } : { check: { reason } };
  }
  return { text };
}
