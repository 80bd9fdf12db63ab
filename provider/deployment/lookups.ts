/**
 * Lookups ("data functions") of deployment resources and resource filters, declared once each; the
 * program's `getX`/`getXOutput` pairs are generated from them (../dynamic/generated). In a program
 * they run in the program process (dynamic providers have no invokes), during preview too, on the
 * program's client (`vra:` stack config, then the `VRA_*` environment).
 */
import { collectPages } from "../client/paging";
import { resourcePages } from "./listing";
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

function readResource(client: AriaClient, args: GetResourceArgs): Promise<GetResourceResult> {
  const a = parseOrThrow(GetResourceArgs, args, "getResource");
  return client.getResource(a.id, a.expand);
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

async function listResources(client: AriaClient, args: GetResourcesArgs): Promise<GetResourcesResult> {
  const { skip, top, ...query } = parseOrThrow(GetResourcesArgs, args ?? {}, "getResources");
  let totalElements: number | undefined;
  const fetchPage = resourcePages(client, query);
  const resources = await collectPages(
    async (pageSkip, pageTop) => {
      const page = await fetchPage(pageSkip, pageTop);
      totalElements ??= page.total ?? undefined;
      return page;
    },
    { skip, limit: top, pageSize: Math.min(top ?? LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE) },
  );
  return { resources, totalElements: totalElements ?? (skip ?? 0) + resources.length };
}

/** `getResourceFilters`, declared for the composition root. */
export const getResourceFiltersFunction = defineDataFunction({
  name: "getResourceFilters",
  description: "Lists the resource filters of the calling user (`GET /deployment/api/resources/filters`).",
  args: GetResourceFiltersArgs,
  result: GetResourceFiltersResult,
  body: listResourceFilters,
});

async function listResourceFilters(
  client: AriaClient,
  args: GetResourceFiltersArgs,
): Promise<GetResourceFiltersResult> {
  const a = parseOrThrow(GetResourceFiltersArgs, args ?? {}, "getResourceFilters");
  const answer = await client.getResourceFilters({ resourceTypes: a.resourceTypes });
  return { filters: answer.filters };
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
