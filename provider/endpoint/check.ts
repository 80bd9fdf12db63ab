import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { redactValues } from "../client/redact";
import type { ApiTile, EndpointApi } from "./api";
import { diffEndpoint } from "./diff";
import { contextError, isForbidden, restrictedMessage, secretStrings } from "./messages";
import {
  endpointInputsSchema,
  EndpointInputs,
  previewInputsSchema,
  PreviewInputs,
  stripEngineFields,
  toSpec,
} from "./schema";
import type { TileCatalogue } from "./tiles";
import { containsUnknown, isUnknown, UNKNOWN } from "../common/unknowns";

/*
 * `check` runs in every preview and before every create and update. In order:
 *  1. the common fields, with zod;
 *  2. unless the inputs are those of the last deployment: the properties against the server's tile
 *     for the type (known type, mandatory properties, no unknown property);
 *  3. when validation is on, the server's own endpoint validation, whose FAILED becomes a failure.
 * Values unknown in preview are never sent anywhere: the step that needs them is skipped, and the
 * engine runs `check` again with the real values before it creates or updates anything.
 */

/** What `check` needs from its surroundings. */
export interface CheckContext {
  /** The API client (called lazily: an unchanged endpoint needs none). */
  readonly api: () => EndpointApi;
  /** The once-per-process tile catalogue. */
  readonly tiles: TileCatalogue;
  /** Whether the server validates endpoints when the resource does not say (`vra:validateEndpoints`). */
  readonly validateByDefault: () => boolean;
}

type Failure = pulumi.dynamic.CheckFailure;

/** Validates an endpoint's new inputs; returns them normalised (defaults applied). */
export async function checkEndpoint(
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown>,
  context: CheckContext,
): Promise<pulumi.dynamic.CheckResult> {
  const parsed = previewInputsSchema.safeParse(stripEngineFields(news));
  if (!parsed.success) return { inputs: news, failures: zodFailures(parsed.error) };
  const inputs = parsed.data;

  const failures = duplicateKeyFailures(inputs);
  if (failures.length > 0) return { inputs, failures };

  if (unchangedSinceLastDeployment(olds, inputs)) return { inputs };
  if (isUnknown(inputs.type)) return { inputs };

  const { tile, validTypes } = await context.tiles.lookup(inputs.type as string).catch((error: unknown) => {
    const ref = { name: knownString(inputs.name), project: knownString(inputs.project) };
    throw contextError("check", ref, error);
  });
  if (!tile) {
    const known = validTypes.length > 0 ? validTypes.join(", ") : "(the server lists none)";
    return {
      inputs,
      failures: [
        {
          property: "type",
          reason: `'${inputs.type}' is not an endpoint type of this server; valid types: ${known}`,
        },
      ],
    };
  }
  failures.push(...tileFailures(tile, inputs));
  if (failures.length > 0) return { inputs, failures };

  const remote = await remoteValidation(inputs, context);
  return remote ? { inputs, failures: [remote] } : { inputs };
}

/** True when the new inputs describe the endpoint of the last deployment (nothing to validate again). */
function unchangedSinceLastDeployment(
  olds: Record<string, unknown> | undefined,
  inputs: PreviewInputs,
): boolean {
  const previous = stripEngineFields(olds);
  if (Object.keys(previous).length === 0) return false;
  return !diffEndpoint(previous, inputs).changes && !containsUnknown(inputs);
}

/** Zod issues as check failures naming the full property path, never echoing a value. */
export function zodFailures(error: z.ZodError): Failure[] {
  return error.issues.flatMap((issue) => issueFailures(issue, [])).map(hideSecretBag);
}

/**
 * The engine prints the value of a failure's property when it names a top-level input: a failure
 * about the whole secret bag is reported on the resource instead, so the value is never printed.
 */
function hideSecretBag(failure: Failure): Failure {
  return failure.property === "secretProperties"
    ? { property: "", reason: `secretProperties: ${failure.reason}` }
    : failure;
}

function issueFailures(issue: z.core.$ZodIssue, prefix: PropertyKey[]): Failure[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === "invalid_union") {
    // A union here is "the unknown sentinel or the real schema": report the real schema's issues.
    const real = issue.errors.find((branch) => !branch.every(isSentinelMismatch));
    if (real) return real.flatMap((inner) => issueFailures(inner, path));
  }
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      property: propertyPath([...path, key]),
      reason: `'${key}' is not an input of an endpoint`,
    }));
  }
  if (issue.code === "invalid_key") {
    return [{ property: propertyPath(path), reason: "property names must be non-empty strings" }];
  }
  return [{ property: propertyPath(path), reason: issue.message }];
}

function isSentinelMismatch(issue: z.core.$ZodIssue): boolean {
  return issue.code === "invalid_value" && issue.values.length === 1 && issue.values[0] === UNKNOWN;
}

/** `["properties", "url"]` → `properties.url`; keys that are not identifiers are quoted. */
export function propertyPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => {
      const text = String(key);
      if (typeof key === "number") return `[${text}]`;
      if (/^[A-Za-z_$][\w$-]*$/.test(text)) return i === 0 ? text : `.${text}`;
      return `[${JSON.stringify(text)}]`;
    })
    .join("");
}

function duplicateKeyFailures(inputs: PreviewInputs): Failure[] {
  const plain = knownRecord(inputs.properties);
  const secret = knownRecord(inputs.secretProperties);
  if (!plain || !secret) return [];
  return Object.keys(secret)
    .filter((key) => key in plain)
    .map((key) => ({
      property: propertyPath(["secretProperties", key]),
      reason: `'${key}' is set in both properties and secretProperties: set it in one of them only`,
    }));
}

/** The properties checked against the type's tile: known names, mandatory ones present. */
export function tileFailures(tile: ApiTile, inputs: PreviewInputs): Failure[] {
  const declared = tile.inputProperties;
  const names = Object.keys(declared).sort();
  const plain = knownRecord(inputs.properties);
  const secret = knownRecord(inputs.secretProperties);
  const failures: Failure[] = [];
  for (const [bag, values] of [
    ["properties", plain],
    ["secretProperties", secret],
  ] as const) {
    for (const key of Object.keys(values ?? {})) {
      if (key in declared) continue;
      failures.push({
        property: propertyPath([bag, key]),
        reason:
          `'${key}' is not a property of endpoint type '${tile.tileId}'; its properties are: ` +
          (names.length > 0 ? names.join(", ") : "(none)"),
      });
    }
  }
  // A mandatory property may be in either bag; when a whole bag is unknown it may be in there.
  if (plain && secret) {
    for (const [key, property] of Object.entries(declared)) {
      if (property.mandatory !== true) continue;
      const value = key in secret ? secret[key] : plain[key];
      if (value !== undefined && value !== null && value !== "") continue;
      const bag = property.secret === true || key in secret ? "secretProperties" : "properties";
      failures.push({
        property: propertyPath([bag, key]),
        reason: `'${key}' is required for endpoint type '${tile.tileId}'${describeProperty(property)}`,
      });
    }
  }
  return failures;
}

function describeProperty(property: { description?: string | null }): string {
  return property.description ? ` (${property.description})` : "";
}

/** Runs the server's validation when it is on and every value is known; a failure, or nothing. */
async function remoteValidation(inputs: PreviewInputs, context: CheckContext): Promise<Failure | undefined> {
  if (isUnknown(inputs.validate)) return undefined;
  const enabled = (inputs.validate as boolean | undefined) ?? context.validateByDefault();
  if (!enabled || containsUnknown(inputs)) return undefined;
  const known: EndpointInputs = endpointInputsSchema.parse(inputs);
  const ref = { name: known.name, project: known.project };
  const secrets = secretStrings(known.secretProperties);
  let result;
  try {
    result = await context.api().validateEndpoint(toSpec(known));
  } catch (error) {
    if (isForbidden(error) && known.isRestricted)
      return { property: "", reason: restrictedMessage("validate", ref) };
    throw contextError("validate", ref, error, secrets);
  }
  if (result.status !== "FAILED") return undefined;
  const why = result.statusMessage?.trim() || "the server gave no reason";
  return {
    property: "",
    reason:
      `the server's validation of the endpoint failed: ${redactValues(why, secrets)}. ` +
      `Correct the endpoint, or set validate: false (vra:validateEndpoints false for every endpoint) to skip it.`,
  };
}

function knownString(value: unknown): string | undefined {
  return typeof value === "string" && !isUnknown(value) ? value : undefined;
}

function knownRecord(value: unknown): Record<string, unknown> | undefined {
  if (isUnknown(value) || value === null || typeof value !== "object") return undefined;
  return value as Record<string, unknown>;
}
