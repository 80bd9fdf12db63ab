import { OWNER_KEY } from "../core/hidden-inputs";

/*
 * The dynamic door's own reading of its bookkeeping: the owner's URN the program wrote into the
 * inputs (`OWNER_KEY`, ../core/hidden-inputs.ts), handed to the kind's `create` as its context. The
 * plugin door is told the URN by the engine and never reads it.
 */

/** The owner the program declared (`OWNER_KEY`), when it is a known, non-empty string. */
export function ownerOf(bag: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const owner = bag?.[OWNER_KEY];
  return typeof owner === "string" && owner !== "" ? owner : undefined;
}
