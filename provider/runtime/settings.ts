/**
 * Every configuration key the package reads, in the `vra` namespace of Pulumi config
 * (`pulumi config set vra:url ...`) with the matching environment variable. Config beats the
 * environment. Keys marked secret must be set with `--secret`.
 */
export const SETTINGS = {
  url: { env: "VRA_URL", secret: false },
  accessToken: { env: "VRA_ACCESS_TOKEN", secret: true },
  refreshToken: { env: "VRA_REFRESH_TOKEN", secret: true },
  username: { env: "VRA_USERNAME", secret: false },
  password: { env: "VRA_PASSWORD", secret: true },
  domain: { env: "VRA_DOMAIN", secret: false },
  insecure: { env: "VRA_INSECURE", secret: false },
  caCert: { env: "VRA_CA_CERT", secret: false },
  apiTimeout: { env: "VRA_API_TIMEOUT", secret: false },
  reauthorizeTimeout: { env: "VRA_REAUTHORIZE_TIMEOUT", secret: false },
  maxRetries: { env: "VRA_MAX_RETRIES", secret: false },
  apiVersion: { env: "VRA_API_VERSION", secret: false },
  deploymentApiVersion: { env: "VRA_DEPLOYMENT_API_VERSION", secret: false },
  pipelineBasePath: { env: "VRA_PIPELINE_BASE_PATH", secret: false },
  validateEndpoints: { env: "VRA_VALIDATE_ENDPOINTS", secret: false },
} as const;

/** A configuration key of the `vra` namespace, without the prefix. */
export type SettingKey = keyof typeof SETTINGS;

/** Reads one `vra:` key from some configuration source; undefined when not set. */
export type ConfigLookup = (key: SettingKey) => string | undefined;

/**
 * Collects every known `vra:*` key from a lookup into a plain record keyed `vra:<key>`, the form
 * the client's config resolution takes. Unset keys are left out, so the environment can fill them.
 */
export function collectSettings(lookup: ConfigLookup): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    const value = lookup(key);
    if (value !== undefined && value !== "") out[`vra:${key}`] = value;
  }
  return out;
}
