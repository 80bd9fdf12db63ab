import type { ApiTile } from "./api";
import type { PreviewInputs } from "./schema";
import { isUnknown } from "../common/unknowns";
import { describeEndpoint } from "./messages";
import { propertyPath } from "../common/check-failures";
import { isNonSecretValue, tileSecretNames } from "../core/secrets";

/*
 * A secret written in the plain `properties` bag (the generic `Endpoint`'s `properties`, a typed
 * resource's `additionalProperties`) is moved into `secretProperties` by `check`. The engine stores
 * the inputs `check` returns, not the program's, and marks a returned input secret when the input of
 * the same name was secret: `secretProperties` always is (the resource wraps it in `pulumi.secret`),
 * so the moved value is stored encrypted in the inputs and, through `additionalSecretOutputs`, in the
 * outputs. Which properties are secrets is the server's word: its tile's `secret: true` flags, for
 * every type the server knows, including types this package has no resource for.
 *
 * Which properties are secret, and which values are not (an empty string, a `${var.NAME}`), is the
 * secrets policy's word (../core/secrets.ts): by the tile's flag or type, or by a known name. Moving
 * a value that was not secret only hides it in diffs, leaving a secret in clear would store it.
 *
 * `check` also answers the names of the moved secrets beside its inputs (`CheckResult.moved`), which
 * each door notes in the checked inputs it returns (../core/checked-inputs.ts). An analyzer (a
 * policy pack) is given the inputs as `check` returned them, not as the program declared them:
 * without that note the mistake, which the warning reports, would be invisible to the pack.
 */

/** The properties of a tile that hold secrets: flagged, typed or named as such. */
export function secretPropertyNames(tile: ApiTile): Set<string> {
  return tileSecretNames(tile.inputProperties);
}

/** The inputs with the named secrets moved out of `properties`, and the keys that were moved. */
export interface RoutedSecrets {
  readonly inputs: PreviewInputs;
  readonly moved: readonly string[];
}

/**
 * Moves every property of `secretNames` found in `properties` into `secretProperties`. Nothing moves
 * while either bag is unknown (preview); a key set in both bags stays put (that is a failure of its own).
 */
export function routeSecrets(inputs: PreviewInputs, secretNames: ReadonlySet<string>): RoutedSecrets {
  const plain = inputs.properties;
  const secret = inputs.secretProperties;
  if (!isBag(plain) || !isBag(secret)) return { inputs, moved: [] };
  const moved = Object.keys(plain).filter(
    (key) => secretNames.has(key) && !(key in secret) && !isNonSecretValue(plain[key]),
  );
  if (moved.length === 0) return { inputs, moved };
  const properties = { ...plain };
  const secretProperties = { ...secret };
  for (const key of moved) {
    secretProperties[key] = properties[key];
    delete properties[key];
  }
  return { inputs: { ...inputs, properties, secretProperties }, moved };
}

/** The warning for secrets found in the plain bag; names the fields, never their values. */
export function movedSecretsWarning(inputs: PreviewInputs, moved: readonly string[]): string {
  const ref = {
    name: typeof inputs.name === "string" && !isUnknown(inputs.name) ? inputs.name : undefined,
    project: typeof inputs.project === "string" && !isUnknown(inputs.project) ? inputs.project : undefined,
  };
  const type = typeof inputs.type === "string" && !isUnknown(inputs.type) ? ` '${inputs.type}'` : "";
  const fields = moved.map((key) => propertyPath(["properties", key])).join(", ");
  const them = moved.length === 1 ? "it" : "them";
  return (
    `${describeEndpoint(ref)}: ${fields} ${moved.length === 1 ? "is a secret" : "are secrets"} of endpoint ` +
    `type${type}, written among the plain properties. Moved to secretProperties and stored encrypted. ` +
    `Declare ${them} in secretProperties (on a typed endpoint resource: in ${them === "it" ? "its" : "their"} ` +
    `own input, or in additionalSecretProperties) to silence this warning.`
  );
}

function isBag(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !isUnknown(value);
}
