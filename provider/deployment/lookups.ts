/**
 * Lookups ("data functions") of deployment resources and resource filters. They run in the
 * program process (dynamic providers have no invokes), during preview too, on the program's client
 * (`vra:` stack config, then the `VRA_*` environment). Each `getX` returns a Promise; each
 * `getXOutput` takes Inputs and returns an Output.
 */
import * as pulumi from "@pulumi/pulumi";
import { collectPages } from "../client/paging";
import type { LookupInputs } from "../common/lookup-inputs";
import { LookupOptions, lookupOutput, LookupOutputOptions } from "../common/lookup-output";
import { Resource } from "../client/schemas";
import type { AriaClient } from "../client";
import { defineDataFunction } from "../common/data-function";
import {
  GetResourceArgs,
  GetResourceFilterArgs,
  GetResourceFilterResult,
  GetResourceFiltersArgs,
  GetResourceFiltersResult,
  GetResourcesArgs,
  GetResourcesResult,
} from "./schema";
import { parseOrThrow } from "../common/check-failures";

export type { GetResourceFilterResult, GetResourceFiltersResult, GetResourcesResult } from "./schema";

/** Items fetched per request when a lookup walks every page. */
export const LOOKUP_PAGE_SIZE = 100;

/** A deployment resource as the API returns it (see `Resource` of the client). */
export type GetResourceResult = Resource;

/** `getResource`, declared for the composition root. */
export const getResourceFunction = defineDataFunction({
  name: "getResource",
  description:
    "Fetches one deployment resource by id (`GET /deployment/api/resources/{id}`); fails when it does not exist.",
  args: GetResourceArgs,
  result: Resource,
  body: readResource,
});

/** Fetches one deployment resource by id (`GET /deployment/api/resources/{id}`); fails when it does not exist. */
export async function getResource(args: GetResourceArgs, opts?: LookupOptions): Promise<GetResourceResult> {
  return getResourceFunction.run(args, opts);
}

function readResource(client: AriaClient, args: GetResourceArgs): Promise<GetResourceResult> {
  const a = parseOrThrow(GetResourceArgs, args, "getResource");
  return client.getResource(a.id, a.expand);
}

/** {@link getResource} over Inputs, as an Output; unknown in a preview while a resource it depends on is to be created. */
export function getResourceOutput(
  args: LookupInputs<GetResourceArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetResourceResult> {
  return lookupOutput(args, opts, getResource);
}

/** `getResources`, declared for the composition root. */
export const getResourcesFunction = defineDataFunction({
  name: "getResources",
  description:
    "Lists deployment resources (`GET /deployment/api/resources`). Filters of one kind match any of their values; different kinds must all match. Without `top`, every page from `skip` on is fetched, in the requested order.",
  args: GetResourcesArgs,
  result: GetResourcesResult,
  body: listResources,
});

/**
 * Lists deployment resources (`GET /deployment/api/resources`). Filters of one kind match any of
 * their values; different kinds must all match. Without `top`, every page from `skip` on is fetched,
 * in the requested order.
 */
export async function getResources(
  args: GetResourcesArgs = {},
  opts?: LookupOptions,
): Promise<GetResourcesResult> {
  return getResourcesFunction.run(args, opts);
}

async function listResources(client: AriaClient, args: GetResourcesArgs): Promise<GetResourcesResult> {
  const { skip, top, ...query } = parseOrThrow(GetResourcesArgs, args ?? {}, "getResources");
  let totalElements: number | undefined;
  const resources = await collectPages(
    async (pageSkip, pageTop) => {
      const page = await client.listResources({ ...query, skip: pageSkip, top: pageTop });
      totalElements ??= page.totalElements ?? undefined;
      return { items: page.content, total: page.totalElements, last: page.last };
    },
    { skip, limit: top, pageSize: Math.min(top ?? LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE) },
  );
  return { resources, totalElements: totalElements ?? (skip ?? 0) + resources.length };
}

/**
 * {@link getResources} over Inputs, as an Output. With `dependsOn`, it lists only once those resources
 * exist (unknown in a preview while they are to be created), as Pulumi's invokes do.
 */
export function getResourcesOutput(
  args: LookupInputs<GetResourcesArgs> = {},
  opts?: LookupOutputOptions,
): pulumi.Output<GetResourcesResult> {
  return lookupOutput(args, opts, (a: GetResourcesArgs) => getResources(a));
}

/** `getResourceFilters`, declared for the composition root. */
export const getResourceFiltersFunction = defineDataFunction({
  name: "getResourceFilters",
  description: "Lists the resource filters of the calling user (`GET /deployment/api/resources/filters`).",
  args: GetResourceFiltersArgs,
  result: GetResourceFiltersResult,
  body: listResourceFilters,
});

/** Lists the resource filters of the calling user (`GET /deployment/api/resources/filters`). */
export async function getResourceFilters(
  args: GetResourceFiltersArgs = {},
  opts?: LookupOptions,
): Promise<GetResourceFiltersResult> {
  return getResourceFiltersFunction.run(args, opts);
}

async function listResourceFilters(
  client: AriaClient,
  args: GetResourceFiltersArgs,
): Promise<GetResourceFiltersResult> {
  const a = parseOrThrow(GetResourceFiltersArgs, args ?? {}, "getResourceFilters");
  const answer = await client.getResourceFilters({ resourceTypes: a.resourceTypes });
  return { filters: answer.filters };
}

/** {@link getResourceFilters} over Inputs, as an Output, honouring `dependsOn`. */
export function getResourceFiltersOutput(
  args: LookupInputs<GetResourceFiltersArgs> = {},
  opts?: LookupOutputOptions,
): pulumi.Output<GetResourceFiltersResult> {
  return lookupOutput(args, opts, (a: GetResourceFiltersArgs) => getResourceFilters(a));
}

/** `getResourceFilter`, declared for the composition root. */
export const getResourceFilterFunction = defineDataFunction({
  name: "getResourceFilter",
  description:
    "Lists the values of one resource filter with their counts (`GET /deployment/api/resources/filters/{filterId}`). Without `top`, every page from `skip` on is fetched, in the requested order.",
  args: GetResourceFilterArgs,
  result: GetResourceFilterResult,
  body: readResourceFilter,
});

/**
 * Lists the values of one resource filter with their counts
 * (`GET /deployment/api/resources/filters/{filterId}`). Without `top`, every page from `skip` on is
 * fetched, in the requested order.
 */
export async function getResourceFilter(
  args: GetResourceFilterArgs,
  opts?: LookupOptions,
): Promise<GetResourceFilterResult> {
  return getResourceFilterFunction.run(args, opts);
}

async function readResourceFilter(
  client: AriaClient,
  args: GetResourceFilterArgs,
): Promise<GetResourceFilterResult> {
  const { filterId, skip, top, ...query } = parseOrThrow(GetResourceFilterArgs, args, "getResourceFilter");
  let totalElements: number | undefined;
  const entries = await collectPages(
    async (pageSkip, pageTop) => {
      const page = await client.getResourceFilter(filterId, { ...query, skip: pageSkip, top: pageTop });
      totalElements ??= page.totalElements ?? undefined;
      return { items: page.content, total: page.totalElements, last: page.last };
    },
    { skip, limit: top, pageSize: Math.min(top ?? LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE) },
  );
  return { filterId, entries, totalElements: totalElements ?? (skip ?? 0) + entries.length };
}

/** {@link getResourceFilter} over Inputs, as an Output, honouring `dependsOn`. */
export function getResourceFilterOutput(
  args: LookupInputs<GetResourceFilterArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetResourceFilterResult> {
  return lookupOutput(args, opts, (a: GetResourceFilterArgs) => getResourceFilter(a));
}
