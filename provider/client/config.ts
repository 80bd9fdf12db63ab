/**
 * Client configuration, resolved from the settings of ./config-schema.ts (each declared once there)
 * read by the one precedence rule of ./setting.ts (configuration beats the environment, which beats
 * the default; blank values count as unset), then checked as a whole: a URL, and one usable form of
 * credentials. All problems are reported together in one {@link AriaConfigError}.
 */
import { AriaConfigError, ConfigIssue } from "./config-error";
import {
  CLIENT_SETTINGS,
  DEFAULT_API_TIMEOUT_SECONDS,
  DEFAULT_PIPELINE_BASE_PATH,
  settingWithEnv,
  type ClientSettingFields,
  type ClientSettingKey,
  type ClientSettings,
} from "./config-schema";
import type { RetryPolicy } from "./retry-policy";
import { envNames, readSettings, settingName, type ConfigNamespace, type SettingLookup } from "./setting";
import { withoutUndefined } from "../core/json";

export { DEFAULT_API_TIMEOUT_SECONDS, DEFAULT_PIPELINE_BASE_PATH };
export type { ConfigNamespace };

/** Credentials, in the forms the product accepts. At least one usable form is present. */
export interface Credentials {
  /** A bearer token used as given; cannot be renewed on its own. */
  readonly accessToken?: string;
  /**
   * A refresh token, exchanged for access tokens: at `POST /iaas/api/login` on Aria Automation 8.x, at
   * the organization's token endpoint on VCF Automation 9.
   */
  readonly refreshToken?: string;
  /** User name, exchanged with the password for a refresh token. */
  readonly username?: string;
  /** Password of `username`. */
  readonly password?: string;
  /** Identity domain of `username` (optional). */
  readonly domain?: string;
}

/** The settings that make up {@link Credentials}. */
const CREDENTIAL_KEYS = ["accessToken", "refreshToken", "username", "password", "domain"] as const;

/** The settings a client takes under another name, in seconds. */
type SecondsKeys = "apiTimeout" | "reauthorizeTimeout";

/**
 * Everything a client needs; built by {@link resolveClientConfig} or by hand. Each setting of
 * ./config-schema.ts is a field of the same name and type (its description is the setting's), except
 * the credentials, gathered in `credentials`, and the timeouts, in seconds under their own names; a
 * new setting becomes a field with no line here.
 */
export type ClientConfig = Readonly<
  Omit<ClientSettingFields, (typeof CREDENTIAL_KEYS)[number] | SecondsKeys | "url">
> & {
  /** Base URL of Aria Automation, without trailing slash. */
  readonly url: string;
  /** How to authenticate. */
  readonly credentials: Credentials;
  /** Timeout of each HTTP request, in seconds (default 30). */
  readonly apiTimeoutSeconds: number;
  /** Renew tokens at least this often, in seconds (optional; 0 or unset: only before expiry). */
  readonly reauthorizeTimeoutSeconds?: number;
  /** Base path of the deployment service (default `/deployment/api`); not a setting. */
  readonly deploymentBasePath: string;
  /** Finer retry tuning (backoff base, caps). */
  readonly retry?: Partial<RetryPolicy>;
  /** Assumed lifetime of tokens that are not JWTs, in seconds (default 1500: renew after 25 min). */
  readonly tokenLifetimeSeconds?: number;
  /**
   * The namespace the user names settings in (`vra` for the dynamic resources, `aria` for the
   * plugin; default `vra`): messages that tell them which setting to change use it.
   */
  readonly settingsNamespace?: ConfigNamespace;
};

/** Base path of the deployment service. */
export const DEFAULT_DEPLOYMENT_BASE_PATH = "/deployment/api";

/** The client's settings, with their environment variables: from the settings' declaration. */
export const CONFIG_ENV_NAMES = envNames(CLIENT_SETTINGS);

/** A setting name without the `vra:` prefix. */
export type ConfigKey = ClientSettingKey;

const credentialsHelp = (ns: ConfigNamespace) =>
  `no credentials: set ${settingWithEnv(ns, "refreshToken")}, or ${settingWithEnv(ns, "accessToken")}, ` +
  `or ${settingName(ns, "username")} and ${settingName(ns, "password")} (${CLIENT_SETTINGS.username.env} and ${CLIENT_SETTINGS.password.env}, ` +
  `with optional ${settingName(ns, "domain")} / ${CLIENT_SETTINGS.domain.env}); ` +
  "set secrets with `pulumi config set --secret`.";

/**
 * Resolves the configuration from a record of config values, keyed as the user wrote them
 * (`vra:url`, or the bare `url`), and the environment. Throws one {@link AriaConfigError} listing
 * every missing or invalid setting.
 */
export function resolveClientConfig(
  config: Readonly<Record<string, string | undefined>>,
  env: Readonly<Record<string, string | undefined>> = process.env,
  ns: ConfigNamespace = "vra",
): ClientConfig {
  const blank = (value: string | undefined) => value === undefined || value.trim() === "";
  const lookup: SettingLookup = (key) => {
    const named = config[settingName(ns, key)];
    return blank(named) ? config[key] : named;
  };
  return clientConfigFrom(lookup, env, ns);
}

/**
 * Resolves the configuration from a lookup of the settings by their bare keys (a stack's config, an
 * explicit provider's inputs) and the environment, by the one precedence rule. Throws one
 * {@link AriaConfigError} listing every missing or invalid setting.
 */
export function clientConfigFrom(
  config: SettingLookup,
  env: Readonly<Record<string, string | undefined>>,
  ns: ConfigNamespace,
): ClientConfig {
  const { values, sources, issues: valueIssues } = readSettings(CLIENT_SETTINGS, config, env, ns);
  const credentials: Credentials = Object.fromEntries(CREDENTIAL_KEYS.map((key) => [key, values[key]]));
  const issues: ConfigIssue[] = [
    sources.has("url")
      ? valueIssues.get("url")
      : {
          key: settingName(ns, "url"),
          setting: "url",
          message: `no server URL: set ${settingName(ns, "url")} (\`pulumi config set ${settingName(ns, "url")} https://vra.example.com\`) or ${CLIENT_SETTINGS.url.env}.`,
        },
    credentialsIssue(withoutUndefined(credentials), ns),
    ...[...valueIssues].filter(([key]) => key !== "url").map(([, issue]) => issue),
  ].filter((issue): issue is ConfigIssue => issue !== undefined);
  if (issues.length > 0) throw new AriaConfigError(issues);

  const rest: Record<string, unknown> = { ...values };
  for (const key of [...CREDENTIAL_KEYS, "apiTimeout", "reauthorizeTimeout"]) delete rest[key];
  const resolved = {
    ...(rest as Omit<ClientSettings, (typeof CREDENTIAL_KEYS)[number] | SecondsKeys>),
    settingsNamespace: ns,
    url: values.url ?? "",
    credentials: withoutUndefined(credentials),
    apiTimeoutSeconds: values.apiTimeout,
    reauthorizeTimeoutSeconds: values.reauthorizeTimeout || undefined,
    deploymentBasePath: DEFAULT_DEPLOYMENT_BASE_PATH,
  };
  return withoutUndefined(resolved) as ClientConfig;
}

/** What is missing when no usable form of credentials is set; nothing when one is. */
function credentialsIssue(credentials: Credentials, ns: ConfigNamespace): ConfigIssue | undefined {
  const hasLogin = credentials.username !== undefined && credentials.password !== undefined;
  if (credentials.accessToken || credentials.refreshToken || hasLogin) return undefined;
  if (credentials.username !== undefined) {
    return {
      key: settingName(ns, "password"),
      setting: "password",
      message: `${settingName(ns, "username")} is set but no password: set ${settingWithEnv(ns, "password")}.`,
    };
  }
  if (credentials.password !== undefined) {
    return {
      key: settingName(ns, "username"),
      setting: "username",
      message: `${settingName(ns, "password")} is set but no user: set ${settingWithEnv(ns, "username")}.`,
    };
  }
  return { key: "credentials", message: credentialsHelp(ns) };
}
