/** API versions offered by the pipeline service (`GET /about`). */
import { z } from "zod";
import type * as generated from "./generated";

/** One supported API version. */
export const ApiDescription = z
  .looseObject({
    apiVersion: z.string().describe("Version in `yyyy-MM-dd` form."),
    documentationLink: z.string().nullish().describe("Documentation of that version."),
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
export type ApiDescription = generated.ApiDescription;

/** `GET /about`. */
export const About = z
  .looseObject({
    latestApiVersion: z.string().describe("The newest version."),
    supportedApis: z.array(ApiDescription).default([]).describe("Every supported version."),
  })
  .meta({ id: "About", description: "The API versions of the pipeline service (`GET /about`)." });
/** API versions of the pipeline service. */
export type About = generated.About;
