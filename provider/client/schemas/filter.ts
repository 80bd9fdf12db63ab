/** Resource filters of the calling user. */
import { z } from "zod";
import { springPage, SpringPageFields } from "./common";

/** One value of a filter, with the number of matching resources. */
export const FilterEntry = z
  .looseObject({
    /** Value id (e.g. a project id). */
    id: z.string().describe("Value id (e.g. a project id)."),
    /** Display name. */
    name: z.string().nullish().describe("Display name."),
    /** Matching resources. */
    count: z.number().nullish().describe("Matching resources."),
  })
  .meta({
    id: "FilterEntry",
    description: "One value of a resource filter, with the number of matching resources.",
  });
/** One value of a filter. */
export type FilterEntry = z.infer<typeof FilterEntry>;

/** A filter and its first page of values. */
export const ResourceFilter = z
  .looseObject({
    /** Filter id (`projects`, `resourceTypes`, ...). */
    id: z.string().describe("Filter id (`projects`, `resourceTypes`, ...)."),
    /** Display name. */
    name: z.string().nullish().describe("Display name."),
    /** MULTISELECT, DATE_RANGE or BOOLEAN. */
    type: z.string().nullish().describe("MULTISELECT, DATE_RANGE or BOOLEAN."),
    /** Values. */
    content: z.array(FilterEntry).default([]).describe("Values."),
    ...SpringPageFields,
  })
  .meta({ id: "ResourceFilter", description: "A resource filter and its first page of values." });
/** A filter. */
export type ResourceFilter = z.infer<typeof ResourceFilter>;

/** `GET /resources/filters`. */
export const ResourceFilters = z.looseObject({ filters: z.array(ResourceFilter).default([]) });
/** Every resource filter. */
export type ResourceFilters = z.infer<typeof ResourceFilters>;

/** `GET /resources/filters/{filterId}`: a page of values. */
export const ResourceFilterPage = springPage(FilterEntry);
/** A page of filter values. */
export type ResourceFilterPage = z.infer<typeof ResourceFilterPage>;
