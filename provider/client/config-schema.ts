/**
 * The client's settings, each declared once in {@link CLIENT_SETTINGS} (./setting.ts), and the parsers
 * they use: each value arrives as the text the user wrote (Pulumi config or an environment variable)
 * and leaves typed. Messages say what is accepted and echo the
 * value given; the caller puts the setting's name in front (`vra:insecure must be true or false ...`),
 * because only it knows where the value came from. Secret settings are never parsed here, so no
 * message can echo one. A setting whose text stands for a boolean or a number says so in its
 * metadata (`pulumiType`): the provider plugin's schema gives it that type, so that SDKs and YAML
 * programs pass `true` or `30`; config text and environment variables keep every form listed here.
 */
import * as fs from "node:fs";
import { z } from "zod";
import { DEFAULT_RETRY_POLICY, DEFAULT_THROTTLED_MS } from "./retry-policy";
import { MAX_CONNECTIONS } from "./transport";
import {
  defineSetting,
  settingName,
  settingsSchema,
  type ConfigNamespace,
  type SettingFields,
  type SettingValues,
} from "./setting";

const TRUE_WORDS = ["true", "1", "yes", "on"];
const FALSE_WORDS = ["false", "0", "no", "off"];

/** `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`, any case, surrounding blanks ignored. */
export const BooleanSetting = z
  .string()
  .trim()
  .pipe(
    z.stringbool({
      truthy: TRUE_WORDS,
      falsy: FALSE_WORDS,
      case: "insensitive",
      error: (issue) => `must be true or false, got "${String(issue.input)}".`,
    }),
  )
  .meta({ pulumiType: "boolean" });

/** A positive number of seconds (decimals allowed). */
export const PositiveSecondsSetting = z
  .string()
  .trim()
  .refine((text) => text !== "" && Number.isFinite(Number(text)) && Number(text) > 0, {
    error: (issue) => `must be a positive number of seconds, got "${String(issue.input)}".`,
  })
  .transform(Number)
  .meta({ pulumiType: "number" });

/** A whole number from 0 to `max`. */
export function countSetting(max: number) {
  return z
    .string()
    .trim()
    .refine((text) => /^\d+$/.test(text) && Number(text) <= max, {
      error: (issue) => `must be a whole number from 0 to ${max}, got "${String(issue.input)}".`,
    })
    .transform(Number)
    .meta({ pulumiType: "integer" });
}

/** A whole number from `min` to `max`. */
export function wholeNumberSetting(min: number, max: number) {
  return z
    .string()
    .trim()
    .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
      error: (issue) => `must be a whole number from ${min} to ${max}, got "${String(issue.input)}".`,
    })
    .transform(Number)
    .meta({ pulumiType: "integer" });
}

/** A positive number of requests per second (decimals allowed). */
export const PositiveRateSetting = z
  .string()
  .trim()
  .refine((text) => text !== "" && Number.isFinite(Number(text)) && Number(text) > 0, {
    error: (issue) => `must be a positive number of requests per second, got "${String(issue.input)}".`,
  })
  .transform(Number)
  .meta({ pulumiType: "number" });

const DURATION_UNITS: Readonly<Record<string, number>> = { h: 3600, m: 60, s: 1, ms: 0.001 };
const DURATION_MESSAGE = (input: string) =>
  `must be a number of seconds or a duration such as "15m" or "1h30m", got "${input}".`;

/**
 * A duration in seconds: a plain number (`900`) or a Go-style duration (`15m`, `1h30m`, `90s`), the form
 * the Terraform provider's `VRA_REAUTHORIZE_TIMEOUT` takes. Zero means "disabled".
 */
export const DurationSetting = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d+)?|(\d+(\.\d+)?(ms|h|m|s))+)$/, {
    error: (issue) => DURATION_MESSAGE(String(issue.input)),
  })
  .transform((text) => {
    if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
    let total = 0;
    for (const match of text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g))
      total += Number(match[1]) * DURATION_UNITS[match[2]];
    return total;
  });

/** An API version in the vendor's `yyyy-MM-dd` form. */
export const ApiVersionSetting = z
  .string()
  .trim()
  .pipe(
    z.iso.date({
      error: (issue) =>
        `must be an API version in yyyy-MM-dd form (e.g. 2019-10-17), got "${String(issue.input)}".`,
    }),
  );

/** The server's base URL: http(s), no query, fragment or credentials; returned without a trailing slash. */
export const ServerUrlSetting = z
  .string()
  .trim()
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: (issue) =>
        URL.canParse(String(issue.input))
          ? `must be an http or https URL, got "${String(issue.input)}".`
          : `must be an absolute URL such as https://vra.example.com, got "${String(issue.input)}".`,
    }),
  )
  .transform((text) => new URL(text))
  .refine((url) => url.search === "" && url.hash === "" && url.username === "" && url.password === "", {
    error: (issue) =>
      `must be the server's base URL, without query, fragment or credentials (got "${(issue.input as URL).origin}...").`,
  })
  .transform((url) => `${url.origin}${url.pathname.replace(/\/+$/, "")}`);

/** A base path such as `/codestream/api`; returned with a leading and no trailing slash. */
export const BasePathSetting = z
  .string()
  .transform((raw) => raw.trim().replace(/\/+$/, ""))
  .refine((text) => /^\/[A-Za-z0-9._~\-/]*$/.test(text) && !text.includes("//"), {
    error: (issue) =>
      `must be a path such as /pipeline/api or /codestream/api, got "${String(issue.input)}".`,
  });

/**
 * A CA bundle: PEM text as given, or the path of a PEM file, read here. Leaves as the PEM text.
 * `readFile` is replaceable for tests.
 */
export function caCertSetting(readFile: (path: string) => string = (file) => fs.readFileSync(file, "utf8")) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text.includes("-----BEGIN")) {
        if (text.includes("-----BEGIN CERTIFICATE-----")) return text;
        ctx.addIssue({ code: "custom", message: `holds PEM text without a "BEGIN CERTIFICATE" block.` });
        return z.NEVER;
      }
      let content: string;
      try {
        content = readFile(text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.addIssue({
          code: "custom",
          message: `must be PEM text or the path of a PEM file; cannot read "${text}": ${reason}`,
        });
        return z.NEVER;
      }
      if (content.includes("-----BEGIN CERTIFICATE-----")) return content;
      ctx.addIssue({ code: "custom", message: `points to "${text}", which holds no PEM certificate.` });
      return z.NEVER;
    });
}

/** A setting taken as given, except for surrounding blanks (user names, tokens, domains). */
const trimmed = z.string().trim();

/**
 * A VCF Automation organization's name. The provider organization `system` is refused, as the vendor's
 * own Terraform provider refuses it: deployments live in tenant (VM Apps) organizations.
 */
export const OrganizationSetting = z
  .string()
  .trim()
  .refine((text) => text.toLowerCase() !== "system", {
    error:
      "is `system`, the provider organization, which cannot be signed in to here: set the tenant (VM Apps) organization that holds the deployments.",
  })
  .refine((text) => !/[/?#\s\\]/.test(text), {
    error: (issue) =>
      `must be an organization's name (no slash, space, ? or #), got "${String(issue.input)}".`,
  });

/** Default per-request timeout, in seconds (as the Terraform provider). */
export const DEFAULT_API_TIMEOUT_SECONDS = 30;
/** Default base path of the pipeline service. */
export const DEFAULT_PIPELINE_BASE_PATH = "/pipeline/api";

/**
 * Every client setting, declared once (../client/setting.ts): its environment variable, what it
 * accepts, its default and its description. Which combinations are required is the caller's rule (a
 * URL, and one usable form of credentials: ./config.ts). Adding a setting is adding an entry here
 * (or, for one of the provider's own, in ../runtime/settings.ts).
 */
export const CLIENT_SETTINGS = {
  url: defineSetting({
    env: "VRA_URL",
    parse: ServerUrlSetting,
    description:
      "Base URL of the Aria Automation server, such as `https://vra.example.com` (http or https, without query, fragment or credentials).",
  }),
  accessToken: defineSetting({
    env: "VRA_ACCESS_TOKEN",
    parse: trimmed,
    secret: true,
    description:
      "A bearer token used as given; it cannot be renewed, so long runs may outlive it. One form of credentials is needed: `refreshToken`, `accessToken`, or `username` and `password`.",
  }),
  refreshToken: defineSetting({
    env: "VRA_REFRESH_TOKEN",
    parse: trimmed,
    secret: true,
    description:
      "A refresh token (API token), exchanged for access tokens, renewed as they expire: at `POST /iaas/api/login` on Aria Automation 8.x, at the `organization`'s token endpoint on VCF Automation 9.",
  }),
  username: defineSetting({
    env: "VRA_USERNAME",
    parse: trimmed,
    description: "User name, exchanged with `password` for a refresh token.",
  }),
  password: defineSetting({
    env: "VRA_PASSWORD",
    parse: z.string(),
    secret: true,
    description: "Password of `username`.",
  }),
  domain: defineSetting({
    env: "VRA_DOMAIN",
    parse: trimmed,
    description: "Identity domain of `username` (optional).",
  }),
  organization: defineSetting({
    env: "VCFA_ORGANIZATION",
    parse: OrganizationSetting,
    description:
      "VCF Automation 9 only: the organization (a VM Apps organization, not the provider's `system`) whose token endpoint exchanges `refreshToken`. Required there with a refresh token; Aria Automation 8.x does not use it.",
  }),
  insecure: defineSetting({
    env: "VRA_INSECURE",
    parse: BooleanSetting,
    default: false,
    description:
      "Skip TLS certificate verification (test systems only): `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`). Default: false.",
  }),
  caCert: defineSetting({
    env: "VRA_CA_CERT",
    parse: caCertSetting(),
    description:
      "Extra trusted CA certificates, added to the system's roots: PEM text, or the path of a PEM file.",
  }),
  apiTimeout: defineSetting({
    env: "VRA_API_TIMEOUT",
    parse: PositiveSecondsSetting,
    default: DEFAULT_API_TIMEOUT_SECONDS,
    description: "Timeout of each HTTP request, in seconds (a positive number). Default: 30.",
  }),
  reauthorizeTimeout: defineSetting({
    env: "VRA_REAUTHORIZE_TIMEOUT",
    parse: DurationSetting,
    description:
      "Renew tokens at least this often: seconds (`900`) or a duration such as `15m` or `1h30m`. Default (or 0): only before they expire.",
  }),
  apiVersion: defineSetting({
    env: "VRA_API_VERSION",
    parse: ApiVersionSetting,
    description:
      "API version of the pipeline (endpoint) operations, in `yyyy-MM-dd` form; checked against the server's `/about`. Default: none pinned.",
  }),
  deploymentApiVersion: defineSetting({
    env: "VRA_DEPLOYMENT_API_VERSION",
    parse: ApiVersionSetting,
    description:
      "API version sent with deployment (resource) operations, in `yyyy-MM-dd` form. Default: none sent.",
  }),
  pipelineBasePath: defineSetting({
    env: "VRA_PIPELINE_BASE_PATH",
    parse: BasePathSetting,
    default: DEFAULT_PIPELINE_BASE_PATH,
    description:
      "Base path of the pipeline service, such as `/pipeline/api` (the default) or `/codestream/api`.",
  }),
  maxRetries: defineSetting({
    env: "VRA_MAX_RETRIES",
    parse: countSetting(20),
    default: DEFAULT_RETRY_POLICY.maxRetries,
    description:
      "Retries of idempotent requests that failed with a transient error: a whole number from 0 to 20. Throttles (429, or 503 with `Retry-After`) do not count: `throttleTimeout` bounds them. Default: 8.",
  }),
  maxRequestRate: defineSetting({
    env: "VRA_MAX_REQUEST_RATE",
    parse: PositiveRateSetting,
    description:
      "Requests per second this provider process sends at most (a positive number), below what the server's throttling answers already teach it: a share of the server's limit when many stacks run at once. Default: no cap.",
  }),
  maxConcurrency: defineSetting({
    env: "VRA_MAX_CONCURRENCY",
    parse: wholeNumberSetting(1, 64),
    default: MAX_CONNECTIONS,
    description:
      "Requests this provider process has in flight at most: a whole number from 1 to 64. The server's throttling answers and slowing round trips lower it by themselves. Default: 16.",
  }),
  throttleTimeout: defineSetting({
    env: "VRA_THROTTLE_TIMEOUT",
    parse: PositiveSecondsSetting,
    default: DEFAULT_THROTTLED_MS / 1000,
    description:
      "How long one request goes on being retried while the server throttles it (429, or 503 with `Retry-After`), in seconds: the server is busy, not failing, so the client slows down and keeps going. Default: 900.",
  }),
};

/** A client setting's key (`url`, `apiTimeout`), without a namespace. */
export type ClientSettingKey = keyof typeof CLIENT_SETTINGS;

/** The client's settings as one zod object, each optional and described: from {@link CLIENT_SETTINGS}. */
export const ClientSettings = settingsSchema(CLIENT_SETTINGS);

/** The client's settings as read: each typed, its default when unset. */
export type ClientSettings = SettingValues<typeof CLIENT_SETTINGS>;

/** The client's settings as fields of a configuration: those without a default optional. */
export type ClientSettingFields = SettingFields<typeof CLIENT_SETTINGS>;

/**
 * A client setting as a message names it: its name in the door's namespace and its environment
 * variable (`aria:url (VRA_URL)`), through {@link settingName}.
 */
export function settingWithEnv(ns: ConfigNamespace, key: ClientSettingKey): string {
  return `${settingName(ns, key)} (${CLIENT_SETTINGS[key].env})`;
}
