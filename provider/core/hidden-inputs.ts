import { MOVED_SECRETS_KEY } from "./checked-inputs";
import type { PropertyMap } from "./values";

/*
 * What the engine stores beside a kind's inputs: the doors' bookkeeping, written into every
 * resource's inputs, never the user's data. A kind (./kind.ts) never sees it: it is handed the
 * program's inputs and, apart, the context they carry (`CreateContext`), and it answers what a door
 * should note beside its checked inputs apart too (`CheckResult.moved`, written by
 * ./checked-inputs.ts, the other half). Both doors take it out of what a kind is handed
 * (`kindInputs`), and a tool comparing two stored inputs skips it (`BOOKKEEPING_INPUTS`), through
 * this module: it is on the floor, so neither a door nor a tool imports another door for it.
 *
 * The keys `__provider` and `__owner` are spelled here and nowhere else in provider/ (the lint
 * refuses them elsewhere); their constants are the dynamic door's alone, the only door that writes
 * them (the lint refuses them outside provider/dynamic/).
 *
 * The keys are a stored format: stacks written by every earlier release hold them, so they never change.
 */

/** The engine's hidden input holding a dynamic resource's serialised provider (../dynamic/stub.ts). */
export const PROVIDER_KEY = "__provider";

/**
 * The dynamic door's hidden input naming the resource an endpoint is created for: its URN, composed
 * in the program (../dynamic/endpoint.ts), since a dynamic provider is not told it. Handed to the
 * kind's `create` as its owner; never sent to the API, never compared.
 */
export const OWNER_KEY = "__owner";

/**
 * Every key kept in the engine's inputs beside the kind's: the two above and the note of the secrets
 * `check` moved, which both doors write (./checked-inputs.ts).
 */
const DOOR_KEYS: ReadonlySet<string> = new Set([PROVIDER_KEY, OWNER_KEY, MOVED_SECRETS_KEY]);

/**
 * The inputs that are no declaration of the user's and never change what is on the server: the
 * engine's serialised provider and the owner's URN (a tool comparing two stored inputs skips them).
 */
export const BOOKKEEPING_INPUTS: readonly string[] = [PROVIDER_KEY, OWNER_KEY];

/** True for a key a door keeps in the engine's inputs beside the kind's (never the user's data). */
export function isDoorKey(key: string): boolean {
  return DOOR_KEYS.has(key);
}

/** What the engine sent, as a kind sees it: every door key taken out. */
export function kindInputs(bag: Readonly<Record<string, unknown>> | undefined): PropertyMap {
  const out: PropertyMap = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    if (!isDoorKey(key)) out[key] = value;
  }
  return out;
}
