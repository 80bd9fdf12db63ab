import * as pulumi from "@pulumi/pulumi";
import type { LookupInputs } from "./lookup-inputs";
import { dependsOnHelpers, isKnown } from "../runtime/pulumi-internals";

/*
 * Dynamic providers have no invokes, so the lookups are plain functions in the program process. Their
 * Output forms follow the rules of the SDK's own output-form invokes (`invokeOutput` in
 * sdk/nodejs/runtime/invoke.ts), so that they behave like every other Pulumi lookup:
 *
 * - unknown arguments give an unknown result (the lookup does not run);
 * - the resources behind the arguments and the `dependsOn` option (through components, to the custom
 *   resources they hold) are waited for; if any of them has no known id yet, which in a preview means
 *   it is still to be created or is being replaced, the result is unknown instead of a lookup of
 *   something that does not exist yet.
 *
 * That is what makes a program that looks up an endpoint it declares itself preview cleanly the first
 * time, and again after the endpoint was deleted outside Pulumi and is planned for re-creation.
 */

/** The options of an Output-form lookup, as for Pulumi's own `getXOutput(args, opts)` functions. */
export type LookupOutputOptions = pulumi.InvokeOutputOptions;

/** The options of a plain lookup, as for Pulumi's own `getX(args, opts)` functions. */
export type LookupOptions = pulumi.InvokeOptions;

/**
 * True when every custom resource the arguments or `dependsOn` refer to has a known id. Outside a
 * preview this waits until they are created, as an invoke with `dependsOn` does.
 */
export async function dependenciesKnown(
  args: unknown,
  dependsOn: LookupOutputOptions["dependsOn"],
): Promise<boolean> {
  const helpers = dependsOnHelpers();
  const direct = new Set<pulumi.Resource>(await helpers.gatherExplicitDependencies(dependsOn));
  for (const resource of await pulumi.getAllResources(pulumi.output(args))) direct.add(resource);
  const reachable = await helpers.getAllTransitivelyReferencedResources(direct, new Set());
  for (const resource of reachable) {
    if (pulumi.CustomResource.isInstance(resource) && resource.id && !(await isKnown(resource.id)))
      return false;
  }
  return true;
}

/**
 * The Output form of a lookup: runs `lookup` once the arguments are known and every resource they
 * (or `opts.dependsOn`) refer to exists; unknown during a preview otherwise. Secret arguments make a
 * secret result, as for invokes, and so does a result for which `secretWhen` holds (the data
 * function's `secretResult`: one that shows a credential in clear).
 */
export function lookupOutput<A, R>(
  args: LookupInputs<A> | A,
  opts: LookupOutputOptions | undefined,
  lookup: (plain: A) => Promise<R>,
  secretWhen: (result: R) => boolean,
): pulumi.Output<R> {
  const inputs = pulumi.output(args as pulumi.Input<A>);
  const ready = dependenciesKnown(args, opts?.dependsOn);
  const result = pulumi
    .all([inputs, ready])
    .apply(async ([plain, known]) =>
      known ? lookup(plain as A) : (pulumi.unknown as unknown as R),
    ) as pulumi.Output<R>;
  return result.apply((value) => {
    const plain = pulumi.output(value);
    return secretWhen(value) ? pulumi.secret(plain) : plain;
  }) as pulumi.Output<R>;
}
