import { reveal } from "../core/values";

/*
 * What the engine hands a dynamic provider besides the program's inputs. Both resources' providers
 * strip it here before they parse, compare or send anything.
 */

/** The engine's hidden input holding the serialised provider; never sent to the API, never compared. */
export const PROVIDER_KEY = "__provider";

/**
 * The dynamic door's hidden input naming the resource an endpoint is created for (its URN, composed
 * in the program: a dynamic provider is not told the URN); handed to `create` as its owner
 * (../endpoint/owner.ts), never sent to the API, never compared.
 */
export const OWNER_KEY = "__owner";

/**
 * A resource's inputs or state as the program declared them: without the engine's `__provider`, the
 * dynamic door's `__owner`, the
 * notes a provider's `check` adds for readers of the checked inputs (`notes`, never sent or compared),
 * `null`s (an unset optional input), and secret marks (../core/values.ts: what is parsed, compared and
 * sent is the value; which outputs are secret is decided where outputs are made).
 */
export function declaredInputs(
  bag: Record<string, unknown> | undefined,
  notes: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    if (
      key === PROVIDER_KEY ||
      key === OWNER_KEY ||
      notes.includes(key) ||
      value === null ||
      value === undefined
    )
      continue;
    out[key] = reveal(value);
  }
  return out;
}
