/** API versions offered by the pipeline service (`GET /about`). */
import { z } from "zod";

/** One supported API version. */
export const ApiDescription = z.looseObject({
  /** Version in `yyyy-MM-dd` form. */
  apiVersion: z.string(),
  /** Documentation of that version. */
  documentationLink: z.string().nullish(),
  /** Deprecation information, if deprecated. */
  deprecationPolicy: z
    .looseObject({
      deprecatedAt: z.string().nullish(),
      description: z.string().nullish(),
      expiresAt: z.string().nullish(),
    })
    .nullish(),
});
/** One supported API version. */
export type ApiDescription = z.infer<typeof ApiDescription>;

/** `GET /about`. */
export const About = z.looseObject({
  /** The newest version. */
  latestApiVersion: z.string(),
  /** Every supported version. */
  supportedApis: z.array(ApiDescription).default([]),
});
/** API versions of the pipeline service. */
export type About = z.infer<typeof About>;
