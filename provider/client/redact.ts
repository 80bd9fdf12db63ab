/**
 * Redaction of credentials from anything a user may see. Pulumi prints `error.message` verbatim, and
 * servers echo requests back in their errors, so every message is scrubbed twice: known secret values
 * (the configured and obtained tokens, the password, secret endpoint properties of the request) and
 * anything shaped like a credential (bearer headers, JWTs, `"password": "..."` pairs). Which keys hold
 * secrets is the secrets policy's wider net for text users see (../core/secrets.ts).
 */

import { isCredentialKey } from "../core/secrets";

/** What a redacted value is replaced with. */
export const REDACTED = "[REDACTED]";

/** Secrets shorter than this are not replaced verbatim: doing so would shred ordinary words. */
export const MIN_SECRET_LENGTH = 4;

/**
 * Collects the string values under secret-looking keys anywhere in a JSON-like value, so that a
 * server echoing a request body (e.g. an endpoint's password) cannot leak it through an error.
 */
export function secretValuesIn(value: unknown, depth = 0): string[] {
  if (depth > 8 || value === null || typeof value !== "object") return [];
  const found: string[] = [];
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (typeof inner === "string" && isCredentialKey(key)) found.push(inner);
    else if (typeof inner === "object") found.push(...secretValuesIn(inner, depth + 1));
  }
  return found;
}

/** Scrubs credential-shaped text: bearer/basic headers, JWTs and `key: value` pairs of secret keys. */
export function redactPatterns(text: string): string {
  // Regexes are built per call: a shared /g regex keeps `lastIndex` state between calls.
  return text
    .replace(/\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]+/gi, `$1$2${REDACTED}`)
    .replace(/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.?[A-Za-z0-9_-]*/g, REDACTED)
    .replace(
      /(["']?\b(?:authorization|access_?token|refresh_?token|id_?token|token|password|passwd|pass_?phrase|secret|client_?secret|api_?key|private_?key)["']?\s*[:=]\s*)(?!(?:Bearer|Basic)\s)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s,&;}"']+)/gi,
      (_match, prefix: string, value: string) => {
        const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : "";
        return `${prefix}${quote}${REDACTED}${quote}`;
      },
    );
}

/** The forms a secret can take once echoed: verbatim, URL-encoded, or escaped inside JSON. */
function variantsOf(secret: string): string[] {
  const variants = new Set<string>([secret]);
  try {
    variants.add(encodeURIComponent(secret));
  } catch {
    // A lone surrogate cannot be URL-encoded, so it cannot appear URL-encoded either.
  }
  variants.add(JSON.stringify(secret).slice(1, -1));
  return [...variants].filter((variant) => variant.length >= MIN_SECRET_LENGTH);
}

/** Replaces every occurrence of the given secrets, until none is left (replacement can splice one). */
export function redactValues(text: string, secrets: Iterable<string>): string {
  const variants = [...new Set([...secrets].flatMap(variantsOf))].sort((a, b) => b.length - a.length);
  if (variants.length === 0) return text;
  let result = text;
  for (let round = 0; round < 16; round++) {
    let changed = false;
    for (const variant of variants) {
      if (result.includes(variant)) {
        result = result.split(variant).join(REDACTED);
        changed = true;
      }
    }
    if (!changed) return result;
  }
  // A pathological secret that keeps reappearing through the marker itself: show nothing of the text.
  if (!variants.some((variant) => result.includes(variant))) return result;
  return variants.some((variant) => REDACTED.includes(variant)) ? "*" : REDACTED;
}

/**
 * Holds the secrets one client knows about. Lives on the client instance (never at module scope),
 * and learns tokens as they are obtained.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  /** Registers secret values (undefined and too-short values are ignored). */
  add(...values: ReadonlyArray<string | undefined>): void {
    for (const value of values) {
      if (value !== undefined && value.length >= MIN_SECRET_LENGTH) this.secrets.add(value);
    }
  }

  /** Scrubs a text of every known secret, the extra ones given, and credential-shaped strings. */
  redact(text: string, extra: readonly string[] = []): string {
    const known = [...this.secrets, ...extra.filter((value) => value.length >= MIN_SECRET_LENGTH)];
    return redactValues(redactPatterns(redactValues(text, known)), known);
  }
}
