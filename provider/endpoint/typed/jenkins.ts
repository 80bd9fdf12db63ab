import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const jenkinsEndpointInputsShape = {
  /** URL of the Jenkins server. */
  url: z.string().describe("URL of the Jenkins server."),
  /** User name. */
  username: z.string().optional().describe("User name."),
  /** Password or API token (secret). */
  password: z.string().optional().meta({ description: "Password or API token (secret).", secret: true }),
  /** Folder containing the jobs. */
  folderPath: z.string().optional().describe("Folder containing the jobs."),
  /** Seconds between polls of a running job. */
  pollInterval: z.number().optional().describe("Seconds between polls of a running job."),
  /** Number of retries of a failed request. */
  retryCount: z.number().optional().describe("Number of retries of a failed request."),
  /** Seconds to wait between retries. */
  retryWaitSeconds: z.number().optional().describe("Seconds to wait between retries."),
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `JenkinsEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const JenkinsEndpointInputs: z.ZodObject<typeof jenkinsEndpointInputsShape, z.core.$strict> =
  z.strictObject(jenkinsEndpointInputsShape);

/** The `jenkins` endpoint type as `JenkinsEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "JenkinsEndpoint",
  type: "jenkins",
  inputs: JenkinsEndpointInputs,
});
