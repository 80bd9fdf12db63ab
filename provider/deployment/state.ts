/**
 * The stack state (outputs) of a {@link DeploymentResource}: built from the server's resource, and
 * projected back onto the declared inputs for `read`, so that `refresh` followed by `preview` shows
 * no change unless the server really changed.
 */
import type { Resource } from "../client/schemas";
import { pick, withoutUndefined } from "../core/json";
import { DeploymentResourceInputs, DeploymentResourceState, SETTING_KEYS } from "./schema";

/** What the server gives on `GET /resources/{id}` with `expand=project,deployment`. */
export const READ_EXPAND = ["project", "deployment"];

/** The status of the creation request of a resource whose creation finished. */
export const CREATED = "SUCCESSFUL";

/** Parses a prior state leniently (older releases, half-created resources). */
export function parseState(props: Record<string, unknown> | undefined): DeploymentResourceState {
  const parsed = DeploymentResourceState.safeParse(props ?? {});
  return parsed.success ? parsed.data : {};
}

/** True for a resource whose creation request has not (or not known to have) succeeded. */
export function isIncomplete(state: DeploymentResourceState): boolean {
  return state.requestStatus !== undefined && state.requestStatus !== CREATED;
}

/** The provider settings (wait timeout, poll cap, adopt) to keep in the state. */
export type Settings = Pick<DeploymentResourceInputs, (typeof SETTING_KEYS)[number] | "adopt">;

/** The settings part of inputs or of a prior state: the wait settings and `adopt`, kept in the state. */
export function settingsOf(source: Settings): Settings {
  return {
    waitTimeoutSeconds: source.waitTimeoutSeconds,
    pollIntervalMaxSeconds: source.pollIntervalMaxSeconds,
    adopt: source.adopt,
  };
}

/** What the provider knows about a resource besides the server's view of it. */
export interface StateContext {
  /** The wait settings in force. */
  readonly settings: Settings;
  /** Names of the properties set by the program (undefined: every property the server reports). */
  readonly inputPropertyKeys?: readonly string[];
  /** The creation request. */
  readonly requestId?: string;
  /** Its last known status. */
  readonly requestStatus?: string;
}

/** The state of a resource as the server reports it. */
export function stateFromServer(resource: Resource, context: StateContext): DeploymentResourceState {
  const properties = resource.properties ?? {};
  return withoutUndefined({
    name: resource.name,
    type: resource.type,
    projectId: resource.projectId ?? resource.project?.id ?? undefined,
    deploymentId: resource.deploymentId ?? resource.deployment?.id ?? undefined,
    properties,
    inputPropertyKeys: [...(context.inputPropertyKeys ?? Object.keys(properties))],
    ...context.settings,
    resourceId: resource.id,
    requestId: context.requestId,
    requestStatus: context.requestStatus,
    syncStatus: resource.syncStatus ?? undefined,
    origin: resource.origin ?? undefined,
    createdAt: resource.createdAt ?? undefined,
    description: resource.description ?? undefined,
    orgId: resource.orgId ?? undefined,
    projectName: resource.project?.name ?? undefined,
    deploymentName: resource.deployment?.name ?? undefined,
  });
}

/**
 * The state of a resource whose creation did not finish, recorded so that the next run removes it:
 * the inputs as given, the ids the server answered, and the request's last status.
 */
export function incompleteState(
  inputs: DeploymentResourceInputs,
  ids: { resourceId: string; deploymentId?: string | null; projectId?: string | null; requestId: string },
  requestStatus: string,
): DeploymentResourceState {
  return withoutUndefined({
    ...inputs,
    properties: inputs.properties ?? {},
    inputPropertyKeys: Object.keys(inputs.properties ?? {}),
    projectId: ids.projectId ?? inputs.projectId,
    deploymentId: ids.deploymentId ?? inputs.deploymentId,
    resourceId: ids.resourceId,
    requestId: ids.requestId,
    requestStatus,
  });
}

/**
 * The inputs that would produce `state`: the API inputs as the server reports them (properties
 * restricted to those the program set) and the settings carried forward. `read` returns these.
 */
export function inputsFromState(state: DeploymentResourceState): Record<string, unknown> {
  const declared = state.inputPropertyKeys ?? Object.keys(state.properties ?? {});
  return withoutUndefined({
    name: state.name,
    type: state.type,
    projectId: state.projectId,
    deploymentId: state.deploymentId,
    properties: declared.length === 0 ? undefined : pick(state.properties, declared),
    ...settingsOf(state),
  });
}

/**
 * The inputs that declare a resource found on the server without a declaration of it (`pulumi
 * import`, the `import` resource option): what a user writes, so that the code the CLI generates
 * from them previews with no change. Name, type, project and every property the server holds; no
 * deployment (a program that leaves it unset lets the server choose, and a diff takes unset as the
 * server's), and the wait settings and `adopt` at their defaults (unset).
 */
export function importedInputsFromState(state: DeploymentResourceState): Record<string, unknown> {
  return withoutUndefined({
    name: state.name,
    type: state.type,
    projectId: state.projectId,
    properties: Object.keys(state.properties ?? {}).length === 0 ? undefined : state.properties,
  });
}
