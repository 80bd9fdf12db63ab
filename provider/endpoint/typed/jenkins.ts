import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const jenkinsEndpointInputsShape = {
  url: z.string().describe("URL of the Jenkins server."),
  username: z.string().optional().describe("User name."),
  password: z.string().optional().meta({ description: "Password or API token (secret).", secret: true }),
  folderPath: z.string().optional().describe("Folder containing the jobs."),
  pollInterval: z.number().optional().describe("Seconds between polls of a running job."),
  retryCount: z.number().optional().describe("Number of retries of a failed request."),
  retryWaitSeconds: z.number().optional().describe("Seconds to wait between retries."),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `JenkinsEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const JenkinsEndpointInputs: z.ZodObject<typeof jenkinsEndpointInputsShape, z.core.$strict> =
  z.strictObject(jenkinsEndpointInputsShape);

/** The `jenkins` endpoint type as `JenkinsEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "JenkinsEndpoint",
  type: "jenkins",
  title: "Jenkins endpoint",
  inputs: JenkinsEndpointInputs,
});
