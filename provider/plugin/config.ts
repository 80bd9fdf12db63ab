import type { ConfigNamespace } from "../client/setting";
import type { CheckFailure, DiffResult } from "../core/kind";
import { isUnknown, reveal, type PropertyMap } from "../core/values";
import { settingsIssues, SETTINGS, type SettingKey } from "../runtime/settings";

/*
 * The plugin's configuration: the `aria:` keys of a stack (the default provider) or the inputs of an
 * explicit `aria:Provider` resource; the same keys as the dynamic resources' `vra:` ones, with the
 * same `VRA_*` environment variables behind them. CheckConfig validates them with field-named
 * failures (nothing is sent anywhere); DiffConfig replaces what a provider manages when it points at
 * another server (the same endpoint ids mean nothing there); Configure hands them to the process.
 */

/** The config namespace of the plugin. */
export const NAMESPACE: ConfigNamespace = "aria";

/** Keys the engine itself adds to a provider's inputs. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/** Settings that name the server: a change replaces every resource the provider manages. */
const SERVER_KEYS: readonly SettingKey[] = ["url"];

/** One setting as text, the form config values take (booleans and numbers of YAML programs too). */
function asText(value: unknown): string | undefined {
  const plain = reveal(value);
  if (plain === undefined || plain === null) return undefined;
  return typeof plain === "string"
    ? plain
    : typeof plain === "object"
      ? JSON.stringify(plain)
      : String(plain);
}

/** The settings of a provider's inputs, as text, without the unknown ones (a preview's). */
export function settingsOf(inputs: PropertyMap): Partial<Record<SettingKey, string>> {
  const out: Partial<Record<SettingKey, string>> = {};
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    const value = inputs[key];
    if (isUnknown(value)) continue;
    const text = asText(value);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

/** The inputs' problems: unknown keys, and every invalid or missing setting (with the environment). */
export function checkConfig(news: PropertyMap, env: NodeJS.ProcessEnv = process.env): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const key of Object.keys(news)) {
    if (key in SETTINGS || ENGINE_KEYS.has(key) || key.startsWith("__")) continue;
    failures.push({
      property: key,
      reason: `'${key}' is not a setting of the aria provider; its settings are: ${Object.keys(SETTINGS).join(", ")}.`,
    });
  }
  // A setting unknown in a preview (an output of another resource) is checked when it is known.
  if (Object.values(news).some(isUnknown)) return failures;
  // The same reading as the running provider's (Configure, then the client): the two agree.
  const settings = settingsOf(news);
  for (const issue of settingsIssues((key) => settings[key], env, NAMESPACE))
    failures.push({ property: issue.setting ?? issue.key, reason: issue.message });
  return failures;
}

/**
 * What changes between two configurations: another server replaces, anything else updates. Values
 * compare as the text they stand for (`30` and `"30"` are one timeout).
 */
export function diffConfig(olds: PropertyMap, news: PropertyMap): DiffResult {
  const changed = (Object.keys(SETTINGS) as SettingKey[]).filter((key) =>
    isUnknown(news[key]) ? true : asText(olds[key]) !== asText(news[key]),
  );
  if (changed.length === 0) return { changes: false };
  const replaces = changed.filter((key) => SERVER_KEYS.includes(key) && !isUnknown(news[key]));
  return { changes: true, replaces };
}
