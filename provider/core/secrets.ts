/*
 * The secrets policy: which endpoint properties hold secrets, and which values hold nothing secret
 * whatever the property. Every place that decides it draws the line here: `check`'s routing of
 * secrets out of the plain `properties` (../endpoint/secret-routing.ts), the read projection and the
 * lookups (../endpoint), `aria-export` (../export), the policy pack (../policy), the typed endpoint
 * resources (../endpoint/typed) and the redaction of messages (../client/redact.ts). The emulator
 * decides its own masking from its own tiles (emulator/pipeline/secrets.ts), so that a fault of this
 * policy is not mirrored by the stand-in meant to catch it.
 *
 * A property is secret
 * - by its type's tile: the tile flags it `secret: true`, or its tile type says so (`Password`,
 *   `Secret`); the flag is not part of the published tile shape, so the type and the name count too;
 * - by a known name: one the product uses for secrets (`password`, `outboundPassword`, `token`,
 *   `privateToken`, `privateKey`, `passPhrase`, `certKeyData`, ...), matched at the end of the name;
 * - by the user's choice: declared in `secretProperties` (or a typed resource's secret input).
 * A reference to a pipeline secret variable (`${var.NAME}`) and an empty string hold no secret, in any
 * property: they are never moved, masked or marked.
 *
 * Text a user may see (error messages, lookup results) casts a wider net: a key that merely looks
 * like a credential (`credential`, `apiKeyId`, `pass`, ...) counts there, since hiding a value that
 * was not secret costs nothing and showing one that was costs everything.
 *
 * Kept free of imports: the policy pack loads it in its own process.
 */

/** Property names the product uses for secrets, matched at the end of a name. */
const SECRET_NAME = /(password|passphrase|token|privatekey|certkeydata|secret|secretkey|apikey)$/i;

/** Keys that look like credentials anywhere in the name: the wider net of text shown to users. */
const CREDENTIAL_KEY = /pass(word|phrase)?|secret|token|private_?key|key_?data|api_?key|credential/i;

/** A tile type that holds a secret. */
const SECRET_TILE_TYPE = /password|secret/i;

/** The placeholder servers show instead of a stored secret. */
export const SECRET_MASK = "*****";

/** What a tile says of one property (the fields the policy reads). */
export interface TileProperty {
  /** The tile's type of the property (`String`, `Password`, ...). */
  readonly type?: string | null;
  /** The tile's `secret: true` flag (an extension of the published shape). */
  readonly secret?: boolean | null;
}

/**
 * True for a property name the product uses for secrets: `password`, `outboundPassword`, `token`,
 * `privateToken`, `privateKey`, `passPhrase`, `certKeyData`, ...
 */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** True for a key that looks like a credential (the wider net of redaction and lookups). */
export function isCredentialKey(key: string): boolean {
  return CREDENTIAL_KEY.test(key);
}

/** True when the type's tile makes the property a secret: flagged, or typed as one. */
export function isSecretByTile(property: TileProperty | undefined): boolean {
  return property !== undefined && (property.secret === true || SECRET_TILE_TYPE.test(property.type ?? ""));
}

/** True for a reference to a pipeline variable (`${var.NAME}`), which is not itself a secret. */
export function isVariableReference(value: unknown): boolean {
  return typeof value === "string" && /^\$\{var\.[^}]+\}$/.test(value.trim());
}

/** True for a value that holds nothing secret wherever it is written: an empty string, a `${var.NAME}`. */
export function isNonSecretValue(value: unknown): boolean {
  return value === "" || isVariableReference(value);
}

/** True for the placeholder a server shows instead of a stored secret (`*****`, three stars or more). */
export function isMasked(value: unknown): boolean {
  return typeof value === "string" && /^\*{3,}$/.test(value);
}

/** What is known of one property when deciding whether it is a secret. */
export interface PropertyFacts {
  /** The property's name. */
  readonly name: string;
  /** What the type's tile says of it, when the tile is known. */
  readonly tile?: TileProperty;
  /** Whether the user declared it secret (in `secretProperties`, or a typed resource's secret input). */
  readonly declaredSecret?: boolean;
}

/** True for a property that is secret: by its tile, by a known name, or by the user's choice. */
export function isSecretProperty(facts: PropertyFacts): boolean {
  return facts.declaredSecret === true || isSecretByTile(facts.tile) || isSecretName(facts.name);
}

/** True for a value of a secret property that holds a secret: not empty, not a `${var.NAME}`. */
export function holdsSecret(facts: PropertyFacts, value: unknown): boolean {
  return isSecretProperty(facts) && !isNonSecretValue(value);
}

/** The properties of a tile that hold secrets: flagged, typed or named as such. */
export function tileSecretNames(inputProperties: Readonly<Record<string, TileProperty>>): Set<string> {
  const names = new Set<string>();
  for (const [name, tile] of Object.entries(inputProperties)) {
    if (isSecretProperty({ name, tile })) names.add(name);
  }
  return names;
}

/**
 * True when a value is shown in clear under a key that looks like a credential: text, not empty, not
 * masked, not a `${var.NAME}` (what makes a lookup's result secret).
 */
export function showsCredential(key: string, value: unknown): boolean {
  return isCredentialKey(key) && typeof value === "string" && !isNonSecretValue(value) && !isMasked(value);
}
