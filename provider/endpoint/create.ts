/**
 * Endpoint create: POST, or take over the existing endpoint (`adopt`), and never a duplicate when
 * the server answers ambiguously, and never another stack's endpoint. (project, name) is unique on
 * the server, so a create can always be made safe: after a 502/503/504, a timeout or a lost answer,
 * the endpoint is looked up by project and name; if it is not there, the create is sent again (the
 * name's uniqueness makes the resend safe: at worst it meets a 409, resolved as below). If it is
 * there, or the POST meets a 409, the endpoint is this create's own only when it bears the mark of
 * this resource's URN (../client/owner-mark.ts: the POST sends it, the client reads it back as
 * `createdFor`), whether this create's earlier attempt made it or a run of the same stack killed
 * before it saved its state. Anything else is not taken over without `adopt`: the create fails,
 * naming the endpoint, who made it and how to take it over on purpose. (A 429 is retried by the
 * client: the server did nothing.) The loop is the one both kinds use (../common/create-recovery.ts):
 * this module gives it the POST, the lookup by name and the owner mark as its "is it mine" rule.
 */
import { deepEqual } from "../core/json";
import type { ApiEndpoint, EndpointApi } from "./api";
import {
  endpointFailure,
  takenMessage,
  describeEndpoint,
  EndpointRef,
  isAmbiguousOutcome,
  restrictedMessage,
  secretStrings,
} from "./messages";
import { isConflict, isForbidden } from "../common/api-failures";
import { unlessNotFound } from "../client/errors";
import { odataLiteral } from "./odata";
import { isMasked } from "../core/secrets";
import { withHeldSecrets } from "./state";
import { backoffDelay, type Backoff, type Clock } from "../core/clock";
import { EndpointInputs, EndpointSpec, toSpec } from "./schema";
import { attemptsAfterLookup, createWithRecovery } from "../common/create-recovery";
import { DEFAULT_RETRY_POLICY, retryBackoff } from "../client/retry-policy";

/**
 * POSTs sent at most for one create (the first and the resends after ambiguous answers): the
 * client's budget for a request that is safe to repeat (../common/create-recovery.ts), since a
 * resend follows a lookup that found nothing. Four were too few: under 10% 503s and 10% lost
 * answers a fifth of the POSTs are ambiguous, and 0.2^4 failed one create in ~600 (the issue's
 * `many-0088`); 0.2^9 fails one in ~2 million.
 */
export const CREATE_ATTEMPTS = attemptsAfterLookup(DEFAULT_RETRY_POLICY);
/** Pauses between resends: the client's own between retries (half a second, doubling up to 30 s, jittered). */
const RESEND_BACKOFF: Backoff = retryBackoff(DEFAULT_RETRY_POLICY);

/**
 * POST the endpoint, or take over the existing one (`adopt`), or recover from an ambiguous answer.
 * `owner` is the resource's URN (../core/kind.ts `CreateContext`): the POST marks the endpoint with
 * it, and only an endpoint bearing it is taken over without `adopt`. Without an owner, only an
 * endpoint this very call's earlier, ambiguous POST may have made, and that is as sent, is taken.
 */
export async function createOrAdopt(
  client: EndpointApi,
  declared: EndpointInputs,
  clock: Clock,
  owner?: string,
): Promise<ApiEndpoint> {
  const spec = toSpec(declared);
  const ref: EndpointRef = { name: declared.name, project: declared.project };
  const secrets = secretStrings(declared.secretProperties);
  const writesSecrets = Object.keys(declared.secretProperties ?? {}).length > 0;

  if (declared.adopt) {
    const existing = await findByName(client, ref, secrets);
    if (existing) return adopt(client, existing, spec, ref, secrets, writesSecrets);
  }
  // This resource's own endpoint: marked with its URN, or (without an owner) what an ambiguous POST
  // of this call sent.
  const isOwn = (existing: ApiEndpoint, sentAmbiguously: boolean): boolean =>
    owner !== undefined ? existing.createdFor === owner : sentAmbiguously && isWhatWasSent(existing, spec);
  // Made by this create's lost POST, or by a run of this stack killed before it saved its state: as
  // sent, it is taken as it is (its mark goes with its first update); changed since, it is brought
  // to the declared state.
  const takeOwn = (existing: ApiEndpoint): Promise<ApiEndpoint> | ApiEndpoint =>
    isWhatWasSent(existing, spec) ? existing : adopt(client, existing, spec, ref, secrets, writesSecrets);
  return createWithRecovery<ApiEndpoint, ApiEndpoint>({
    attempts: CREATE_ATTEMPTS,
    post: () => client.createEndpoint(spec, owner),
    isAmbiguous: isAmbiguousOutcome,
    onClearFailure: async (error, sentAmbiguously) => {
      if (isConflict(error)) {
        const existing = await findByName(client, ref, secrets);
        // Created by someone else between the lookup and the POST: adopt it after all.
        if (existing && declared.adopt) return adopt(client, existing, spec, ref, secrets, writesSecrets);
        if (existing && isOwn(existing, sentAmbiguously)) return takeOwn(existing);
        throw new Error(takenMessage(ref, existing));
      }
      if (isForbidden(error) && declared.isRestricted) throw new Error(restrictedMessage("create", ref));
      throw endpointFailure("create", ref, error, secrets);
    },
    lookUp: async () => {
      const existing = await findByName(client, ref, secrets).catch(() => undefined);
      return existing ? [existing] : [];
    },
    // Looked up after an ambiguous answer: this call has sent ambiguously.
    isMine: (existing) => isOwn(existing, true),
    takeMine: takeOwn,
    notMine: (existing, error) =>
      new Error(
        `${endpointFailure("create", ref, error, secrets).message} An endpoint of that name now exists, and ` +
          `this create did not make it, so it was not taken over. ${takenMessage(ref, existing)}`,
      ),
    exhausted: (error, attempts) =>
      new Error(
        `${endpointFailure("create", ref, error, secrets).message} The server answered ambiguously ${attempts} ` +
          "times (an error of its own, a lost answer or a timeout each time), and a lookup after each found " +
          "no endpoint of that name, so nothing was created. Check the server's health, then run " +
          "`pulumi up` again.",
      ),
    beforeResend: (attempt) => clock.sleep(backoffDelay(attempt - 1, RESEND_BACKOFF, () => clock.random())),
  });
}

async function adopt(
  client: EndpointApi,
  existing: ApiEndpoint,
  spec: EndpointSpec,
  ref: EndpointRef,
  secrets: readonly string[],
  writesSecrets: boolean,
): Promise<ApiEndpoint> {
  if (existing.type !== spec.type) {
    throw new Error(
      `Cannot adopt ${describeEndpoint(ref)}: the existing endpoint has type '${existing.type}', not ` +
        `'${spec.type}'. Declare type '${existing.type}', or delete the existing endpoint first.`,
    );
  }
  // Already as declared, and no secret to write (a secret cannot be compared: the server masks it):
  // adoption writes nothing.
  if (!writesSecrets && isAsDeclared(existing, spec)) return existing;
  try {
    // The secrets the server holds and the program leaves out are sent as the mask: the server keeps them.
    const held = Object.keys(existing.properties ?? {}).filter((key) => isMasked(existing.properties?.[key]));
    return await client.updateEndpoint(existing.id, {
      ...spec,
      properties: withHeldSecrets(spec.properties, held),
      project: spec.project ?? existing.project ?? undefined,
    });
  } catch (error) {
    if (isForbidden(error) && (spec.isRestricted || existing.isRestricted)) {
      throw new Error(restrictedMessage("update", ref));
    }
    throw endpointFailure("adopt", ref, error, secrets);
  }
}

/** The endpoint of that (project, name), or undefined. Without a project, the only one of that name. */
async function findByName(
  client: EndpointApi,
  ref: EndpointRef,
  secrets: readonly string[],
): Promise<ApiEndpoint | undefined> {
  const name = ref.name as string;
  const project = ref.project;
  try {
    if (project !== undefined) return await unlessNotFound(() => client.getEndpointByName(project, name));
    const page = await unlessNotFound(() =>
      client.listEndpoints({ filter: `name eq ${odataLiteral(name)}` }),
    );
    const matches = page?.items.filter((item) => item.name === name) ?? [];
    return matches.length === 1 ? matches[0] : undefined;
  } catch (error) {
    throw endpointFailure("look up", ref, error, secrets);
  }
}

/**
 * True when the stored endpoint is the one the spec describes: same type, description (its owner
 * mark aside, as the client reads it) and restriction, and every property as sent (secrets, masked,
 * are not compared; numbers sent as strings compare by their text).
 */
function isWhatWasSent(endpoint: ApiEndpoint, spec: EndpointSpec): boolean {
  if (endpoint.type !== spec.type || (endpoint.description ?? "") !== spec.description) return false;
  if ((endpoint.isRestricted ?? false) !== (spec.isRestricted ?? false)) return false;
  const stored = endpoint.properties ?? {};
  return Object.entries(spec.properties).every(
    ([key, value]) =>
      isMasked(stored[key]) || deepEqual(stored[key], value) || String(stored[key]) === String(value),
  );
}

/**
 * True when the stored endpoint already has every declared field and property exactly, and no owner
 * mark (a marked description is not the declared one: taking it over writes the declared one).
 */
export function isAsDeclared(endpoint: ApiEndpoint, spec: EndpointSpec): boolean {
  const stored = endpoint.properties ?? {};
  return (
    endpoint.createdFor === undefined &&
    (endpoint.description ?? "") === spec.description &&
    (endpoint.isRestricted ?? false) === (spec.isRestricted ?? false) &&
    (spec.cloudProxyId === undefined || endpoint.cloudProxyId === spec.cloudProxyId) &&
    Object.entries(spec.properties).every(([key, value]) => deepEqual(stored[key], value))
  );
}
