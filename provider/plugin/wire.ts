import { isSecret, isSecretEnvelope, Secret, SECRET_SIG, SIG_KEY, type PropertyMap } from "../core/values";

/*
 * The plugin door's values: what the engine sends a provider that accepts secrets, turned into the
 * provider core's values (../core/values.ts) and back. A secret travels as an envelope
 * `{"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", "value": ...}`; an unknown
 * as the engine's sentinel string, which is the core's own mark. A protobuf Struct has no
 * `undefined`: such keys are dropped on the way out (the SDK's Struct conversion throws on them).
 */

/** A wire value as a core value: secret envelopes become {@link Secret} marks, at any depth. */
export function fromWire(value: unknown): unknown {
  if (isSecretEnvelope(value)) return new Secret(fromWire(value.value));
  if (Array.isArray(value)) return value.map(fromWire);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fromWire(item);
    return out;
  }
  return value;
}

/** A property map from the wire. */
export function mapFromWire(map: Record<string, unknown> | undefined): PropertyMap {
  return fromWire(map ?? {}) as PropertyMap;
}

/** A core value on the wire: {@link Secret} marks become envelopes, `undefined` keys are dropped. */
export function toWire(value: unknown): unknown {
  if (isSecret(value)) return { [SIG_KEY]: SECRET_SIG, value: toWire(value.value) ?? null };
  if (Array.isArray(value)) return value.map((item) => toWire(item) ?? null);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const wired = toWire(item);
      if (wired !== undefined) out[key] = wired;
    }
    return out;
  }
  return value;
}

/** A property map for the wire. */
export function mapToWire(map: PropertyMap | undefined): Record<string, unknown> {
  return (toWire(map ?? {}) as Record<string, unknown>) ?? {};
}
