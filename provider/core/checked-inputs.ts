import type { CheckedInputs } from "./kind";
import type { PropertyMap } from "./values";

/*
 * The wire form of a kind's checked inputs (./kind.ts, `CheckedInputs`): what `check` answered, with
 * the secrets it moved out of the plain `properties` noted beside them, by name only
 * (../endpoint/secret-routing.ts). Both doors write the note into the inputs they hand the engine; an
 * analyzer (a policy pack, `aria-reconcile --policy`) is given the inputs as `check` returned them,
 * not as the program declared them, and without the note the mistake would be invisible to it.
 *
 * The note belongs to no door: the dynamic door's own bookkeeping (the serialised provider, the
 * owner's URN) is in ./hidden-inputs.ts, the other half, which also takes this note out of what a kind
 * is handed. A reader (../policy) reads it here, into the core's shape, and never names a door's key.
 *
 * The key is a stored format: stacks written by every earlier release hold it, so it never changes.
 */

/** The note beside a kind's checked inputs naming the secrets `check` moved (names only). */
export const MOVED_SECRETS_KEY = "movedSecrets";

/** A kind's checked inputs with the note of the secrets `check` moved, when it moved any. */
export function withMovedSecrets<T extends Record<string, unknown>>(
  inputs: T,
  moved: readonly string[] | undefined,
): T {
  return moved && moved.length > 0 ? { ...inputs, [MOVED_SECRETS_KEY]: [...moved] } : inputs;
}

/**
 * Checked inputs as the engine hands them to an analyzer, read back into the core's shape: the inputs
 * without the note, and the secrets `check` moved (names only). What else a door keeps in them (the
 * dynamic door's bookkeeping) stays among the inputs: an analyzer reads the kind's fields by name.
 */
export function checkedInputs(bag: Readonly<Record<string, unknown>> | undefined): CheckedInputs {
  const { [MOVED_SECRETS_KEY]: moved, ...inputs } = bag ?? {};
  return {
    inputs: inputs as PropertyMap,
    moved: Array.isArray(moved) ? moved.filter((key): key is string => typeof key === "string") : [],
  };
}
