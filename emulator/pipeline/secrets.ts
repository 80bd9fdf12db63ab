import type { PropertySpec } from "./tile-types";

/*
 * What the emulator masks in its answers, decided here from its own tile catalogue (./tile-catalog.ts
 * flags the secret properties of each type, as the product marks them per tile) and from what is
 * known of the product (../README.md, "Pipeline endpoints": how the product masks stored secrets is
 * not published, so the mask is the emulator's choice): never from the provider's secrets policy, so that a bug in that
 * policy is not mirrored by the stand-in meant to catch it.
 *
 * - A secret property (flagged `secret: true` by its tile) is shown as the mask in every answer.
 * - An empty value is shown as `""`: there is nothing to hide.
 * - A reference to a pipeline variable (`${var.NAME}`) is stored and shown as given: real clients put
 *   it in place of the secret itself, and it holds none (how the product shows one is not published).
 * - Exports (`GET /export`) carry every property in clear, as exports saved from real servers do.
 */

/** The placeholder the emulator shows instead of a stored secret. */
export const SECRET_MASK = "*****";

/** A reference to a pipeline variable: `${var.NAME}` (surrounding blanks allowed). */
const VARIABLE_REFERENCE = /^\$\{var\.[^}]+\}$/;

/** Whether a value holds nothing to hide: an empty string, or a pipeline-variable reference. */
function holdsNoSecret(value: unknown): boolean {
  return value === "" || (typeof value === "string" && VARIABLE_REFERENCE.test(value.trim()));
}

/** Whether the tile flags a property as secret. */
export function isSecretProperty(spec: PropertySpec | undefined): boolean {
  return spec?.secret === true;
}

/** Whether a stored value of a property is shown masked: a secret property holding a secret. */
export function isShownMasked(spec: PropertySpec | undefined, value: unknown): boolean {
  return isSecretProperty(spec) && !holdsNoSecret(value);
}
