import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const jiraEndpointInputsShape = {
  url: z.string().describe("URL of the Jira server."),
  username: z.string().describe("User name."),
  password: z.string().optional().meta({ description: "Password or API token (secret).", secret: true }),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `JiraEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const JiraEndpointInputs: z.ZodObject<typeof jiraEndpointInputsShape, z.core.$strict> =
  z.strictObject(jiraEndpointInputsShape);

/** The `jira` endpoint type as `JiraEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "JiraEndpoint",
  type: "jira",
  title: "Jira endpoint",
  inputs: JiraEndpointInputs,
});
