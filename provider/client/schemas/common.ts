/** Small shared schema pieces. */
import { z } from "zod";

/** A JSON object with string keys and any values (endpoint and resource properties). */
export const JsonObject = z.record(z.string(), z.unknown());
/** A JSON object with string keys and any values. */
export type JsonObject = z.infer<typeof JsonObject>;

/** Spring Data `Sort` of a page. */
export const SpringSort = z.looseObject({
  empty: z.boolean().nullish(),
  sorted: z.boolean().nullish(),
  unsorted: z.boolean().nullish(),
});

/** The paging fields of a Spring Data page, shared by every page schema. */
export const SpringPageFields = {
  /** Items across all pages. */
  totalElements: z.number().nullish(),
  /** Number of pages. */
  totalPages: z.number().nullish(),
  /** This page's number (0-based). */
  number: z.number().nullish(),
  /** Requested page size. */
  size: z.number().nullish(),
  /** Items on this page. */
  numberOfElements: z.number().nullish(),
  /** Whether this is the first page. */
  first: z.boolean().nullish(),
  /** Whether this is the last page. */
  last: z.boolean().nullish(),
  /** Whether this page is empty. */
  empty: z.boolean().nullish(),
  /** Sorting applied. */
  sort: z.union([SpringSort, z.array(z.unknown())]).nullish(),
  /** Paging request echoed by Spring (shape varies). */
  pageable: z.unknown().optional(),
};

/** A Spring Data page (`{content, totalElements, last, ...}`) of the given item schema. */
export function springPage<T extends z.ZodType>(item: T) {
  return z.looseObject({ content: z.array(item), ...SpringPageFields });
}
