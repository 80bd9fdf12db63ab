/** Resource filters of the calling user. */
import { z } from "zod";
import type * as generated from "./generated";
import { springPage, SpringPageFields } from "./common";

/** One value of a filter, with the number of matching resources. */
export const FilterEntry = z
  .looseObject({
    id: z.string().describe("Value id (e.g. a project id)."),
    name: z.string().nullish().describe("Display name."),
    count: z.number().nullish().describe("Matching resources."),
  })
  .meta({
    id: "FilterEntry",
    description: "One value of a resource filter, with the number of matching resources.",
  });
/** One value of a filter. */
export type FilterEntry = generated.FilterEntry;

/** A filter and its first page of values. */
export const ResourceFilter = z
  .looseObject({
    id: z.string().describe("Filter id (`projects`, `resourceTypes`, ...)."),
    name: z.string().nullish().describe("Display name."),
    type: z.string().nullish().describe("MULTISELECT, DATE_RANGE or BOOLEAN."),
    content: z.array(FilterEntry).default([]).describe("Values."),
    ...SpringPageFields,
  })
  .meta({ id: "ResourceFilter", description: "A resource filter and its first page of values." });
/** A filter. */
export type ResourceFilter = generated.ResourceFilter;

/** `GET /resources/filters`. */
export const ResourceFilters = z.looseObject({ filters: z.array(ResourceFilter).default([]) });
/** Every resource filter. */
export type ResourceFilters = z.infer<typeof ResourceFilters>;

/** `GET /resources/filters/{filterId}`: a page of values. */
export const ResourceFilterPage = springPage(FilterEntry);
/** A page of filter values. */
export type ResourceFilterPage = z.infer<typeof ResourceFilterPage>;
