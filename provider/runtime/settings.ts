import { CONFIG_ENV_NAMES, type ConfigNamespace } from "../client/config";

/**
 * Every configuration key the package reads, in the `vra` namespace of Pulumi config
 * (`pulumi config set vra:url ...`), with the matching environment variable. Config beats the
 * environment. The client's own keys come from its table; `validateEndpoints` is the provider's.
 */
export const SETTINGS = {
  ...CONFIG_ENV_NAMES,
  validateEndpoints: "VRA_VALIDATE_ENDPOINTS",
} as const;

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
