import type { AriaClient } from "../client";
import { checkDataFunctionArgs, DATA_FUNCTION_TOKENS, type DataFunctionName } from "../common/data-functions";
import { ENDPOINT_DATA_FUNCTIONS } from "../endpoint/lookups";
import { CATALOG_DATA_FUNCTIONS } from "../endpoint/catalog-lookups";
import { DEPLOYMENT_DATA_FUNCTIONS } from "../deployment/lookups";

/*
 * Every data function of the provider core, by name and by invoke token: a plain function of a
 * client and plain arguments. A program runs them through its lookups (`getEndpoint`, ... in
 * ../endpoint/lookups.ts and friends, with the program's client, or the mocks); the plugin door
 * answers an invoke of the token with the provider's client.
 */

/** A data function of the core. */
export type CoreDataFunction = (client: AriaClient, args: Record<string, unknown>) => Promise<object>;

/**
 * Every data function's body, by name. `satisfies` makes `tsc` refuse a token without a body; the
 * cast only widens each body's own argument type to the plain values an invoke carries (they are
 * checked against the argument schemas before a body runs).
 */
export const DATA_FUNCTIONS: Readonly<Record<DataFunctionName, CoreDataFunction>> = {
  ...ENDPOINT_DATA_FUNCTIONS,
  ...CATALOG_DATA_FUNCTIONS,
  ...DEPLOYMENT_DATA_FUNCTIONS,
} satisfies Record<DataFunctionName, unknown> as unknown as Record<DataFunctionName, CoreDataFunction>;

/**
 * The data function an invoke token names, if it is one of ours, with its arguments checked first
 * (an error naming each one that is not valid).
 */
export function dataFunctionByToken(token: string): CoreDataFunction | undefined {
  const name = (Object.keys(DATA_FUNCTION_TOKENS) as DataFunctionName[]).find(
    (key) => DATA_FUNCTION_TOKENS[key] === token,
  );
  if (name === undefined) return undefined;
  return async (client, args) => {
    checkDataFunctionArgs(name, args);
    return DATA_FUNCTIONS[name](client, args);
  };
}
