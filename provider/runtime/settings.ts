import { z } from "zod";
import { clientConfigFrom } from "../client/config";
import { AriaConfigError, type ConfigIssue } from "../client/config-error";
import { BooleanSetting, CLIENT_SETTINGS, DurationSetting } from "../client/config-schema";
import {
  defineSetting,
  envNames,
  readSettings,
  settingsSchema,
  type ConfigNamespace,
  type SettingValues,
} from "../client/setting";

/** The page size of a listing when neither the caller nor `listPageSize` names one. */
export const DEFAULT_LIST_PAGE_SIZE = 100;

/** The largest page a listing asks for. */
export const MAX_LIST_PAGE_SIZE = 1000;

/** A page size: a whole number from 1 to {@link MAX_LIST_PAGE_SIZE}. */
const PageSizeSetting = z
  .string()
  .trim()
  .refine((text) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_LIST_PAGE_SIZE, {
    error: (issue) => `must be a whole number from 1 to ${MAX_LIST_PAGE_SIZE}, got "${String(issue.input)}".`,
  })
  .transform(Number)
  .meta({ pulumiType: "integer" });

/**
 * The provider's own settings, declared once as the client's are (../client/config-schema.ts): read
 * by the provider, not by the client.
 */
export const PROVIDER_ONLY_SETTINGS = {
  validateEndpoints: defineSetting({
    env: "VRA_VALIDATE_ENDPOINTS",
    parse: BooleanSetting,
    default: true,
    description:
      "Whether preview asks the server to validate each endpoint (connect to it, check the certificate) whose `validate` input is not set: `true` or `false`. Default: true.",
  }),
  listPageSize: defineSetting({
    env: "VRA_LIST_PAGE_SIZE",
    parse: PageSizeSetting,
    default: DEFAULT_LIST_PAGE_SIZE,
    description: `How many resources one page of \`pulumi do ... list\` asks the server for (the plugin's \`List\`), when the caller names no page size: a whole number from 1 to ${MAX_LIST_PAGE_SIZE}. Default: ${DEFAULT_LIST_PAGE_SIZE}.`,
  }),
  awaitApprovalAfter: defineSetting({
    env: "VRA_AWAIT_APPROVAL_AFTER",
    parse: DurationSetting,
    default: 60,
    description:
      "Provider plugin only: how long a `DeploymentResource` create waits for a request pending approval (`APPROVAL_PENDING`, `USER_INTERACTION_PENDING`) before it ends as awaiting (exit code 10, the rest of the program done; the next `pulumi up` continues the same request): seconds (`60`, `0`: at once) or a duration such as `15m`. The dynamic resources keep waiting up to `waitTimeoutSeconds`. Default: 60.",
  }),
};

/**
 * Every setting the package reads, in the `vra` namespace of Pulumi config for the dynamic resources
 * (`pulumi config set vra:url ...`) and the `aria` one for the plugin: the client's, and the
 * provider's own. Everything else (the zod object, the environment table, the plugin's schema, the
 * docs' table) comes from here.
 */
export const PROVIDER_SETTINGS = { ...CLIENT_SETTINGS, ...PROVIDER_ONLY_SETTINGS };

/** Every setting's environment variable, by key. */
export const SETTINGS = envNames(PROVIDER_SETTINGS);

/**
 * Every setting as zod, keyed as {@link PROVIDER_SETTINGS}. Each value is the text the user wrote; the
 * descriptions are the ones the provider plugin's schema shows.
 */
export const ProviderSettings = settingsSchema(PROVIDER_SETTINGS);

/** A configuration key, without a namespace. */
export type SettingKey = keyof typeof PROVIDER_SETTINGS;

/** A provider-only setting's key. */
export type ProviderOnlyKey = keyof typeof PROVIDER_ONLY_SETTINGS;

/** The provider-only settings as read. */
export type ProviderOnlyValues = SettingValues<typeof PROVIDER_ONLY_SETTINGS>;

/** Reads one setting, by its bare key, from some configuration source; undefined when not set. */
export type ConfigLookup = (key: SettingKey) => string | undefined;

/** A lookup by any key, as the client's resolution takes it: a key that is not a setting is unset. */
export function byAnyKey(lookup: ConfigLookup): (key: string) => string | undefined {
  return (key) => (key in PROVIDER_SETTINGS ? lookup(key as SettingKey) : undefined);
}

/**
 * The provider-only settings, by the one precedence rule. Throws an {@link AriaConfigError} naming
 * each invalid one in namespace `ns`.
 */
export function providerOnlySettings(
  lookup: ConfigLookup,
  env: Readonly<Record<string, string | undefined>>,
  ns: ConfigNamespace,
): ProviderOnlyValues {
  const { values, issues } = readSettings(PROVIDER_ONLY_SETTINGS, byAnyKey(lookup), env, ns);
  if (issues.size > 0) throw new AriaConfigError([...issues.values()]);
  return values;
}

/**
 * Every problem of a provider's settings, as the running provider meets them: the client's (a URL,
 * credentials, each value) and the provider's own, read by the same function the provider reads
 * them with. The plugin's CheckConfig reports these; nothing is sent anywhere.
 */
export function settingsIssues(
  lookup: ConfigLookup,
  env: Readonly<Record<string, string | undefined>>,
  ns: ConfigNamespace,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const check of [
    () => clientConfigFrom(byAnyKey(lookup), env, ns),
    () => providerOnlySettings(lookup, env, ns),
  ]) {
    try {
      check();
    } catch (error) {
      if (!(error instanceof AriaConfigError)) throw error;
      issues.push(...error.issues);
    }
  }
  return issues;
}
