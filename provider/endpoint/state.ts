import type { ApiEndpoint } from "./api";
import { isMasked, SECRET_MASK } from "../core/secrets";
import { deepEqual, withoutUndefined } from "../core/json";
import { EndpointState, INPUT_KEYS, type JsonValue } from "./schema";

/*
 * The read projection: what the server returns, mapped onto the resource's outputs and inputs so
 * that an unchanged endpoint reads back exactly as it was declared.
 *
 * - Only the property keys the program declared are kept: the server may add its own defaults,
 *   and showing them would be a change nobody made.
 * - The server masks secrets ("*****") or leaves them out. Secret properties are always carried
 *   forward from the declared (or previously stored) values; a plain property the server masks is
 *   carried forward too. Consequence, documented: a secret changed on the server is not detected.
 * - A value the server stores in another JSON type (the number 10 read back as "10") keeps its
 *   declared form.
 * - The secrets the server holds that are not declared (an imported or adopted endpoint whose program
 *   leaves them out) are named, never valued, in `metadata.heldSecrets`: an update sends them as the
 *   mask, which the server answers by keeping what it holds (see {@link withHeldSecrets}).
 */

/** What the projection needs to know about the declared endpoint. */
export interface Declared {
  readonly properties?: Record<string, unknown>;
  readonly secretProperties?: Record<string, unknown>;
  readonly validate?: boolean;
  readonly adopt?: boolean;
}

/** The resource's outputs for an endpoint the server returned. */
export function toState(endpoint: ApiEndpoint, declared: Declared): EndpointState {
  const server = asRecord((endpoint as { properties?: unknown }).properties);
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(declared.properties ?? {})) {
    if (!(key in server)) continue;
    const current = server[key];
    properties[key] = isMasked(current) || sameScalar(current, value) ? value : current;
  }
  const fields = endpoint as Record<string, unknown>;
  const declaredKeys = new Set([
    ...Object.keys(declared.properties ?? {}),
    ...Object.keys(declared.secretProperties ?? {}),
  ]);
  const held = Object.keys(server).filter((key) => isMasked(server[key]) && !declaredKeys.has(key));
  return withoutUndefined({
    name: str(fields.name),
    type: str(fields.type),
    project: str(fields.project),
    description: str(fields.description) ?? "",
    isRestricted: fields.isRestricted === true,
    cloudProxyId: str(fields.cloudProxyId) || undefined,
    properties,
    secretProperties: { ...(declared.secretProperties ?? {}) },
    validate: declared.validate,
    adopt: declared.adopt,
    metadata: withoutUndefined({
      projectId: str(fields._projectId),
      createdAt: str(fields.createdAt),
      updatedAt: str(fields.updatedAt),
      createdBy: str(fields.createdBy),
      updatedBy: str(fields.updatedBy),
      link: str(fields._link),
      isRestricted: fields.isRestricted === true,
      cloudProxyId: str(fields.cloudProxyId) || undefined,
      heldSecrets: held.length > 0 ? held.sort() : undefined,
    }),
  });
}

/** The names in a state's `metadata.heldSecrets`. */
export function heldSecretsOf(state: EndpointState): string[] {
  const held = (state.metadata as { heldSecrets?: unknown } | undefined)?.heldSecrets;
  return Array.isArray(held) ? held.filter((key): key is string => typeof key === "string") : [];
}

/**
 * The properties to send, with each secret the server holds and the program does not declare
 * (`held`) sent as the mask: a PUT replaces every property, and the mask tells the server to keep
 * the value it has.
 */
export function withHeldSecrets(
  properties: Record<string, JsonValue>,
  held: readonly string[],
): Record<string, JsonValue> {
  const kept = held.filter((key) => !(key in properties));
  return kept.length === 0
    ? properties
    : { ...properties, ...Object.fromEntries(kept.map((key) => [key, SECRET_MASK])) };
}

/** The resource's inputs as the server now has them: the outputs projected onto the input keys. */
export function inputsOf(state: EndpointState): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const key of INPUT_KEYS) {
    if (state[key] !== undefined) inputs[key] = state[key];
  }
  return inputs;
}

/**
 * The inputs that declare an endpoint found on the server without a declaration of it (`pulumi
 * import`, the `import` resource option): {@link inputsOf}, without what a program leaves out, so
 * that the code the CLI writes from them is what a user would write. Left out: the defaults (an empty
 * description, `isRestricted: false`), an empty `secretProperties` and the provider's own `validate`
 * and `adopt`. The secrets the server holds are masked and never among them: the program does not
 * declare them and the server keeps them (see ./provider.ts, `read`).
 */
export function importedInputsOf(state: EndpointState): Record<string, unknown> {
  const inputs = inputsOf(state);
  if (inputs.description === "") delete inputs.description;
  if (inputs.isRestricted === false) delete inputs.isRestricted;
  if (Object.keys(asRecord(inputs.secretProperties)).length === 0) delete inputs.secretProperties;
  delete inputs.validate;
  delete inputs.adopt;
  return inputs;
}

function sameScalar(current: unknown, declared: unknown): boolean {
  if (deepEqual(current, declared)) return true;
  const scalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  return scalar(current) && scalar(declared) && String(current) === String(declared);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
