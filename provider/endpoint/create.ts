/**
 * Endpoint create: POST, or take over the existing endpoint (`adopt`), and never a duplicate when
 * the server answers ambiguously. (project, name) is unique on the server, so a create can always
 * be made safe: after a 502/503/504, a timeout or a lost answer, the endpoint is looked up by
 * project and name; if it is there and is what was sent, the create went through; if it is not
 * there, the create is sent again; if something else has that name, nothing is taken over. A 409
 * is resolved the same way, which is also how an `up` killed after its POSTs recognises, on the
 * next run, the endpoints it created. (A 429 is retried by the client: the server did nothing.)
 */
import { deepEqual } from "../core/json";
import type { ApiEndpoint, EndpointApi } from "./api";
import {
  alreadyExistsMessage,
  endpointFailure,
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

/** POSTs sent at most for one create (the first and the resends after ambiguous answers). */
export const CREATE_ATTEMPTS = 4;
/** Pauses between resends: half a second, doubling, spread by jitter. */
const RESEND_BACKOFF: Backoff = { initialMs: 500, factor: 2, maxMs: Infinity, jitter: "half" };

/** POST the endpoint, or take over the existing one (`adopt`), or recover from an ambiguous answer. */
export async function createOrAdopt(
  client: EndpointApi,
  declared: EndpointInputs,
  clock: Clock,
): Promise<ApiEndpoint> {
  const spec = toSpec(declared);
  const ref: EndpointRef = { name: declared.name, project: declared.project };
  const secrets = secretStrings(declared.secretProperties);
  const writesSecrets = Object.keys(declared.secretProperties ?? {}).length > 0;

  if (declared.adopt) {
    const existing = await findByName(client, ref, secrets);
    if (existing) return adopt(client, existing, spec, ref, secrets, writesSecrets);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.createEndpoint(spec);
    } catch (error) {
      if (isConflict(error)) {
        const existing = await findByName(client, ref, secrets);
        // Created by someone else between the lookup and the POST: adopt it after all.
        if (existing && declared.adopt) return adopt(client, existing, spec, ref, secrets, writesSecrets);
        // Created by an earlier attempt of this create, or by a run killed before it saved its state.
        if (existing && isWhatWasSent(existing, spec)) return existing;
        throw new Error(alreadyExistsMessage(ref));
      }
      if (isForbidden(error) && declared.isRestricted) throw new Error(restrictedMessage("create", ref));
      if (!isAmbiguousOutcome(error)) throw endpointFailure("create", ref, error, secrets);
      // The POST may have gone through: take the endpoint if it is the one sent, never a duplicate.
      const existing = await findByName(client, ref, secrets).catch(() => undefined);
      if (existing && isWhatWasSent(existing, spec)) return existing;
      if (existing) {
        throw new Error(
          `${endpointFailure("create", ref, error, secrets).message} An endpoint of that name now exists ` +
            `(id ${existing.id}) and differs from the declared one, so it was not taken over: it may be the ` +
            "one this create sent, changed since, or another one. Check it on the server; to manage it from " +
            "this program, set `adopt: true` and run `pulumi up` again.",
        );
      }
      if (attempt >= CREATE_ATTEMPTS) {
        throw new Error(
          `${endpointFailure("create", ref, error, secrets).message} The server answered ambiguously ${attempt} ` +
            "times and no endpoint of that name exists now, so nothing was created. Run `pulumi up` again.",
        );
      }
      await clock.sleep(backoffDelay(attempt - 1, RESEND_BACKOFF, () => clock.random()));
    }
  }
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
 * True when the stored endpoint is the one the spec describes: same type, description and
 * restriction, and every property as sent (secrets, masked, are not compared; numbers sent as
 * strings compare by their text).
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

/** True when the stored endpoint already has every declared field and property exactly. */
export function isAsDeclared(endpoint: ApiEndpoint, spec: EndpointSpec): boolean {
  const stored = endpoint.properties ?? {};
  return (
    (endpoint.description ?? "") === spec.description &&
    (endpoint.isRestricted ?? false) === (spec.isRestricted ?? false) &&
    (spec.cloudProxyId === undefined || endpoint.cloudProxyId === spec.cloudProxyId) &&
    Object.entries(spec.properties).every(([key, value]) => deepEqual(stored[key], value))
  );
}
