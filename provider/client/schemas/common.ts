/** Small shared schema pieces. */
import { z } from "zod";

/** A JSON object with string keys and any values (endpoint and resource properties). */
export const JsonObject = z.record(z.string(), z.unknown());
/** A JSON object with string keys and any values. */
export type JsonObject = z.infer<typeof JsonObject>;

/** Spring Data `Sort` of a page. */
export const SpringSort = z.looseObject({
  empty: z.boolean().nullish().describe("Whether no sort is applied."),
  sorted: z.boolean().nullish().describe("Whether the page is sorted."),
  unsorted: z.boolean().nullish().describe("Whether the page is unsorted."),
});

/** The paging fields of a Spring Data page, shared by every page schema. */
export const SpringPageFields = {
  totalElements: z.number().nullish().describe("Items across all pages."),
  totalPages: z.number().nullish().describe("Number of pages."),
  number: z.number().nullish().describe("This page's number (0-based)."),
  size: z.number().nullish().describe("Requested page size."),
  numberOfElements: z.number().nullish().describe("Items on this page."),
  first: z.boolean().nullish().describe("Whether this is the first page."),
  last: z.boolean().nullish().describe("Whether this is the last page."),
  empty: z.boolean().nullish().describe("Whether this page is empty."),
  sort: z
    .union([SpringSort, z.array(z.unknown())])
    .nullish()
    .describe("Sorting applied."),
  pageable: z.unknown().optional().describe("Paging request echoed by Spring (shape varies)."),
};

/** A Spring Data page (`{content, totalElements, last, ...}`) of the given item schema. */
export function springPage<T extends z.ZodType>(item: T) {
  return z.looseObject({ content: z.array(item), ...SpringPageFields });
}
