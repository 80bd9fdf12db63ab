import { reveal } from "../core/values";

/**
 * A resource's inputs or state as the program declared them, for a kind to parse, compare or send:
 * without `null`s (an unset optional input) and without secret marks (../core/values.ts: what is
 * parsed, compared and sent is the value; which outputs are secret is decided where outputs are
 * made). What a door keeps in the engine's inputs for itself never reaches a kind (../core/kind.ts).
 */
export function declaredInputs(bag: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    if (value === null || value === undefined) continue;
    out[key] = reveal(value);
  }
  return out;
}
