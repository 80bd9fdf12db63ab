/** API versions offered by the pipeline service (`GET /about`). */
import { z } from "zod";

/** One supported API version. */
export const ApiDescription = z
  .looseObject({
    /** Version in `yyyy-MM-dd` form. */
    apiVersion: z.string().describe("Version in `yyyy-MM-dd` form."),
    /** Documentation of that version. */
    documentationLink: z.string().nullish().describe("Documentation of that version."),
    /** Deprecation information, if deprecated. */
    deprecationPolicy: z
      .looseObject({
        deprecatedAt: z.string().nullish().describe("When the version was deprecated."),
        description: z.string().nullish().describe("What the deprecation means."),
        expiresAt: z.string().nullish().describe("When the version goes away."),
      })
      .nullish()
      .describe("Deprecation information, if deprecated."),
  })
  .meta({ id: "ApiDescription", description: "One API version the pipeline service supports." });
/** One supported API version. */
export type ApiDescription = z.infer<typeof ApiDescription>;

/** `GET /about`. */
export const About = z
  .looseObject({
    /** The newest version. */
    latestApiVersion: z.string().describe("The newest version."),
    /** Every supported version. */
    supportedApis: z.array(ApiDescription).default([]).describe("Every supported version."),
  })
  .meta({ id: "About", description: "The API versions of the pipeline service (`GET /about`)." });
/** API versions of the pipeline service. */
export type About = z.infer<typeof About>;
