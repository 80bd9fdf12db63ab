/**
 * The client's settings as one zod schema: each value arrives as the text the user wrote (Pulumi
 * config or an environment variable) and leaves typed. Messages say what is accepted and echo the
 * value given; the caller puts the setting's name in front (`vra:insecure must be true or false ...`),
 * because only it knows where the value came from. Secret settings are never parsed here, so no
 * message can echo one. A setting whose text stands for a boolean or a number says so in its
 * metadata (`pulumiType`): the provider plugin's schema gives it that type, so that SDKs and YAML
 * programs pass `true` or `30`; config text and environment variables keep every form listed here.
 */
import * as fs from "node:fs";
import { z } from "zod";

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

/**
 * Every client setting, by key. Each is optional here (unset: the default applies); which
 * combinations are required is the caller's rule (a URL, and one usable form of credentials).
 */
export const ClientSettings = z.object({
  url: ServerUrlSetting.optional().describe(
    "Base URL of the Aria Automation server, such as `https://vra.example.com` (http or https, without query, fragment or credentials).",
  ),
  accessToken: trimmed.optional().meta({
    description:
      "A bearer token used as given; it cannot be renewed, so long runs may outlive it. One form of credentials is needed: `refreshToken`, `accessToken`, or `username` and `password`.",
    secret: true,
  }),
  refreshToken: trimmed.optional().meta({
    description:
      "A refresh token (API token), exchanged for access tokens, renewed as they expire: at `POST /iaas/api/login` on Aria Automation 8.x, at the `organization`'s token endpoint on VCF Automation 9.",
    secret: true,
  }),
  username: trimmed.optional().describe("User name, exchanged with `password` for a refresh token."),
  password: z.string().optional().meta({ description: "Password of `username`.", secret: true }),
  domain: trimmed.optional().describe("Identity domain of `username` (optional)."),
  organization: OrganizationSetting.optional().describe(
    "VCF Automation 9 only: the organization (a VM Apps organization, not the provider's `system`) whose token endpoint exchanges `refreshToken`. Required there with a refresh token; Aria Automation 8.x does not use it.",
  ),
  insecure: BooleanSetting.optional().describe(
    "Skip TLS certificate verification (test systems only): `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`). Default: false.",
  ),
  caCert: caCertSetting()
    .optional()
    .describe(
      "Extra trusted CA certificates, added to the system's roots: PEM text, or the path of a PEM file.",
    ),
  apiTimeout: PositiveSecondsSetting.optional().describe(
    "Timeout of each HTTP request, in seconds (a positive number). Default: 30.",
  ),
  reauthorizeTimeout: DurationSetting.optional().describe(
    "Renew tokens at least this often: seconds (`900`) or a duration such as `15m` or `1h30m`. Default (or 0): only before they expire.",
  ),
  apiVersion: ApiVersionSetting.optional().describe(
    "API version of the pipeline (endpoint) operations, in `yyyy-MM-dd` form; checked against the server's `/about`. Default: none pinned.",
  ),
  deploymentApiVersion: ApiVersionSetting.optional().describe(
    "API version sent with deployment (resource) operations, in `yyyy-MM-dd` form. Default: none sent.",
  ),
  pipelineBasePath: BasePathSetting.optional().describe(
    "Base path of the pipeline service, such as `/pipeline/api` (the default) or `/codestream/api`.",
  ),
  maxRetries: countSetting(20)
    .optional()
    .describe(
      "Retries of idempotent requests that failed with a transient error: a whole number from 0 to 20. Default: 8.",
    ),
});

/** The settings as parsed. */
export type ClientSettings = z.output<typeof ClientSettings>;
