/**
 * One setting, declared once ({@link defineSetting}): its environment variable, what it accepts (a
 * zod schema from the text the user wrote to its typed value, with the messages for the rest), its
 * default and its description. Tables of these declarations (../client/config-schema.ts for the
 * client's, ../runtime/settings.ts for the provider's own) are where every other form of a setting
 * comes from: the zod object of the settings, the environment table, the typed values, the plugin's
 * schema and the docs' table. The precedence rule and the name a message gives a setting are here
 * too, once: {@link settingSource} and {@link settingName}.
 */
import { z } from "zod";
import type { ConfigIssue } from "./config-error";

/**
 * The config namespace settings are read from and named by: `vra` for the dynamic resources (a
 * program's own config), `aria` for the provider plugin (the package's name).
 */
export type ConfigNamespace = "vra" | "aria";

/** What a setting is declared with: see {@link defineSetting}. */
export interface SettingSpec<Out> {
  /** The environment variable read when the configuration leaves the setting unset (`VRA_URL`). */
  readonly env: string;
  /** What it accepts: the text the user wrote (trimmed or not, as it needs) to its typed value. */
  readonly parse: z.ZodType<Out, string>;
  /**
   * What it does, for the plugin's schema, the SDKs and the docs' table; a default worth saying ends
   * it as a sentence `Default: <what>.`, which the docs' table shows in its own column.
   */
  readonly description: string;
  /** Whether it is a secret (a token, a password): marked so in the plugin's schema, never echoed. */
  readonly secret?: boolean;
}

/** A declared setting, without a default: unset, its value is undefined. */
export interface Setting<Out = unknown> {
  /** The environment variable behind it. */
  readonly env: string;
  /** Its zod schema: optional, described, marked secret where it is one. */
  readonly schema: z.ZodOptional<z.ZodType<Out, string>>;
  /** Whether it is a secret. */
  readonly secret: boolean;
  /** Its value when unset; undefined when it has none. */
  readonly default: Out | undefined;
  /** Whether it has a default. */
  readonly defaulted: boolean;
}

/** A declared setting with a default: its value is never undefined. */
export interface DefaultedSetting<Out = unknown> extends Setting<Out> {
  /** Its value when unset. */
  readonly default: Out;
  /** It has a default. */
  readonly defaulted: true;
}

/**
 * Declares one setting. With `default`, the setting's value is never undefined (the default when
 * unset); without, it is undefined when unset.
 */
export function defineSetting<Out>(spec: SettingSpec<Out> & { readonly default: Out }): DefaultedSetting<Out>;
export function defineSetting<Out>(spec: SettingSpec<Out>): Setting<Out>;
export function defineSetting<Out>(spec: SettingSpec<Out> & { readonly default?: Out }): Setting<Out> {
  const secret = spec.secret === true;
  const schema = spec.parse
    .optional()
    .meta({ description: spec.description, ...(secret ? { secret: true } : {}) });
  return { env: spec.env, schema, secret, default: spec.default, defaulted: "default" in spec };
}

/** Settings by key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each setting's own value type
export type SettingsTable = Readonly<Record<string, Setting<any>>>;

/** The value type of one setting. */
type ValueOf<S> = S extends Setting<infer Out> ? Out : never;

/** The keys of a table's settings that have a default. */
type DefaultedKeys<T extends SettingsTable> = {
  [K in keyof T]: T[K] extends { readonly defaulted: true } ? K : never;
}[keyof T];

/** The typed value of each setting of a table: its default when unset, else undefined when unset. */
export type SettingValues<T extends SettingsTable> = {
  readonly [K in keyof T]: K extends DefaultedKeys<T> ? ValueOf<T[K]> : ValueOf<T[K]> | undefined;
};

/**
 * The settings of a table as fields of a configuration type: one with a default is always there, one
 * without is an optional field.
 */
export type SettingFields<T extends SettingsTable> = {
  readonly [K in DefaultedKeys<T>]: ValueOf<T[K]>;
} & {
  readonly [K in Exclude<keyof T, DefaultedKeys<T>>]?: ValueOf<T[K]>;
};

/** The zod object of a table's settings, keyed as the table (each optional, described). */
export function settingsSchema<T extends SettingsTable>(table: T) {
  const shape = Object.fromEntries(Object.entries(table).map(([key, setting]) => [key, setting.schema]));
  return z.object(shape as { [K in keyof T]: T[K]["schema"] });
}

/** The environment variable of each setting of a table, by key. */
export function envNames<T extends SettingsTable>(table: T): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(table).map(([key, setting]) => [key, setting.env])) as {
    [K in keyof T]: string;
  };
}

/**
 * A setting's name as the user of a door writes it: `vra:url` for the dynamic resources, `aria:url`
 * for the plugin. Every message that names a setting names it through this.
 */
export function settingName(ns: ConfigNamespace, key: string): string {
  return `${ns}:${key}`;
}

/** Reads one setting, by its bare key (`url`), from a configuration; undefined when not set. */
export type SettingLookup = (key: string) => string | undefined;

/** Where a setting's value came from: the name to show the user (`vra:apiTimeout`, `VRA_API_TIMEOUT`) and the text. */
export interface SettingSource {
  /** The name to show the user. */
  readonly name: string;
  /** The text, as written. */
  readonly raw: string;
}

/** Whether a text counts as set: empty or blank counts as unset, in configuration and environment alike. */
function isSet(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== "";
}

/**
 * The one precedence rule of every setting, at both doors and in the tools: the configuration
 * (the stack's `vra:`/`aria:` config, or an explicit provider's inputs) beats the environment
 * variable, which beats the default; a value that is empty or blank counts as unset.
 */
export function settingSource(
  key: string,
  setting: Pick<Setting, "env">,
  config: SettingLookup,
  env: Readonly<Record<string, string | undefined>>,
  ns: ConfigNamespace,
): SettingSource | undefined {
  const configured = config(key);
  if (isSet(configured)) return { raw: configured, name: settingName(ns, key) };
  const fromEnv = env[setting.env];
  return isSet(fromEnv) ? { raw: fromEnv, name: setting.env } : undefined;
}

/** Every setting of a table, read by the precedence rule and parsed each on its own. */
export interface ReadSettings<T extends SettingsTable> {
  /** Each setting's value: parsed, or its default when unset (or invalid: see `issues`). */
  readonly values: SettingValues<T>;
  /** Where each set setting came from. */
  readonly sources: ReadonlyMap<keyof T & string, SettingSource>;
  /** The invalid ones, by key, each naming the setting as it was given (`aria:insecure`, `VRA_INSECURE`). */
  readonly issues: ReadonlyMap<keyof T & string, ConfigIssue>;
}

/**
 * Reads every setting of `table` by {@link settingSource} and parses each on its own, so that one bad
 * value neither hides another nor the valid ones.
 */
export function readSettings<T extends SettingsTable>(
  table: T,
  config: SettingLookup,
  env: Readonly<Record<string, string | undefined>>,
  ns: ConfigNamespace,
): ReadSettings<T> {
  const values: Record<string, unknown> = {};
  const sources = new Map<keyof T & string, SettingSource>();
  const issues = new Map<keyof T & string, ConfigIssue>();
  for (const [key, setting] of Object.entries(table) as [keyof T & string, Setting][]) {
    values[key] = setting.default;
    const source = settingSource(key, setting, config, env, ns);
    if (!source) continue;
    sources.set(key, source);
    const result = setting.schema.safeParse(source.raw);
    if (result.success) values[key] = result.data;
    else
      issues.set(key, {
        key: source.name,
        setting: key,
        message: `${source.name} ${result.error.issues[0].message}`,
      });
  }
  return { values: values as SettingValues<T>, sources, issues };
}
