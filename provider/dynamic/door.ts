import type * as pulumi from "@pulumi/pulumi";
import { ResourceInitError, type ResourceKind } from "../core/kind";
import { reveal, type PropertyMap } from "../core/values";
import { withMovedSecrets } from "../core/checked-inputs";
import { withoutUndefined } from "../core/json";
import { kindInputs, OWNER_KEY, PROVIDER_KEY } from "../core/hidden-inputs";
import { ownerOf } from "./owner";

/*
 * The dynamic door: a provider-core resource kind (../core/kind.ts) served as a Pulumi dynamic
 * provider. What it translates (the hidden inputs: ../core/hidden-inputs.ts):
 * - `__provider`, the engine's copy of the serialised stub, is taken out of what the kind sees and
 *   put back where the SDK's dynamic shim does not (the outputs of a creation that did not finish);
 * - `__owner`, the resource's URN as the program composed it (./endpoint.ts), is taken out likewise,
 *   kept through `check` (for a create, or when the stored inputs hold it: see {@link ownerKept})
 *   and handed to `create` as its context's owner;
 * - the secrets `check` moved out of the plain properties, which the kind answers beside its checked
 *   inputs, are noted in them for an analyzer (`movedSecrets`), and taken out again on the way in;
 * - secrets: the shim hands the provider plain values (it drops the marks) and the resources declare
 *   their secret outputs (`additionalSecretOutputs`), so the core's {@link Secret} marks on outputs
 *   are unwrapped here.
 * - diffs: the kind's detailed diff (`diffs`, `detailedDiff`) has no place in a dynamic provider's
 *   answer (the SDK's shim forwards `changes`, `replaces` and `deleteBeforeReplace`): it is left out.
 * Unknowns need no translation: the core's mark is the engine's own sentinel.
 */

/** A dynamic provider without `configure` (configuration is shared, see ./impl.ts). */
export type DynamicProvider = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;

/**
 * Whether `check` keeps `__owner` in the inputs it returns: when a create may follow (no old inputs:
 * the engine checks every create, a replacement's included, without them), or when the stored inputs
 * hold it. Not otherwise: the inputs a refresh stores are `read`'s, rebuilt from the outputs, which
 * have no `__owner`, and an unchanged resource's checked inputs must equal its stored inputs, or the
 * engine writes the whole state for each one (its snapshot manager compares them for every `same`
 * step): an `up` after a refresh would cost O(N²).
 */
function ownerKept(olds: Record<string, unknown> | undefined): boolean {
  return olds === undefined || Object.keys(olds).length === 0 || OWNER_KEY in olds;
}

function plain(map: PropertyMap | undefined): Record<string, unknown> | undefined {
  return map === undefined ? undefined : reveal<Record<string, unknown>>(map);
}

/** Serves one resource kind as a dynamic provider. */
export function dynamicDoor(kind: ResourceKind): DynamicProvider {
  return {
    async check(olds, news) {
      const result = await kind.check(kindInputs(olds), kindInputs(news));
      const owner = news?.[OWNER_KEY];
      const checked = plain(result.inputs);
      const inputs = checked && withMovedSecrets(checked, result.moved);
      // Kept for create, which reads it from the checked inputs.
      const keep = owner !== undefined && inputs !== undefined && ownerKept(olds);
      return { inputs: keep ? { ...inputs, [OWNER_KEY]: owner } : inputs, failures: result.failures };
    },
    async diff(id, olds, news) {
      // What a dynamic provider's diff can answer (../../docs/guides/pr-previews.md): no detailed diff.
      const { changes, replaces, stables, deleteBeforeReplace } = await kind.diff(
        id,
        kindInputs(olds),
        kindInputs(news),
      );
      return withoutUndefined({ changes, replaces, stables, deleteBeforeReplace });
    },
    async create(inputs) {
      try {
        const result = await kind.create(kindInputs(inputs), { owner: ownerOf(inputs) });
        return { id: result.id, outs: plain(result.outs) };
      } catch (error) {
        // The shim records these outputs as they are: without `__provider` the engine could not
        // load the provider again to finish or delete the resource.
        if (error instanceof ResourceInitError) {
          throw new ResourceInitError(error.message, error.id, {
            ...plain(error.properties),
            [PROVIDER_KEY]: inputs[PROVIDER_KEY],
          });
        }
        throw error;
      }
    },
    async read(id, props) {
      const result = await kind.read(id, kindInputs(props));
      return { id: result.id, props: plain(result.props), inputs: plain(result.inputs) };
    },
    async update(id, olds, news) {
      const result = await kind.update(id, kindInputs(olds), kindInputs(news));
      return { outs: plain(result.outs) };
    },
    delete: (id, props) => kind.delete(id, kindInputs(props)),
  };
}
