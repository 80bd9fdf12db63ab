import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link JenkinsEndpoint}. */
export interface JenkinsEndpointArgs extends TypedEndpointArgs {
  /** URL of the Jenkins server. */
  url: pulumi.Input<string>;
  /** User name. */
  username?: pulumi.Input<string>;
  /** Password or API token (secret). */
  password?: pulumi.Input<string>;
  /** Folder containing the jobs. */
  folderPath?: pulumi.Input<string>;
  /** Seconds between polls of a running job. */
  pollInterval?: pulumi.Input<number>;
  /** Number of retries of a failed request. */
  retryCount?: pulumi.Input<number>;
  /** Seconds to wait between retries. */
  retryWaitSeconds?: pulumi.Input<number>;
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

/** The typed inputs of a {@link JenkinsEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link JenkinsEndpointArgs} and `SPEC` to its keys). */
export const JenkinsEndpointInputs = z.strictObject({
  url: z.string().describe("URL of the Jenkins server."),
  username: z.string().optional().describe("User name."),
  password: z.string().optional().describe("Password or API token (secret)."),
  folderPath: z.string().optional().describe("Folder containing the jobs."),
  pollInterval: z.number().optional().describe("Seconds between polls of a running job."),
  retryCount: z.number().optional().describe("Number of retries of a failed request."),
  retryWaitSeconds: z.number().optional().describe("Seconds to wait between retries."),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
});

export const SPEC = {
  type: "jenkins",
  plain: ["url", "username", "folderPath", "pollInterval", "retryCount", "retryWaitSeconds", "fingerprint"],
  secret: ["password"],
} as const satisfies TypedEndpointSpec<JenkinsEndpointArgs>;

/** A Jenkins endpoint (type `jenkins`); `password` is stored as a secret. */
export class JenkinsEndpoint extends Endpoint {
  /**
   * Declares a Jenkins endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: JenkinsEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
