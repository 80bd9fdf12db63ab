/**
 * The endpoint resource kind of the provider core (../core/kind.ts), served by both doors: the
 * dynamic provider's stub (../dynamic) and the plugin. Each lifecycle method maps onto the pipeline API:
 *
 * | method | HTTP                                                                    |
 * |--------|-------------------------------------------------------------------------|
 * | check  | GET /endpoint-tiles, GET /iaas/api/projects (once per process each;     |
 * |        | on VCF Automation 9, which has no Pipelines service, one failure for    |
 * |        | every endpoint instead, ../client/generation.ts),                       |
 * |        | POST /endpoint-validation (in checkStep instead, for the plugin door)    |
 * | diff   | none (pure)                                                              |
 * | create | POST /endpoints; GET /endpoints/{project}/{name} to adopt or to recover  |
 * |        | (see ./create.ts: retries that never make a duplicate)                   |
 * | read   | GET /endpoints/{id}; past 10 reads of a project, pages of GET /endpoints  |
 * |        | filtered by project (see ./reads.ts)                                     |
 * | update | PUT /endpoints/{id}                                                      |
 * | delete | DELETE /endpoints/{id}                                                   |
 * | list   | GET /endpoints filtered, one page (see ./listing.ts)                      |
 */
import type { CheckFailure, CheckResult, ResourceKind } from "../core/kind";
import { isPipelinesUnavailable } from "../client/generation";
import { providerApiClient, providerSettingName, providerSettingValue } from "../runtime/context";
import type { ApiEndpoint, EndpointApi } from "./api";
import { checkEndpoint, inputFailures, validateInStep, type CheckContext } from "./check";
import { declaredInputs } from "../common/engine-inputs";
import { failuresText } from "../common/check-failures";
import { diffEndpoint } from "./diff";
import { createOrAdopt } from "./create";
import { endpointFailure, describeEndpoint, EndpointRef, restrictedMessage, secretStrings } from "./messages";
import { isConflict, isForbidden } from "../common/api-failures";
import { unlessNotFound } from "../client/errors";
import { listEndpointPage } from "./listing";
import { Declared, heldSecretsOf, importedInputsOf, inputsOf, toState, withHeldSecrets } from "./state";
import { isMasked } from "../core/secrets";
import { EndpointInputs, EndpointSpec, EndpointState, SECRET_OUTPUTS, toSpec } from "./schema";
import { TileCatalogue } from "./tiles";
import { ProjectCatalogue } from "./projects";
import { EndpointReads } from "./reads";
import { reporter, type Reporting } from "../common/report";
import { secret } from "../core/values";
import { type Clock, systemClock } from "../core/clock";

/** What the endpoint provider needs from its process; `warn` and `report` as in ../common/report.ts. */
export interface EndpointProviderOptions extends Reporting {
  /** The API client. */
  readonly api: () => EndpointApi;
  /** Whether `check` asks the server to validate endpoints that do not say (default: yes). */
  readonly validateByDefault: () => boolean;
  /** The tile cache (default: a new one over `api`). */
  readonly tiles?: TileCatalogue;
  /** Time and waits of create's resends and of batched reads (default: the real clock); tests pass a fake. */
  readonly clock?: Clock;
  /** The project cache (default: a new one over `api`). */
  readonly projects?: ProjectCatalogue;
  /** Reads by id (default: a new one over `api`). */
  readonly reads?: EndpointReads;
  /** The validation setting's name as the user writes it (default `vra:validateEndpoints`). */
  readonly validationSetting?: () => string;
}

/**
 * Builds the endpoint kind over the given client; the doors use {@link endpointProvider}. Outputs mark
 * `secretProperties` secret (../core/values.ts); inputs may carry marks (see ./check.ts).
 */
export function endpointKind(options: EndpointProviderOptions): ResourceKind {
  const { api, validateByDefault } = options;
  const tiles = options.tiles ?? new TileCatalogue(() => api().getEndpointTiles());
  const projects = options.projects ?? new ProjectCatalogue(() => api().listAllProjects());
  const { warn } = reporter(options);
  const clock = options.clock ?? systemClock;
  const reads = options.reads ?? new EndpointReads(api, clock);
  /** Set once a check met a server without the Pipelines service: every check then fails alike. */
  let unavailable: CheckFailure | undefined;

  const context = (inStep: boolean): CheckContext => ({
    api,
    tiles,
    projects,
    validateByDefault,
    warn,
    validationSetting: options.validationSetting?.(),
    validateInStep: inStep,
  });

  return {
    async check(olds, news, checkOptions) {
      if (unavailable) return { inputs: news, failures: [unavailable] };
      let result: CheckResult;
      try {
        result = await checkEndpoint(olds, news, context(checkOptions?.inSteps === true));
      } catch (error) {
        // VCF Automation 9: the client refused the first pipeline request (../client/generation.ts).
        const refused = pipelinesUnavailableIn(error);
        if (!refused) throw error;
        unavailable = { property: "", reason: refused.message };
        return { inputs: news, failures: [unavailable] };
      }
      return { ...result, inputs: result.inputs && markSecrets(result.inputs) };
    },

    checkStep: (inputs) => validateInStep(inputs, context(true)),

    async diff(_id, olds, news) {
      const result = diffEndpoint(declaredInputs(olds), declaredInputs(news));
      return {
        changes: result.changes,
        replaces: result.replaces,
        deleteBeforeReplace: result.deleteBeforeReplace,
        diffs: result.changedFields,
        detailedDiff: result.detailedDiff,
      };
    },

    async create(inputs, context) {
      const declared = knownInputs(inputs);
      reads.forget();
      const endpoint = await createOrAdopt(api(), declared, clock, context?.owner);
      return { id: endpoint.id, outs: markSecrets(toState(endpoint, declared)) };
    },

    async read(id, props) {
      const previous = previousState(props);
      let endpoint: ApiEndpoint | undefined;
      try {
        endpoint = await unlessNotFound(() => reads.read(id, previous.project));
      } catch (error) {
        throw endpointFailure("read", { id, name: previous.name, project: previous.project }, error);
      }
      // Gone: an empty id tells the engine, which then plans to create it again.
      if (endpoint === undefined) return {};
      const state = toState(endpoint, declaredFromState(previous, endpoint));
      // No declaration stored: an import (or state written by something else), declared as a user would.
      const inputs = previous.properties === undefined ? importedInputsOf(state) : inputsOf(state);
      return { id: endpoint.id, props: markSecrets(state), inputs: markSecrets(inputs) };
    },

    async update(id, olds, news) {
      const previous = previousState(olds);
      const declared = knownInputs(news);
      // Omitted project and cloud proxy mean "keep the server's": a PUT replaces the whole spec.
      const declaredSpec = toSpec(declared);
      const spec: EndpointSpec = {
        ...declaredSpec,
        properties: withHeldSecrets(declaredSpec.properties, heldSecretsOf(previous)),
        ...(declared.project === undefined && previous.project ? { project: previous.project } : {}),
        ...(declared.cloudProxyId === undefined && previous.cloudProxyId
          ? { cloudProxyId: previous.cloudProxyId }
          : {}),
      };
      const ref: EndpointRef = { id, name: declared.name, project: spec.project };
      let endpoint: ApiEndpoint | undefined;
      reads.forget();
      try {
        endpoint = await unlessNotFound(() => api().updateEndpoint(id, spec));
      } catch (error) {
        if (isForbidden(error) && (declared.isRestricted || previous.isRestricted)) {
          throw new Error(restrictedMessage("update", ref));
        }
        if (isConflict(error) && declared.name !== previous.name) {
          throw new Error(
            `Cannot rename endpoint '${previous.name}' to '${declared.name}': an endpoint named ` +
              `'${declared.name}' already exists in the project. Choose another name.`,
          );
        }
        throw endpointFailure("update", ref, error, secretStrings(declared.secretProperties));
      }
      if (endpoint === undefined) {
        throw new Error(
          `Cannot update ${describeEndpoint(ref)}: it no longer exists on the server (id ${id}); it was ` +
            "deleted outside Pulumi. Run `pulumi refresh` (or `pulumi up --refresh`) to create it again.",
        );
      }
      return { outs: markSecrets(toState(endpoint, declared)) };
    },

    async delete(id, props) {
      const previous = previousState(props);
      const ref: EndpointRef = { id, name: previous.name, project: previous.project };
      reads.forget();
      try {
        // Gone already: nothing to delete.
        await unlessNotFound(() => api().deleteEndpoint(id));
      } catch (error) {
        if (isForbidden(error) && previous.isRestricted) throw new Error(restrictedMessage("delete", ref));
        throw endpointFailure("delete", ref, error);
      }
    },

    list: (query, window) => listEndpointPage(api(), query, window),
  };
}

/** The refusal of a server without the Pipelines service, when `error` is one or wraps one. */
function pipelinesUnavailableIn(error: unknown): Error | undefined {
  for (let cause = error, depth = 0; cause !== undefined && depth < 3; depth++) {
    if (isPipelinesUnavailable(cause)) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The {@link SECRET_OUTPUTS} among `values` marked secret. */
function markSecrets<T extends object>(values: T): T {
  const marked: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const key of SECRET_OUTPUTS) if (marked[key] !== undefined) marked[key] = secret(marked[key]);
  return marked as T;
}

/** Inputs at create and update time, where every value is known (check has run). */
function knownInputs(inputs: Record<string, unknown>): EndpointInputs {
  const parsed = EndpointInputs.safeParse(declaredInputs(inputs));
  if (parsed.success) return parsed.data;
  throw new Error(`Invalid endpoint inputs: ${failuresText(inputFailures(parsed.error), "(endpoint)")}`);
}

function previousState(props: Record<string, unknown> | undefined): EndpointState {
  const parsed = EndpointState.safeParse(declaredInputs(props));
  return parsed.success ? parsed.data : {};
}

/**
 * What read projects onto: the previously stored declaration. State without one (written by
 * something else) takes every property the server shows in clear.
 */
function declaredFromState(previous: EndpointState, endpoint: ApiEndpoint): Declared {
  const properties =
    previous.properties ??
    Object.fromEntries(Object.entries(endpoint.properties ?? {}).filter(([, value]) => !isMasked(value)));
  return {
    properties,
    secretProperties: previous.secretProperties ?? {},
    validate: previous.validate,
    adopt: previous.adopt,
  };
}

/** The endpoint kind of the provider process: client and settings from `configure` and the environment. */
export const endpointProvider: ResourceKind = endpointKind({
  api: providerApiClient,
  validationSetting: () => providerSettingName("validateEndpoints"),
  validateByDefault: () => providerSettingValue("validateEndpoints"),
});
