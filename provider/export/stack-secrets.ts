/**
 * What the server's exports give for the secrets of a generated program (`aria-export --stack`).
 * Pure: the exports come in as data, the plan goes out as data; nothing here prints a value.
 */
import type { Endpoint as ApiEndpoint } from "../client/schemas";
import { isMasked, isVariableReference } from "../core/secrets";
import type { SecretSetting } from "./generate";

/** The properties of each exported endpoint, by {@link endpointKey}; an endpoint left out had no export. */
export type ExportedProperties = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/** The key of an endpoint in {@link ExportedProperties}: its project and name. */
export function endpointKey(project: string | null | undefined, name: string): string {
  return JSON.stringify([project ?? "", name]);
}

/** The endpoints (project and name) whose export can give the secrets the program reads from config. */
export function exportTargets(
  settings: readonly SecretSetting[],
): { readonly project: string; readonly name: string }[] {
  const targets = new Map<string, { project: string; name: string }>();
  for (const s of settings)
    targets.set(endpointKey(s.project, s.endpoint), { project: s.project, name: s.endpoint });
  return [...targets.values()];
}

/**
 * The endpoints with every masked property whose export is a pipeline-variable reference
 * (`${var.NAME}`) replaced by that reference, so that the program writes it as it is instead of
 * reading it from config. Nothing else changes: no secret value gets into what is generated.
 */
export function withExportedReferences(
  endpoints: readonly ApiEndpoint[],
  exported: ExportedProperties,
): ApiEndpoint[] {
  return endpoints.map((endpoint) => {
    const properties = exported.get(endpointKey(endpoint.project, endpoint.name));
    if (!properties) return endpoint;
    const replaced = Object.entries(endpoint.properties ?? {}).map(([property, value]): [string, unknown] => {
      const clear = properties[property];
      return isMasked(value) && isVariableReference(clear) ? [property, clear] : [property, value];
    });
    if (replaced.every(([property, value]) => endpoint.properties[property] === value)) return endpoint;
    return { ...endpoint, properties: Object.fromEntries(replaced) };
  });
}

/** One config value to set. */
export interface SecretValue {
  /** The config key (the program's `config.getSecret(key)`). */
  readonly key: string;
  /** The secret, from the export. */
  readonly value: string;
}

/** What the exports give for the program's secrets. */
export interface SecretPlan {
  /** The values to set, in the order of the settings. */
  readonly values: readonly SecretValue[];
  /** The secrets no export gives (masked, missing, not text, or the endpoint had no export). */
  readonly unavailable: readonly SecretSetting[];
}

/**
 * Pairs each secret the program reads from config with its value in the endpoint's export. A
 * masked value, a missing key, a value that is not text and an endpoint without an export are
 * "not available": left to the README's commands. A `${var.NAME}` reference never gets here (it is
 * written into the program as it is), and is never set as a secret either.
 */
export function planSecrets(settings: readonly SecretSetting[], exported: ExportedProperties): SecretPlan {
  const values: SecretValue[] = [];
  const unavailable: SecretSetting[] = [];
  for (const setting of settings) {
    const properties = exported.get(endpointKey(setting.project, setting.endpoint));
    const value = properties?.[setting.property];
    if (typeof value === "string" && !isMasked(value) && !isVariableReference(value)) {
      values.push({ key: setting.key, value });
    } else {
      unavailable.push(setting);
    }
  }
  return { values, unavailable };
}
