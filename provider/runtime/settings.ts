import { CONFIG_ENV_NAMES, type ConfigNamespace } from "../client/config";
import { BooleanSetting, ClientSettings } from "../client/config-schema";

/**
 * Every configuration key the package reads, in the `vra` namespace of Pulumi config
 * (`pulumi config set vra:url ...`), with the matching environment variable. Config beats the
 * environment. The client's own keys come from its table; `validateEndpoints` is the provider's.
 */
export const SETTINGS = {
  ...CONFIG_ENV_NAMES,
  validateEndpoints: "VRA_VALIDATE_ENDPOINTS",
} as const;

/**
 * Every setting as zod, keyed as {@link SETTINGS}: the client's, and the provider's own. Each value is
 * the text the user wrote; the descriptions are the ones the provider plugin's schema shows.
 */
export const ProviderSettings = ClientSettings.extend({
  validateEndpoints: BooleanSetting.optional().describe(
    "Whether preview asks the server to validate each endpoint (connect to it, check the certificate) whose `validate` input is not set: `true` or `false`. Default: true.",
  ),
});

/** A configuration key of the `vra` namespace, without the prefix. */
export type SettingKey = keyof typeof SETTINGS;

/** Reads one `vra:` key from some configuration source; undefined when not set. */
export type ConfigLookup = (key: SettingKey) => string | undefined;

/**
 * Collects every known `vra:*` key from a lookup into a plain record keyed `vra:<key>`, the form
 * the client's config resolution takes. Unset keys are left out, so the environment can fill them.
 */
export function collectSettings(lookup: ConfigLookup, ns: ConfigNamespace = "vra"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    const value = lookup(key);
    if (value !== undefined && value !== "") out[`${ns}:${key}`] = value;
  }
  return out;
}
