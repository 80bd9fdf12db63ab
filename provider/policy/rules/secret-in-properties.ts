import type { EndpointPolicy } from "../endpoint-policy";
import { describeView, EndpointView } from "../endpoint-view";
import { holdsSecret } from "../../core/secrets";

/**
 * A secret (`password`, `token`, `privateToken`, `certKeyData`, `privateKey`, `passPhrase`,
 * `outboundPassword`, ...) written in the plain `properties` instead of `secretProperties`. The provider's
 * `check` moves such a value into `secretProperties` before anything is stored, and names it in
 * the note of moved secrets (the analyzer sees inputs only after `check`); where `check` could not move it (the
 * type is unknown in preview, or not a type of the server) it is still among the plain properties.
 * Either way the program declares a secret in the clear, and the next reader copies the pattern:
 * mandatory. A `${var.NAME}` reference (a pipeline secret variable) and an empty string are not secrets.
 */
export const secretInProperties: EndpointPolicy = {
  name: "aria-endpoint-secret-in-properties",
  description:
    "Secrets (password, token, privateToken, certKeyData, privateKey, passPhrase, outboundPassword, ...) belong in secretProperties, not in properties.",
  enforcementLevel: "mandatory",
  violations(view: EndpointView): string[] {
    const moved = new Set(view.movedSecrets);
    const keys = new Set(moved);
    for (const [key, value] of Object.entries(view.properties ?? {})) {
      if (holdsSecret({ name: key }, value)) keys.add(key);
    }
    return [...keys].map(
      (key) =>
        `${describeView(view)}: properties.${key} is a secret declared among the plain properties` +
        (moved.has(key) ? " (the provider moved it to secretProperties for this run)" : "") +
        `. Declare it in secretProperties instead (on a typed endpoint resource: its own ${key} input, or ` +
        `additionalSecretProperties), from a secret config value (config.requireSecret), or refer to a ` +
        `pipeline secret variable ("\${var.NAME}").`,
    );
  },
};
