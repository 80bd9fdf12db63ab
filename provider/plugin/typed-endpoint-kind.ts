import type { CheckFailure, ListWindow, ResourceKind } from "../core/kind";
import { parseOrThrow } from "../common/check-failures";
import { TypedEndpointListInputs } from "../endpoint/lookup-schemas";
import { reveal, type PropertyMap } from "../core/values";
import { COMMON_INPUTS, fromEndpointInputs, toEndpointInputs } from "../endpoint/typed/common";
import { TYPED_ENDPOINTS } from "../registry/typed-endpoints";
import { typeToken } from "../core/tokens";

/*
 * A typed endpoint as a resource kind of the provider core (what the plugin door serves as
 * `aria:index:JenkinsEndpoint`, ...): its inputs are routed into the generic endpoint's bags by the
 * same declaration the TypeScript class uses (../endpoint/typed/common.ts), then the endpoint kind does the rest. The
 * checked inputs, the state and the outputs are the generic endpoint's, as for the TypeScript
 * classes (which are `Endpoint`s). Failures name the typed input the user wrote. An import (a read
 * with no state) reads the endpoint back as the typed resource's inputs, so that the code the CLI
 * writes declares the typed inputs; an endpoint of another type is refused, naming the type to use.
 * The engine stores those typed inputs as the imported resource's old inputs, so check and diff take
 * old inputs in either form.
 */

/** The inputs every typed endpoint takes besides its typed properties. */
export const COMMON_TYPED_INPUTS = [
  ...COMMON_INPUTS,
  "additionalProperties",
  "additionalSecretProperties",
] as const;

/** Keys the engine or a door may add to any resource's inputs. */
const ENGINE_KEYS = new Set(["__defaults"]);

/** What the typed kind needs of a spec: the type and which inputs are plain or secret properties. */
type AnySpec = Parameters<typeof toEndpointInputs>[0];

/** A failure of the generic endpoint, renamed to the typed input the user wrote. */
function typedFailure(spec: AnySpec, failure: CheckFailure): CheckFailure {
  const match = /^(properties|secretProperties)(?:\.([A-Za-z_$][\w$]*)|\["([^"]+)"\])(.*)$/.exec(
    failure.property,
  );
  if (!match) return failure;
  const [, bagName, dotted, quoted, rest] = match;
  const key = dotted ?? quoted;
  const typed = bagName === "properties" ? spec.plain : spec.secret;
  if (typed.includes(key)) return { ...failure, property: `${key}${rest}` };
  const hatch = bagName === "properties" ? "additionalProperties" : "additionalSecretProperties";
  return { ...failure, property: failure.property.replace(bagName, hatch) };
}

/** The plugin resources to import an endpoint of `type` as: its typed one first, where it has one. */
function resourcesToImportAs(type: unknown): string {
  const typed = typeof type === "string" ? TYPED_ENDPOINTS.get(type) : undefined;
  const generic = typeToken("Endpoint");
  return typed ? `${typeToken(typed.className)} (or ${generic})` : generic;
}

/** The typed endpoint of `spec` over the generic endpoint kind. */
export function typedEndpointKind(spec: AnySpec, endpoint: ResourceKind): ResourceKind {
  const known = new Set<string>([...COMMON_TYPED_INPUTS, ...spec.plain, ...spec.secret]);
  // Old inputs in the typed form: those an import stored (the engine keeps what read returned).
  const generic = (olds: PropertyMap): PropertyMap =>
    Object.keys(olds).length === 0 || "type" in olds ? olds : toEndpointInputs(spec, olds);
  const endpointStep = endpoint.checkStep?.bind(endpoint);
  const endpointList = endpoint.list?.bind(endpoint);
  return {
    async check(olds, news, options) {
      const unknownKeys = Object.keys(news).filter((key) => !known.has(key) && !ENGINE_KEYS.has(key));
      const result = await endpoint.check(generic(olds), toEndpointInputs(spec, news), options);
      const failures = [
        ...unknownKeys.map((key) => ({
          property: key,
          reason:
            `'${key}' is not an input of a '${spec.type}' endpoint; its inputs are: ` +
            `${[...spec.plain, ...spec.secret].join(", ")} (and ${COMMON_TYPED_INPUTS.join(", ")}).`,
        })),
        ...(result.failures ?? []).map((failure) => typedFailure(spec, failure)),
      ];
      // The generic endpoint's result, with the failures renamed to the typed inputs.
      const { failures: _generic, ...checked } = result;
      return failures.length > 0 ? { ...checked, failures } : checked;
    },
    // Checked inputs are the generic endpoint's already.
    ...(endpointStep && {
      checkStep: async (inputs: PropertyMap) =>
        (await endpointStep(inputs)).map((failure) => typedFailure(spec, failure)),
    }),
    diff: (id, olds, news) => endpoint.diff(id, generic(olds), news),
    create: (inputs, context) => endpoint.create(inputs, context),
    async read(id, props) {
      const result = await endpoint.read(id, props);
      const importing = reveal(props?.properties) === undefined;
      if (!importing || result.id === undefined || result.inputs === undefined) return result;
      const type = reveal(result.props?.type);
      if (type !== spec.type) {
        throw new Error(
          `Cannot import endpoint ${id} as a '${spec.type}' endpoint: it is a '${String(type)}' endpoint on the ` +
            `server. Import it as ${resourcesToImportAs(type)}.`,
        );
      }
      return { ...result, inputs: fromEndpointInputs(spec, result.inputs) };
    },
    update: (id, olds, news) => endpoint.update(id, olds, news),
    delete: (id, props) => endpoint.delete(id, props),
    // The generic endpoint's listing, of the class's own type.
    ...(endpointList && {
      list: (query: PropertyMap, window: ListWindow) =>
        endpointList(
          {
            ...parseOrThrow(TypedEndpointListInputs, query, `the ${spec.type} endpoint list`),
            type: spec.type,
          },
          window,
        ),
    }),
  };
}
