/** Parsers of configuration values. Each names the setting it read in its error. */
import * as fs from "node:fs";

/** The outcome of parsing one value: the value, or what is wrong with it. */
export type Parsed<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const TRUE_WORDS = ["true", "1", "yes", "on"];
const FALSE_WORDS = ["false", "0", "no", "off"];

/** Parses a boolean (`true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`, any case). */
export function parseBoolean(key: string, raw: string): Parsed<boolean> {
  const text = raw.trim().toLowerCase();
  if (TRUE_WORDS.includes(text)) return { ok: true, value: true };
  if (FALSE_WORDS.includes(text)) return { ok: true, value: false };
  return { ok: false, message: `${key} must be true or false, got "${raw}".` };
}

/** Parses a positive number of seconds (decimals allowed). */
export function parsePositiveSeconds(key: string, raw: string): Parsed<number> {
  const text = raw.trim();
  const value = Number(text);
  if (text === "" || !Number.isFinite(value) || value <= 0) {
    return { ok: false, message: `${key} must be a positive number of seconds, got "${raw}".` };
  }
  return { ok: true, value };
}

/** Parses a non-negative whole number. */
export function parseCount(key: string, raw: string, max = 100): Parsed<number> {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) > max) {
    return { ok: false, message: `${key} must be a whole number from 0 to ${max}, got "${raw}".` };
  }
  return { ok: true, value: Number(text) };
}

const DURATION_UNITS: Readonly<Record<string, number>> = { h: 3600, m: 60, s: 1, ms: 0.001 };

/**
 * Parses a duration in seconds: a plain number (`900`) or a Go-style duration (`15m`, `1h30m`, `90s`),
 * the form the Terraform provider's `VRA_REAUTHORIZE_TIMEOUT` takes. Zero means "disabled".
 */
export function parseDurationSeconds(key: string, raw: string): Parsed<number> {
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return { ok: true, value: Number(text) };
  const pattern = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index !== consumed) break;
    total += Number(match[1]) * DURATION_UNITS[match[2]];
    consumed += match[0].length;
  }
  if (text === "" || consumed !== text.length) {
    return {
      ok: false,
      message: `${key} must be a number of seconds or a duration such as "15m" or "1h30m", got "${raw}".`,
    };
  }
  return { ok: true, value: total };
}

/** Parses an API version in the vendor's `yyyy-MM-dd` form. */
export function parseApiVersion(key: string, raw: string): Parsed<string> {
  const text = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    return {
      ok: false,
      message: `${key} must be an API version in yyyy-MM-dd form (e.g. 2019-10-17), got "${raw}".`,
    };
  }
  return { ok: true, value: text };
}

/** Parses the server URL: http(s), no query or fragment; returned without a trailing slash. */
export function parseServerUrl(key: string, raw: string): Parsed<string> {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      message: `${key} must be an absolute URL such as https://vra.example.com, got "${raw}".`,
    };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, message: `${key} must be an http or https URL, got "${raw}".` };
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    return {
      ok: false,
      message: `${key} must be the server's base URL, without query, fragment or credentials (got "${url.origin}...").`,
    };
  }
  return { ok: true, value: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

/** Parses a base path such as `/codestream/api`; returned with a leading and no trailing slash. */
export function parseBasePath(key: string, raw: string): Parsed<string> {
  const text = raw.trim().replace(/\/+$/, "");
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(text) || text.includes("//")) {
    return {
      ok: false,
      message: `${key} must be a path such as /pipeline/api or /codestream/api, got "${raw}".`,
    };
  }
  return { ok: true, value: text };
}

/**
 * Reads a CA bundle: PEM text as given, or the path of a PEM file. Returns the PEM text; an error
 * names the setting when the file cannot be read or holds no certificate.
 */
export function parseCaCert(
  key: string,
  raw: string,
  readFile: (path: string) => string = readUtf8,
): Parsed<string> {
  const text = raw.trim();
  if (text.includes("-----BEGIN")) {
    return text.includes("-----BEGIN CERTIFICATE-----")
      ? { ok: true, value: text }
      : { ok: false, message: `${key} holds PEM text without a "BEGIN CERTIFICATE" block.` };
  }
  let content: string;
  try {
    content = readFile(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      message: `${key} must be PEM text or the path of a PEM file; cannot read "${text}": ${reason}`,
    };
  }
  if (!content.includes("-----BEGIN CERTIFICATE-----")) {
    return { ok: false, message: `${key} points to "${text}", which holds no PEM certificate.` };
  }
  return { ok: true, value: content };
}

function readUtf8(path: string): string {
  return fs.readFileSync(path, "utf8");
}
