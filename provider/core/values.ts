/*
 * The values the provider core works on, whichever door serves it (the dynamic provider in a Node.js
 * program, or the `aria` provider plugin). Plain JSON, plus two marks the doors translate:
 *
 * - {@link Secret}: a value the engine must store encrypted and never show. The plugin door turns the
 *   engine's secret envelopes into it and back; the dynamic door receives secrets already unwrapped
 *   (the SDK's dynamic shim drops the mark) and leaves output secrecy to `additionalSecretOutputs`, so
 *   it unwraps the marks the core puts on outputs.
 * - {@link UNKNOWN}: a value not known until the deployment runs (an output of a resource still to be
 *   created, in a preview). Both doors receive it as the engine's sentinel string; the core names it
 *   explicitly so that no step sends it anywhere or fails on it.
 *
 * Free of imports: the core never depends on how it is served (test/unit/runtime/pulumi-internals
 * holds {@link UNKNOWN} to the SDK's own sentinel).
 */

/** The engine's sentinel for a value unknown during a preview (`pulumi.runtime.unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * The engine's secret envelope, as the plugin protocol carries a secret and as a stack's export
 * stores one: `{[SIG_KEY]: SECRET_SIG, value}` (`ciphertext` instead of `value` in an export).
 */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret envelope (see {@link SIG_KEY}). */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/**
 * True for the engine's secret envelope (see {@link SIG_KEY}): how a secret travels on the provider
 * protocol, and how `pulumi preview --json` and a stack's export show one.
 */
export function isSecretEnvelope(value: unknown): value is { value?: unknown; ciphertext?: unknown } {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/** The type of {@link UNKNOWN}. */
export type Unknown = typeof UNKNOWN;

/** A value that must be stored encrypted and never shown. */
export class Secret<T = unknown> {
  /** Marks `value` secret. */
  constructor(readonly value: T) {}

  /** Never the value: a secret printed by mistake shows this. */
  toString(): string {
    return "[secret]";
  }

  /** Never the value: a secret serialised by mistake shows this. */
  toJSON(): string {
    return "[secret]";
  }
}

/** A property value of the core: JSON, possibly marked secret or unknown, at any depth. */
export type Value = unknown;

/** A resource's inputs or outputs, by property name. */
export type PropertyMap = Record<string, Value>;

/** Marks a value secret (once: a secret stays a single mark). */
export function secret<T>(value: T | Secret<T>): Secret<T> {
  return value instanceof Secret ? value : new Secret(value);
}

/** True for a value marked secret. */
export function isSecret(value: unknown): value is Secret {
  return value instanceof Secret;
}

/** True when the value is the engine's "unknown during preview" sentinel. */
export function isUnknown(value: unknown): value is Unknown {
  return value === UNKNOWN;
}

/** True when the value, or anything nested in it, is unknown. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (value instanceof Secret) return containsUnknown(value.value);
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** True when the value, or anything nested in it, is marked secret. */
export function containsSecret(value: unknown): boolean {
  if (value instanceof Secret) return true;
  if (Array.isArray(value)) return value.some(containsSecret);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsSecret);
  return false;
}

/** The value with every secret mark removed, at any depth (what is sent to the server). */
export function reveal<T = unknown>(value: unknown): T {
  if (value instanceof Secret) return reveal(value.value);
  if (Array.isArray(value)) return value.map((item) => reveal(item)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = reveal(item);
    return out as T;
  }
  return value as T;
}

/** Every property of a map revealed (see {@link reveal}). */
export function revealAll(map: PropertyMap | undefined): Record<string, unknown> {
  return reveal<Record<string, unknown>>(map ?? {});
}

/**
 * The keys of an object whose values are, or hold, a secret mark: how the core learns which entries
 * of a property bag the user chose to make secret.
 */
export function secretKeys(bag: unknown): string[] {
  if (bag instanceof Secret) return secretKeys(bag.value);
  if (bag === null || typeof bag !== "object" || Array.isArray(bag)) return [];
  return Object.entries(bag)
    .filter(([, value]) => containsSecret(value))
    .map(([key]) => key);
}
