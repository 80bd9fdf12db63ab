import { MOVED_SECRETS_KEY } from "../core/checked-inputs";
import type { PropertyMap } from "../core/values";

/*
 * The inputs a door writes beside the program's own: its bookkeeping, stored in every resource's
 * inputs by the engine, never the user's data. Only the doors read or write them, through this
 * module; a kind (../core/kind.ts) never sees them: it is handed the program's inputs and, apart,
 * the context they carry (`CreateContext`), and it answers what a door should note beside its
 * checked inputs apart too (`CheckResult.moved`). The lint forbids the keys anywhere else in provider/.
 *
 * The keys are a stored format: stacks written by every earlier release hold them, so they never change.
 */

/** The engine's hidden input holding a dynamic resource's serialised provider (../dynamic/stub.ts). */
export const PROVIDER_KEY = "__provider";

/**
 * The dynamic door's hidden input naming the resource an endpoint is created for: its URN, composed
 * in the program (./endpoint.ts), since a dynamic provider is not told it. Handed to the kind's
 * `create` as its owner; never sent to the API, never compared.
 */
export const OWNER_KEY = "__owner";

/**
 * Every key kept in the engine's inputs beside the kind's: the two above and the note of the secrets
 * `check` moved, which both doors write (the core's: ../core/checked-inputs.ts).
 */
const DOOR_KEYS: ReadonlySet<string> = new Set([PROVIDER_KEY, OWNER_KEY, MOVED_SECRETS_KEY]);

/**
 * The inputs that are no declaration of the user's and never change what is on the server: the
 * engine's serialised provider and the owner's URN (a tool comparing two stored inputs skips them).
 */
export const BOOKKEEPING_INPUTS: readonly string[] = [PROVIDER_KEY, OWNER_KEY];

/** What the engine sent, as a kind sees it: every door key taken out. */
export function kindInputs(bag: Readonly<Record<string, unknown>> | undefined): PropertyMap {
  const out: PropertyMap = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    if (!DOOR_KEYS.has(key)) out[key] = value;
  }
  return out;
}

/** The `__owner` the program declared, when it is a known, non-empty string. */
export function ownerOf(bag: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const owner = bag?.[OWNER_KEY];
  return typeof owner === "string" && owner !== "" ? owner : undefined;
}
