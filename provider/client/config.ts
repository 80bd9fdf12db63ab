/**
 * Client configuration, resolved from a plain record of Pulumi config values (`vra:url`, or `url`)
 * and the environment (`VRA_URL`) by one rule ({@link settingSource}: config beats the environment,
 * blank values count as unset), then parsed by one zod schema (./config-schema.ts). All problems are
 * reported together in one {@link AriaConfigError}.
 */
import { AriaConfigError, ConfigIssue } from "./config-error";
import { ClientSettings } from "./config-schema";
import { DEFAULT_RETRY_POLICY, RetryPolicy } from "./retry-policy";
import { withoutUndefined } from "../core/json";

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

/** Everything a client needs; built by {@link resolveClientConfig} or by hand. */
export interface ClientConfig {
  /** Base URL of Aria Automation, without trailing slash. */
  readonly url: string;
  /** How to authenticate. */
  readonly credentials: Credentials;
  /**
   * The organization a refresh token signs in to on VCF Automation 9 (`POST
   * /tm/oauth/tenant/<organization>/token`); not used by Aria Automation 8.x.
   */
  readonly organization?: string;
  /** Skip TLS certificate verification (test systems only). */
  readonly insecure: boolean;
  /** Extra trusted CA certificates (PEM text), added to the system's roots. */
  readonly caCert?: string;
  /** Timeout of each HTTP request, in seconds (default 30). */
  readonly apiTimeoutSeconds: number;
  /** Renew tokens at least this often, in seconds (optional; 0 or unset: only before expiry). */
  readonly reauthorizeTimeoutSeconds?: number;
  /** Pinned API version of the pipeline (endpoint) operations; checked against `/about`. */
  readonly apiVersion?: string;
  /** API version sent with deployment (resource) operations; none sent when unset. */
  readonly deploymentApiVersion?: string;
  /** Base path of the pipeline service (default `/pipeline/api`). */
  readonly pipelineBasePath: string;
  /** Base path of the deployment service (default `/deployment/api`). */
  readonly deploymentBasePath: string;
  /** Retries of idempotent requests (default 8, `DEFAULT_RETRY_POLICY.maxRetries`; `vra:maxRetries`). */
  readonly maxRetries: number;
  /** Finer retry tuning (backoff base, caps). */
  readonly retry?: Partial<RetryPolicy>;
  /** Assumed lifetime of tokens that are not JWTs, in seconds (default 1500: renew after 25 min). */
  readonly tokenLifetimeSeconds?: number;
  /**
   * The namespace the user names settings in (`vra` for the dynamic resources, `aria` for the
   * plugin; default `vra`): messages that tell them which setting to change use it.
   */
  readonly settingsNamespace?: ConfigNamespace;
}

/** Default per-request timeout, in seconds (as the Terraform provider). */
export const DEFAULT_API_TIMEOUT_SECONDS = 30;
/** Default base path of the pipeline service. */
export const DEFAULT_PIPELINE_BASE_PATH = "/pipeline/api";
/** Base path of the deployment service. */
export const DEFAULT_DEPLOYMENT_BASE_PATH = "/deployment/api";

/** The settings read, with their environment variables. */
export const CONFIG_ENV_NAMES = {
  url: "VRA_URL",
  accessToken: "VRA_ACCESS_TOKEN",
  refreshToken: "VRA_REFRESH_TOKEN",
  username: "VRA_USERNAME",
  password: "VRA_PASSWORD",
  domain: "VRA_DOMAIN",
  organization: "VCFA_ORGANIZATION",
  insecure: "VRA_INSECURE",
  caCert: "VRA_CA_CERT",
  apiTimeout: "VRA_API_TIMEOUT",
  reauthorizeTimeout: "VRA_REAUTHORIZE_TIMEOUT",
  apiVersion: "VRA_API_VERSION",
  deploymentApiVersion: "VRA_DEPLOYMENT_API_VERSION",
  pipelineBasePath: "VRA_PIPELINE_BASE_PATH",
  maxRetries: "VRA_MAX_RETRIES",
} as const;

/** A setting name without the `vra:` prefix. */
export type ConfigKey = keyof typeof CONFIG_ENV_NAMES;

/**
 * The config namespace settings are read from and named by: `vra` for the dynamic resources (a
 * program's own config), `aria` for the provider plugin (the package's name).
 */
export type ConfigNamespace = "vra" | "aria";

const credentialsHelp = (ns: ConfigNamespace) =>
  `no credentials: set ${ns}:refreshToken (VRA_REFRESH_TOKEN), or ${ns}:accessToken (VRA_ACCESS_TOKEN), ` +
  `or ${ns}:username and ${ns}:password (VRA_USERNAME and VRA_PASSWORD, with optional ${ns}:domain / VRA_DOMAIN); ` +
  "set secrets with `pulumi config set --secret`.";

/** Where a setting's value came from: the name to show the user (`vra:apiTimeout`, `VRA_API_TIMEOUT`) and the text. */
export interface SettingSource {
  readonly name: string;
  readonly raw: string;
}

/**
 * The one precedence rule of every setting: the Pulumi config value (`vra:<key>`, or the bare `<key>`)
 * beats the environment variable; a value that is empty or blank counts as unset.
 */
export function settingSource(
  key: string,
  envName: string,
  config: (name: string) => string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  ns: ConfigNamespace = "vra",
): SettingSource | undefined {
  for (const name of [`${ns}:${key}`, key]) {
    const value = config(name);
    if (value !== undefined && value.trim() !== "") return { raw: value, name: `${ns}:${key}` };
  }
  const value = env[envName];
  return value !== undefined && value.trim() !== "" ? { raw: value, name: envName } : undefined;
}

/**
 * Resolves the configuration from Pulumi config values (keys with or without `vra:`) and the
 * environment. Throws one {@link AriaConfigError} listing every missing or invalid setting.
 */
export function resolveClientConfig(
  config: Readonly<Record<string, string | undefined>>,
  env: Readonly<Record<string, string | undefined>> = process.env,
  ns: ConfigNamespace = "vra",
): ClientConfig {
  const keys = Object.keys(CONFIG_ENV_NAMES) as ConfigKey[];
  const sources = new Map<ConfigKey, SettingSource>();
  for (const key of keys) {
    const source = settingSource(key, CONFIG_ENV_NAMES[key], (name) => config[name], env, ns);
    if (source) sources.set(key, source);
  }
  // Each setting parsed on its own, so that one bad value neither hides another nor the valid ones.
  const settings: Record<string, unknown> = {};
  const valueIssues = new Map<ConfigKey, ConfigIssue>();
  for (const [key, source] of sources) {
    const result = ClientSettings.shape[key].safeParse(source.raw);
    if (result.success) settings[key] = result.data;
    else
      valueIssues.set(key, { key: source.name, message: `${source.name} ${result.error.issues[0].message}` });
  }
  const typed = settings as ClientSettings;

  const credentials: Credentials = {
    accessToken: typed.accessToken,
    refreshToken: typed.refreshToken,
    username: typed.username,
    password: typed.password,
    domain: typed.domain,
  };
  const issues: ConfigIssue[] = [
    sources.has("url")
      ? valueIssues.get("url")
      : {
          key: `${ns}:url`,
          message: `no server URL: set ${ns}:url (\`pulumi config set ${ns}:url https://vra.example.com\`) or VRA_URL.`,
        },
    credentialsIssue(credentials, ns),
    ...[...valueIssues].filter(([key]) => key !== "url").map(([, issue]) => issue),
  ].filter((issue): issue is ConfigIssue => issue !== undefined);
  if (issues.length > 0) throw new AriaConfigError(issues);

  const resolved: ClientConfig = {
    settingsNamespace: ns,
    url: typed.url ?? "",
    credentials: withoutUndefined(credentials),
    organization: typed.organization,
    insecure: typed.insecure ?? false,
    caCert: typed.caCert,
    apiTimeoutSeconds: typed.apiTimeout ?? DEFAULT_API_TIMEOUT_SECONDS,
    reauthorizeTimeoutSeconds: typed.reauthorizeTimeout || undefined,
    apiVersion: typed.apiVersion,
    deploymentApiVersion: typed.deploymentApiVersion,
    pipelineBasePath: typed.pipelineBasePath ?? DEFAULT_PIPELINE_BASE_PATH,
    deploymentBasePath: DEFAULT_DEPLOYMENT_BASE_PATH,
    maxRetries: typed.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
  };
  return withoutUndefined(resolved);
}

/** What is missing when no usable form of credentials is set; nothing when one is. */
function credentialsIssue(credentials: Credentials, ns: ConfigNamespace): ConfigIssue | undefined {
  const hasLogin = credentials.username !== undefined && credentials.password !== undefined;
  if (credentials.accessToken || credentials.refreshToken || hasLogin) return undefined;
  if (credentials.username !== undefined) {
    return {
      key: `${ns}:password`,
      message: `${ns}:username is set but no password: set ${ns}:password (VRA_PASSWORD).`,
    };
  }
  if (credentials.password !== undefined) {
    return {
      key: `${ns}:username`,
      message: `${ns}:password is set but no user: set ${ns}:username (VRA_USERNAME).`,
    };
  }
  return { key: "credentials", message: credentialsHelp(ns) };
}
