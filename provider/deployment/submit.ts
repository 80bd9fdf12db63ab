/**
 * Sending a deployment resource's creation so that an ambiguous answer never leaves a duplicate or
 * an orphan. `POST /deployment/api/resources` is not idempotent and the API gives nothing to
 * recognise a creation by (names are not unique), so:
 *
 * 1. before the first POST, the resources that already match what is sent (name, type, and the
 *    project and deployment when given) are listed: those are never taken for this creation;
 * 2. a 429 is retried by the client (the server did nothing);
 * 3. after an answer that leaves it open whether the server acted (a 5xx, a lost answer, a
 *    timeout), the matches are listed again for a while: a new one is what that POST made, and the
 *    creation goes on with it; when none appears, the POST is sent again (a bounded number of times:
 *    the loop both kinds use, ../common/create-recovery.ts, with "not there before" as its rule);
 * 4. once a creation accepted after such an answer has settled, a match that appeared late (a lost
 *    POST did act, after all) is deleted, so that one resource is left, and said so.
 *
 * Without the first list (the credentials may not list resources), an ambiguous answer fails with a
 * message that says what to look for on the server.
 *
 * With `adopt`, the one resource that already matches is taken over instead of creating another:
 * what the engine forgot when a run was killed while creating it.
 */
import type { Resource, ResourceRequestResponse } from "../client/schemas";
import { isAriaApiError } from "../client/errors";
import { errorMessage } from "../common/api-failures";
import { deepEqual, withoutUndefined } from "../core/json";
import type { OperationDeps } from "./api";
import { deleteAndWait } from "./delete";
import { settleMs } from "./requests";
import { reporter } from "../common/report";
import type { DeploymentResourceInputs } from "./schema";
import type { Settings } from "./state";
import { backoffDelay, type Backoff } from "../core/clock";
import { attemptsWithinTotalWait, createWithRecovery } from "../common/create-recovery";
import { DEFAULT_RETRY_POLICY } from "../client/retry-policy";
import { awaitedCreation } from "./awaited";

/** How long, at most, to look for the resource an ambiguous POST may have made before sending again. */
export const RECOVERY_WINDOW_MS = 20_000;

/**
 * POSTs sent at most for one creation (the first and the resends after ambiguous answers): as many
 * looks of {@link RECOVERY_WINDOW_MS} as fit in the client's longest wait for one request
 * (../common/create-recovery.ts): four.
 */
export const CREATE_ATTEMPTS = attemptsWithinTotalWait(RECOVERY_WINDOW_MS, DEFAULT_RETRY_POLICY);

/** Pauses between the recovery's listings: a quarter second, doubling, at most 4 s. */
const RECOVERY_BACKOFF: Backoff = { initialMs: 250, factor: 2, maxMs: 4_000 };

/** The answer to the creation: the request to follow and the ids of what it creates. */
export type Submitted = ResourceRequestResponse;

/** A creation sent: its answer, and what to do once its request has settled. */
export interface Sent {
  /** The request to follow and the ids of what it creates. */
  readonly answer: Submitted;
  /**
   * Deletes what earlier, ambiguous attempts made after all (they showed only once this creation
   * settled); does nothing when every answer was clear.
   */
  readonly removeLateDuplicates: () => Promise<void>;
  /** True when nothing was sent: `adopt` took over the one resource that already matched. */
  readonly adopted?: boolean;
  /** True when nothing was sent: the request of a creation an earlier run awaited (./awaited.ts) goes on. */
  readonly continued?: boolean;
}

/** Sends the creation; see the module comment. */
export async function submitCreation(
  deps: OperationDeps,
  inputs: DeploymentResourceInputs,
  what: string,
  settings: Settings,
): Promise<Sent> {
  const { report } = reporter(deps);
  const body = withoutUndefined({
    name: inputs.name,
    type: inputs.type,
    projectId: inputs.projectId,
    deploymentId: inputs.deploymentId,
    properties: inputs.properties,
  });
  const existing = await existingMatches(deps, inputs);
  const awaited = existing && (await awaitedCreation(deps, existing, what));
  if (awaited) return { answer: awaited, removeLateDuplicates: async () => {}, continued: true };
  if (inputs.adopt) {
    const adopted = await adoption(deps, inputs, what, existing);
    if (adopted) return { answer: adopted, removeLateDuplicates: async () => {}, adopted: true };
  }
  const before = existing && new Set(existing.map((resource) => resource.id));
  if (before !== undefined && before.size > 0) {
    // Names are not unique, so this may be intended; but it is also what a run killed while
    // creating this resource leaves behind (the engine then forgets the creation).
    report(
      `${what}: ${before.size} resource(s) with this name, type, project and properties already exist ` +
        `(${[...before].join(", ")}); this creation adds another. If an interrupted run made one of them, ` +
        "delete it on the server.",
    );
  }
  const isNew = (resource: Resource): boolean => before !== undefined && !before.has(resource.id);
  return createWithRecovery<Sent, Resource>({
    attempts: CREATE_ATTEMPTS,
    post: async (afterAmbiguous) => {
      const answer = await deps.api.createResource(body);
      return {
        answer,
        removeLateDuplicates:
          !afterAmbiguous || before === undefined
            ? async () => {}
            : () => removeLateDuplicates(deps, inputs, before, answer, what, settings),
      };
    },
    isAmbiguous: mayHaveCreated,
    lookUp: async (error) => {
      if (before === undefined) throw ambiguousCreate(what, inputs, error);
      return lookForNew(deps, inputs, isNew, settings);
    },
    // Names are not unique: a match is this creation's when it was not there before the first POST.
    isMine: isNew,
    takeMine: async (resource, error) => {
      const made = await followed(deps, resource);
      report(
        `${what}: the answer to the creation was lost (${errorMessage(error)}), but it went through: ` +
          `following resource ${made.resourceId}`,
      );
      return { answer: made, removeLateDuplicates: async () => {} };
    },
    exhausted: (error, attempts) =>
      new Error(
        `${ambiguousCreate(what, inputs, error).message} The server answered ${attempts} creations ` +
          `ambiguously and none of them made a resource within ${Math.round(RECOVERY_WINDOW_MS / 1000)}s.`,
      ),
    beforeResend: (_attempt, error) =>
      report(`${what}: ${errorMessage(error)}; no resource was made, sending the creation again`),
  });
}

/** True when a failed `POST` may nevertheless have reached the server (no answer, or a 5xx). */
function mayHaveCreated(error: unknown): boolean {
  return isAriaApiError(error, "Timeout", "NetworkError", "ServerError", "HttpError") && error.sentRequest;
}

/**
 * The error of a creation whose fate is unknown: the user is told how to find a resource the server
 * may have created.
 */
function ambiguousCreate(what: string, inputs: DeploymentResourceInputs, error: unknown): Error {
  return new Error(
    `${what}: ${errorMessage(error)} The server may have accepted the creation before the failure: look for a ` +
      `resource named '${inputs.name}' of type ${inputs.type} (e.g. with getResources({ search: ` +
      `${JSON.stringify(inputs.name)} })) and delete it before running again, or the next run creates a second one.`,
  );
}

/** True when a listed resource is one this creation could have made. */
function matches(resource: Resource, inputs: DeploymentResourceInputs): boolean {
  if (resource.name !== inputs.name || resource.type !== inputs.type) return false;
  if (inputs.projectId !== undefined && resource.projectId !== inputs.projectId) return false;
  if (inputs.deploymentId !== undefined && resource.deploymentId !== inputs.deploymentId) return false;
  // The server adds properties of its own; every one sent must be there as sent.
  const stored = resource.properties ?? {};
  return Object.entries(inputs.properties ?? {}).every(([key, value]) => deepEqual(stored[key], value));
}

async function listMatches(deps: OperationDeps, inputs: DeploymentResourceInputs): Promise<Resource[]> {
  const listed = await deps.api.listAllResources({
    search: inputs.name,
    resourceTypes: [inputs.type],
    ...(inputs.projectId !== undefined && { projects: [inputs.projectId] }),
  });
  return listed.filter((resource) => matches(resource, inputs));
}

/**
 * `adopt`: the one resource that already matches, followed instead of creating another; undefined
 * when none matches (then it is created). Fails when it cannot tell (no list) or when several match.
 */
async function adoption(
  deps: OperationDeps,
  inputs: DeploymentResourceInputs,
  what: string,
  existing: readonly Resource[] | undefined,
): Promise<Submitted | undefined> {
  if (existing === undefined) {
    throw new Error(
      `${what}: adopt needs to list the server's resources, and listing them failed (see above). ` +
        "Check the credentials' rights, or remove `adopt` to create the resource.",
    );
  }
  if (existing.length > 1) {
    throw new Error(
      `${what}: adopt takes over one resource, but ${existing.length} match the name, type, project and ` +
        `properties (${existing.map((resource) => resource.id).join(", ")}). Delete the ones this program ` +
        "should not manage and run `pulumi up` again.",
    );
  }
  if (existing.length === 0) return undefined;
  reporter(deps).report(`${what}: adopting the existing resource ${existing[0].id}`);
  return followed(deps, existing[0]);
}

/** The matches before anything is sent; undefined when they cannot be listed. */
async function existingMatches(
  deps: OperationDeps,
  inputs: DeploymentResourceInputs,
): Promise<readonly Resource[] | undefined> {
  try {
    return await listMatches(deps, inputs);
  } catch (error) {
    reporter(deps).report(
      `create ${inputs.type} '${inputs.name}': cannot list resources (${errorMessage(error)}); a lost answer to ` +
        "the creation will not be recovered",
    );
    return undefined;
  }
}

/**
 * Polls the matches for up to {@link RECOVERY_WINDOW_MS}, until one is new (not there before the
 * first POST): the last listing (none when listing fails).
 */
async function lookForNew(
  deps: OperationDeps,
  inputs: DeploymentResourceInputs,
  isNew: (resource: Resource) => boolean,
  settings: Settings,
): Promise<readonly Resource[]> {
  const { clock } = deps;
  const limit = Math.min(RECOVERY_WINDOW_MS, settleMs(settings));
  const started = clock.now();
  for (let poll = 0; ; poll++) {
    const found = await listMatches(deps, inputs).catch((): Resource[] => []);
    if (found.some(isNew)) return found;
    if (clock.now() - started >= limit) return found;
    await clock.sleep(backoffDelay(poll, RECOVERY_BACKOFF));
  }
}

/** The creation answer for a resource found on the server: its request from `currentRequest`. */
async function followed(deps: OperationDeps, resource: Resource): Promise<Submitted> {
  const current = await deps.api.getResource(resource.id, ["currentRequest"]);
  const requestId = current.currentRequest?.id;
  if (requestId === undefined) {
    throw new Error(
      `create ${resource.type} '${resource.name}': resource ${resource.id} was made by a creation whose answer ` +
        "was lost, and the server names no request for it. Check it on the server, then run `pulumi refresh` " +
        "and `pulumi up`.",
    );
  }
  return {
    resourceId: resource.id,
    requestId,
    deploymentId: resource.deploymentId ?? current.deploymentId ?? "",
    projectId: resource.projectId ?? current.projectId ?? "",
  };
}

/** Deletes matches that appeared after the accepted creation's earlier, ambiguous attempts. */
async function removeLateDuplicates(
  deps: OperationDeps,
  inputs: DeploymentResourceInputs,
  before: ReadonlySet<string>,
  accepted: Submitted,
  what: string,
  settings: Settings,
): Promise<void> {
  const { report } = reporter(deps);
  const late = await listMatches(deps, inputs).then(
    (found) => found.filter((r) => !before.has(r.id) && r.id !== accepted.resourceId),
    () => [],
  );
  for (const duplicate of late) {
    const deploymentId = duplicate.deploymentId;
    if (!deploymentId) {
      report(
        `${what}: resource ${duplicate.id} was made by an earlier attempt whose answer was lost; delete it`,
      );
      continue;
    }
    report(
      `${what}: resource ${duplicate.id} was made by an earlier attempt whose answer was lost; deleting it`,
    );
    try {
      await deleteAndWait(
        deps,
        { resourceId: duplicate.id, deploymentId },
        what,
        settings,
        settleMs(settings),
      );
    } catch (error) {
      report(
        `${what}: could not delete the duplicate resource ${duplicate.id} (${errorMessage(error)}); delete it on ` +
          "the server",
      );
    }
  }
}
