import type { CheckFailure, CheckResult } from "../core/kind";
import type { z } from "zod";
import { redactValues } from "../client/redact";
import type { EndpointApi } from "./api";
import { diffEndpoint } from "./diff";
import { endpointFailure, restrictedMessage, secretStrings } from "./messages";
import { isForbidden } from "../common/api-failures";
import { unlessNotFound } from "../client/errors";
import { isAsDeclared } from "./create";
import { nameFailures, unaddressableReason } from "./name-rules";
import type { ProjectCatalogue } from "./projects";
import { PropertyBags, tileFailures } from "./property-rules";
import { propertyPath, zodFailures } from "../common/check-failures";
import { declaredInputs } from "../common/engine-inputs";
import { EndpointInputs, PreviewInputs, toSpec } from "./schema";
import { movedSecretsWarning, routeSecrets, secretPropertyNames } from "./secret-routing";
import type { TileCatalogue } from "./tiles";
import type { WarningSink } from "../common/report";
import { containsUnknown, isUnknown } from "../common/unknowns";
import { revealAll, secretKeys } from "../core/values";

/*
 * `check` runs in every preview and before every create and update, so a preview fails on what `up`
 * would fail on, before anything is written. In order:
 *  1. the common fields, with zod, and names the server can address by project and name;
 *  2. secrets written among the plain properties are moved to `secretProperties` (see
 *     ./secret-routing.ts), with a warning naming them, and their names answered beside the inputs
 *     (`moved`, which the door notes for an analyzer);
 *  3. unless the inputs are those of the last deployment: the properties against the server's tile
 *     for the type (known type and names, mandatory and per-authType properties, value types and
 *     allowed values; ./property-rules.ts), and the project against the server's projects;
 *  4. when validation is on, the server's own endpoint validation, whose FAILED becomes a failure
 *     (a door that runs it in the engine's parallel steps takes it out: {@link validateInStep});
 *     except for an adopted endpoint that the server already holds exactly as declared, with no
 *     secret to write: adoption then writes nothing, so there is nothing new to validate, and a
 *     preview of it does not depend on reaching the endpoint's own server (stale endpoints whose
 *     servers are gone are the normal case when adopting a real server's endpoints).
 * Values unknown in preview are never sent anywhere and never fail: the step that needs them is
 * skipped, and the engine runs `check` again with the real values before it creates or updates.
 * No failure quotes a property value, and none names a whole property bag (the engine would print it).
 */

/** What `check` needs from its surroundings. */
export interface CheckContext {
  /** The API client (called lazily: an unchanged endpoint needs none). */
  readonly api: () => EndpointApi;
  /** The once-per-process tile catalogue. */
  readonly tiles: TileCatalogue;
  /** The once-per-process list of the server's projects. */
  readonly projects: ProjectCatalogue;
  /** Whether the server validates endpoints when the resource does not say (`vra:validateEndpoints`). */
  readonly validateByDefault: () => boolean;
  /** Where warnings go (the engine, in a provider process). */
  readonly warn: WarningSink;
  /** The name of the validation setting as the user writes it (default `vra:validateEndpoints`). */
  readonly validationSetting?: string;
  /**
   * Leave the server's validation (step 4) to {@link validateInStep}, which the door runs before the
   * create or update, in preview too (the plugin door: in the engine's parallel steps).
   */
  readonly validateInStep?: boolean;
}

type Failure = CheckFailure;

/** Validates an endpoint's new inputs; returns them normalised (defaults applied, secrets routed). */
export async function checkEndpoint(
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown>,
  context: CheckContext,
): Promise<CheckResult> {
  // A value the program marked secret in the plain bag is a secret by the user's choice (only the
  // plugin door sees the marks; the dynamic door's values arrive unmarked).
  const chosenSecrets = new Set(secretKeys(news.properties));
  const parsed = PreviewInputs.safeParse(declaredInputs(news));
  if (!parsed.success) return { inputs: revealAll(news), failures: inputFailures(parsed.error) };
  let inputs = routeSecrets(parsed.data, chosenSecrets).inputs;

  const failures = [...nameFailures(inputs), ...duplicateKeyFailures(inputs)];

  // What the last deployment stored as a secret stays one, without asking the server.
  const previous = declaredInputs(olds);
  const stored = routeSecrets(inputs, new Set(Object.keys(knownRecord(previous.secretProperties) ?? {})));
  if (failures.length === 0 && unchangedSinceLastDeployment(previous, stored.inputs)) {
    await warnMoved(stored.inputs, stored.moved, context);
    return withMoved({ inputs: stored.inputs }, stored.moved);
  }
  if (isUnknown(inputs.type)) return failures.length > 0 ? { inputs, failures } : { inputs };

  // The projects are asked for beside the tiles: on a process's first check, one round trip, not two.
  const projectCheck = projectFailures(inputs, context);
  projectCheck.catch(() => undefined); // awaited below, unless the type is unknown
  const { tile, validTypes } = await context.tiles.lookup(inputs.type as string).catch((error: unknown) => {
    throw endpointFailure("check", refOf(inputs), error);
  });
  if (!tile) {
    const known = validTypes.length > 0 ? validTypes.join(", ") : "(the server lists none)";
    const reason = `'${inputs.type}' is not an endpoint type of this server; valid types: ${known}`;
    return { inputs, failures: [...failures, { property: "type", reason }] };
  }
  const secretNames = secretPropertyNames(tile);
  const routed = routeSecrets(inputs, secretNames);
  inputs = routed.inputs;
  await warnMoved(inputs, routed.moved, context);
  const checked = (result: CheckResult) => withMoved(result, routed.moved);

  // An adopted endpoint's undeclared secrets keep the values the server stores.
  const serverMayHoldSecrets = inputs.adopt === true || isUnknown(inputs.adopt);
  failures.push(...tileFailures(tile, bagsOf(inputs), secretNames, { serverMayHoldSecrets }));
  failures.push(...(await projectCheck));
  if (failures.length > 0) return checked({ inputs, failures });
  if (context.validateInStep) return checked({ inputs });

  const remote = await remoteValidation(inputs, context);
  return checked(remote ? { inputs, failures: [remote] } : { inputs });
}

/** A result with the secrets `check` moved, when it moved any. */
function withMoved(result: CheckResult, moved: readonly string[]): CheckResult {
  return moved.length > 0 ? { ...result, moved } : result;
}

/**
 * Step 4 of `check` on its own, over checked inputs: the server's validation when it is on and every
 * value is known (an adopted endpoint held as declared excepted), for a door that runs it before a
 * create or an update rather than in `check` ({@link CheckContext.validateInStep}). The engine calls
 * create and update only for a new or changed endpoint, so an unchanged one is not validated again.
 */
export async function validateInStep(
  inputs: Record<string, unknown>,
  context: CheckContext,
): Promise<CheckFailure[]> {
  const parsed = PreviewInputs.safeParse(declaredInputs(inputs));
  // Inputs `check` refused never reach a step.
  if (!parsed.success) return inputFailures(parsed.error);
  const remote = await remoteValidation(parsed.data, context);
  return remote ? [remote] : [];
}

async function warnMoved(inputs: PreviewInputs, moved: readonly string[], context: CheckContext) {
  if (moved.length > 0) await context.warn(movedSecretsWarning(inputs, moved));
}

/** The project, when known, against the projects the server lists (nothing when it will not list them). */
async function projectFailures(inputs: PreviewInputs, context: CheckContext): Promise<Failure[]> {
  const project = knownString(inputs.project);
  if (project === undefined || unaddressableReason(project)) return [];
  const answer = await context.projects.lookup(project).catch((error: unknown) => {
    throw endpointFailure("check", refOf(inputs), error);
  });
  if (!answer || answer.exists) return [];
  const shown = answer.names.slice(0, 20);
  const more = answer.names.length > shown.length ? `, and ${answer.names.length - shown.length} more` : "";
  const list = shown.length > 0 ? shown.map((name) => `'${name}'`).join(", ") + more : "(none)";
  return [
    {
      property: "project",
      reason:
        `the server has no project '${project}' that these credentials can see; its projects: ${list}. ` +
        "Use one of them, or create the project first (projects are managed in Aria Automation, not by this resource).",
    },
  ];
}

function bagsOf(inputs: PreviewInputs): PropertyBags {
  return {
    properties: knownRecord(inputs.properties),
    secretProperties: knownRecord(inputs.secretProperties),
  };
}

function refOf(inputs: PreviewInputs) {
  return { name: knownString(inputs.name), project: knownString(inputs.project) };
}

/** True when the new inputs describe the endpoint of the last deployment (nothing to validate again). */
function unchangedSinceLastDeployment(previous: Record<string, unknown>, inputs: PreviewInputs): boolean {
  if (Object.keys(previous).length === 0) return false;
  return !diffEndpoint(previous, inputs).changes && !containsUnknown(inputs);
}

/** Zod issues as check failures naming the full property path, never echoing a value. */
export function inputFailures(error: z.ZodError): Failure[] {
  return zodFailures(error, (key) => `'${key}' is not an input of an endpoint`).map(hideSecretBag);
}

/**
 * The engine prints the value of a failure's property when it names a top-level input: a failure
 * about a whole property bag (either may hold a secret) is reported on the resource instead, so the
 * value is never printed.
 */
function hideSecretBag(failure: Failure): Failure {
  return failure.property === "secretProperties" || failure.property === "properties"
    ? { property: "", reason: `${failure.property}: ${failure.reason}` }
    : failure;
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

/** Runs the server's validation when it is on and every value is known; a failure, or nothing. */
async function remoteValidation(inputs: PreviewInputs, context: CheckContext): Promise<Failure | undefined> {
  if (isUnknown(inputs.validate)) return undefined;
  const enabled = (inputs.validate as boolean | undefined) ?? context.validateByDefault();
  if (!enabled || containsUnknown(inputs)) return undefined;
  const known: EndpointInputs = EndpointInputs.parse(inputs);
  const ref = { name: known.name, project: known.project };
  const secrets = secretStrings(known.secretProperties);
  if (await adoptsUnchanged(known, context)) return undefined;
  let result;
  try {
    result = await context.api().validateEndpoint(toSpec(known));
  } catch (error) {
    if (isForbidden(error) && known.isRestricted)
      return { property: "", reason: restrictedMessage("validate", ref) };
    throw endpointFailure("validate", ref, error, secrets);
  }
  if (result.status !== "FAILED") return undefined;
  const why = result.statusMessage?.trim() || "the server gave no reason";
  return {
    property: "",
    reason:
      `the server's validation of the endpoint failed: ${redactValues(why, secrets)}. ` +
      `Correct the endpoint, or set validate: false (${context.validationSetting ?? "vra:validateEndpoints"} false for every endpoint) to skip it.`,
  };
}

/**
 * True when `adopt` takes over an endpoint the server already holds exactly as declared (same type,
 * every field and property), with no secret declared: adoption then writes nothing (see ./create.ts).
 * A declared secret cannot be compared (the server masks it), so it is validated as usual.
 */
async function adoptsUnchanged(known: EndpointInputs, context: CheckContext): Promise<boolean> {
  if (!known.adopt || known.project === undefined) return false;
  if (Object.keys(known.secretProperties ?? {}).length > 0) return false;
  const ref = { name: known.name, project: known.project };
  let existing;
  try {
    existing = await unlessNotFound(() => context.api().getEndpointByName(ref.project, ref.name));
  } catch (error) {
    throw endpointFailure("look up", ref, error);
  }
  if (existing === undefined) return false;
  const spec = toSpec(known);
  return existing.type === spec.type && isAsDeclared(existing, spec);
}

function knownString(value: unknown): string | undefined {
  return typeof value === "string" && !isUnknown(value) ? value : undefined;
}

function knownRecord(value: unknown): Record<string, unknown> | undefined {
  if (isUnknown(value) || value === null || typeof value !== "object") return undefined;
  return value as Record<string, unknown>;
}
