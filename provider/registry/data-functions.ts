import type { DataFunction } from "../common/data-function";
import * as endpointLookups from "../endpoint/lookups";
import * as catalogLookups from "../endpoint/catalog-lookups";
import * as deploymentLookups from "../deployment/lookups";

/*
 * Every data function, registered by one explicit list (DATA_FUNCTIONS), each declared once with
 * `defineDataFunction` in a lookups file: the plugin serves them by token and generates their schema
 * from the list, and scripts/gen-dynamic.js generates the program's `getX`/`getXOutput` pairs from it,
 * in its order. A new data function is added to the list; a new lookups file to LOOKUP_MODULES too.
 */

/**
 * The lookups files, by their path under provider/: where the generated `getX`/`getXOutput` pairs
 * import each listed data function from (scripts/gen-dynamic.js), not what is registered.
 */
export const LOOKUP_MODULES: Readonly<Record<string, object>> = {
  "endpoint/lookups": endpointLookups,
  "endpoint/catalog-lookups": catalogLookups,
  "deployment/lookups": deploymentLookups,
};

/** A data function of the provider, its arguments and result as an invoke carries them. */
export type AnyDataFunction = DataFunction<string, never, object>;

/**
 * Every data function the provider serves, in the order the schema, the generated pairs and the
 * reference list them. A data function is served only when it is listed here.
 */
export const DATA_FUNCTIONS: readonly AnyDataFunction[] = [
  endpointLookups.getEndpointFunction,
  endpointLookups.getEndpointsFunction,
  catalogLookups.getEndpointTilesFunction,
  catalogLookups.getEndpointTileFunction,
  catalogLookups.getEndpointCertificateFunction,
  catalogLookups.validateEndpointFunction,
  catalogLookups.getAboutFunction,
  deploymentLookups.getResourceFunction,
  deploymentLookups.getResourcesFunction,
  deploymentLookups.getResourceFiltersFunction,
  deploymentLookups.getResourceFilterFunction,
];

/** The data function an invoke token names, if it is one of ours. */
export function dataFunctionByToken(token: string): AnyDataFunction | undefined {
  return DATA_FUNCTIONS.find((candidate) => candidate.token === token);
}
