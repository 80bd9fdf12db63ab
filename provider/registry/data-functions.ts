import { isDataFunction, type DataFunction } from "../common/data-function";
import * as endpointLookups from "../endpoint/lookups";
import * as catalogLookups from "../endpoint/catalog-lookups";
import * as deploymentLookups from "../deployment/lookups";

/*
 * Every data function, found among the exports of the lookups files (each declared there once with
 * `defineDataFunction`): the plugin serves them by token and generates their schema from them, and
 * scripts/gen-dynamic.js generates the program's `getX`/`getXOutput` pairs from them. A new lookups
 * file is added to LOOKUP_MODULES.
 */

/** The modules whose exported data functions the provider serves, by their path under provider/. */
export const LOOKUP_MODULES: Readonly<Record<string, object>> = {
  "endpoint/lookups": endpointLookups,
  "endpoint/catalog-lookups": catalogLookups,
  "deployment/lookups": deploymentLookups,
};

/** A data function of the provider, its arguments and result as an invoke carries them. */
export type AnyDataFunction = DataFunction<string, never, object>;

/** Every data function, in the order the lookups files declare them. */
export const DATA_FUNCTIONS: readonly AnyDataFunction[] = Object.values(LOOKUP_MODULES).flatMap((module) =>
  Object.values(module).filter(isDataFunction),
);

/** The data function an invoke token names, if it is one of ours. */
export function dataFunctionByToken(token: string): AnyDataFunction | undefined {
  return DATA_FUNCTIONS.find((candidate) => candidate.token === token);
}
