/** What a build leaves in a source tree, never part of a hash. */
export const BUILD_LEFTOVERS: RegExp;
/** A short hash of `parts` and of the files under `paths` (names and contents, in sorted order). */
export function contentHash(
  parts: readonly string[],
  paths?: readonly string[],
  options?: { skip?: RegExp; length?: number },
): string;
