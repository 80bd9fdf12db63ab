import * as pulumi from "@pulumi/pulumi";
import { mocksAreSet } from "../runtime/pulumi-internals";
import { programApiClient } from "../runtime/context";
import type { AriaClient } from "../client";
import type { z } from "zod";
import { parseOrThrow } from "./check-failures";
import {
  GetEndpointArgs,
  GetEndpointCertificateArgs,
  GetEndpointsArgs,
  GetEndpointTileArgs,
  ValidateEndpointArgs,
} from "../endpoint/lookup-schemas";
import {
  GetResourceArgs,
  GetResourceFilterArgs,
  GetResourceFiltersArgs,
  GetResourcesArgs,
} from "../deployment/schema";
import type { LookupOptions } from "./lookup-output";

/*
 * The data functions, by name, with the invoke token each answers to. The tokens are the ones the
 * provider plugin will serve (`aria:index:<name>`), so that a program's tests mock a data function
 * the same way whichever door serves it. Under `pulumi.runtime.setMocks` a data function does not
 * call the server: it invokes its token, and the mocks' `call` answers, as for every provider's
 * invokes. An invoke answers an object, so a data function returning a list answers it under a key
 * (`getEndpointTiles`: `{tiles}`). Adding a data function: add its name here, write its body as a
 * {@link DataFunctionBody} (the provider core's registry, ../core/data-functions.ts, serves it to the
 * plugin), and run it in the program through `dataFunction`.
 */

/** Every data function's invoke token. */
export const DATA_FUNCTION_TOKENS = {
  getEndpoint: "aria:index:getEndpoint",
  getEndpoints: "aria:index:getEndpoints",
  getEndpointTiles: "aria:index:getEndpointTiles",
  getEndpointTile: "aria:index:getEndpointTile",
  getEndpointCertificate: "aria:index:getEndpointCertificate",
  validateEndpoint: "aria:index:validateEndpoint",
  getAbout: "aria:index:getAbout",
  getResource: "aria:index:getResource",
  getResources: "aria:index:getResources",
  getResourceFilters: "aria:index:getResourceFilters",
  getResourceFilter: "aria:index:getResourceFilter",
} as const;

/** The name of a data function. */
export type DataFunctionName = keyof typeof DATA_FUNCTION_TOKENS;

/**
 * Every data function's arguments (none: it takes none), checked before it runs, whichever door
 * calls it and under the mocks too: a wrong argument fails naming it instead of reaching a server or a
 * mock. The plugin's schema declares the same (../plugin/schema.ts).
 */
export const DATA_FUNCTION_ARGS: Readonly<Record<DataFunctionName, z.ZodType | undefined>> = {
  getEndpoint: GetEndpointArgs,
  getEndpoints: GetEndpointsArgs,
  getEndpointTiles: undefined,
  getEndpointTile: GetEndpointTileArgs,
  getEndpointCertificate: GetEndpointCertificateArgs,
  validateEndpoint: ValidateEndpointArgs,
  getAbout: undefined,
  getResource: GetResourceArgs,
  getResources: GetResourcesArgs,
  getResourceFilters: GetResourceFiltersArgs,
  getResourceFilter: GetResourceFilterArgs,
};

/**
 * Throws an error naming every argument that is not valid (`pulumi-aria: invalid arguments to
 * getEndpoint: top: ...`); the arguments themselves go on as given.
 */
export function checkDataFunctionArgs(name: DataFunctionName, args: unknown): void {
  const schema = DATA_FUNCTION_ARGS[name];
  if (schema) parseOrThrow(schema, args ?? {}, name);
  else if (args !== undefined && args !== null && Object.keys(args).length > 0)
    throw new Error(`pulumi-aria: ${name} takes no arguments; remove ${Object.keys(args).join(", ")}.`);
}

/** A data function's body: what it does with a client, whichever door calls it. */
export type DataFunctionBody<A, R> = (client: AriaClient, args: A) => Promise<R>;

/**
 * Runs a data function in a program: `run` against the server with the program's client, or, under
 * `pulumi.runtime.setMocks`, an invoke of its token with the arguments as given, which the mocks'
 * `call` answers.
 */
export async function dataFunction<R>(
  name: DataFunctionName,
  args: object,
  opts: LookupOptions | undefined,
  run: (client: AriaClient) => Promise<R>,
): Promise<R> {
  checkDataFunctionArgs(name, args);
  if (!mocksAreSet()) return run(programApiClient());
  return (await pulumi.runtime.invoke(DATA_FUNCTION_TOKENS[name], args as pulumi.Inputs, opts)) as R;
}
