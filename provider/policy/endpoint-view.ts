import { isUnknown } from "../common/unknowns";
import { dynamicTypeToken } from "../core/tokens";
import { isEndpointType } from "../registry/typed-endpoints";
import { checkedInputs } from "../core/checked-inputs";

/*
 * What a policy sees of an endpoint. The analyzer is given a resource's inputs as the provider's
 * `check` returned them (the engine analyzes after `check`; the serialised provider is left out), and every
 * endpoint resource, the generic `Endpoint` and each typed one (`JenkinsEndpoint`, ...), reaches the
 * engine as the same inputs under the same type token: `type`, `name`, `project`, `isRestricted`,
 * `properties`, `secretProperties`, and the note of the secrets `check` moved out of `properties`,
 * which both doors write and the core reads back (`checkedInputs` of ../core/checked-inputs.ts, into
 * its `CheckedInputs`): nothing of a door's is named or imported here.
 * Values not known in preview are the engine's unknown sentinel; a policy skips what it cannot know.
 */

/** The type token of every endpoint resource of the dynamic door, generic and typed. */
export const ENDPOINT_TYPE_TOKEN = dynamicTypeToken("Endpoint");

/**
 * True for the type of an endpoint resource: the dynamic door's one token, or the provider plugin's
 * `aria:index:Endpoint` and typed `aria:index:<Kind>Endpoint` (the registry's list). The plugin's typed
 * endpoints are checked into the generic endpoint's inputs, so the analyzer sees the same inputs from
 * both doors.
 */
export { isEndpointType };

/** A value that may be unknown during preview. */
export type MaybeUnknown<T> = T | { readonly unknown: true };

/** An endpoint's inputs as the policies read them. */
export interface EndpointView {
  /** The Pulumi resource name. */
  readonly resourceName: string;
  /** The endpoint's name on the server (defaults to the resource name). */
  readonly name: MaybeUnknown<string | undefined>;
  /** The endpoint type (`jenkins`, `git`, ...). */
  readonly type: MaybeUnknown<string | undefined>;
  /** The project; undefined when the server's default project is used. */
  readonly project: MaybeUnknown<string | undefined>;
  /** Whether the endpoint is restricted. */
  readonly isRestricted: MaybeUnknown<boolean | undefined>;
  /** The plain properties (a value may be unknown); undefined when the whole bag is unknown. */
  readonly properties?: Readonly<Record<string, unknown>>;
  /** The secret properties; undefined when the whole bag is unknown. */
  readonly secretProperties?: Readonly<Record<string, unknown>>;
  /** The secrets `check` moved out of `properties` (declared there by mistake). */
  readonly movedSecrets: readonly string[];
}

const UNKNOWN_VALUE = { unknown: true } as const;

/** True when a view's field is unknown in this preview. */
export function unknown<T>(value: MaybeUnknown<T>): value is { readonly unknown: true } {
  return value !== null && typeof value === "object" && (value as { unknown?: unknown }).unknown === true;
}

/** The view of an endpoint's (plain, detached) inputs. */
export function viewEndpoint(resourceName: string, inputs: Readonly<Record<string, unknown>>): EndpointView {
  const checked = checkedInputs(inputs);
  return {
    resourceName,
    name: field(checked.inputs.name, "string"),
    type: field(checked.inputs.type, "string"),
    project: field(checked.inputs.project, "string"),
    isRestricted: field(checked.inputs.isRestricted, "boolean"),
    properties: bag(checked.inputs.properties),
    secretProperties: bag(checked.inputs.secretProperties),
    movedSecrets: checked.moved,
  };
}

function field<K extends "string" | "boolean">(
  value: unknown,
  kind: K,
): MaybeUnknown<(K extends "string" ? string : boolean) | undefined> {
  if (isUnknown(value)) return UNKNOWN_VALUE;
  return typeof value === kind ? (value as K extends "string" ? string : boolean) : undefined;
}

function bag(value: unknown): Record<string, unknown> | undefined {
  if (isUnknown(value)) return undefined;
  if (value === null || value === undefined) return {};
  return typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** "endpoint 'ci-jenkins' (resource 'jenkins')", for messages: which endpoint, in the program's words. */
export function describeView(view: EndpointView): string {
  const name = unknown(view.name) || view.name === undefined ? undefined : view.name;
  if (name === undefined) return `endpoint of resource '${view.resourceName}'`;
  return name === view.resourceName
    ? `endpoint '${name}'`
    : `endpoint '${name}' (resource '${view.resourceName}')`;
}
