import type * as pulumi from "@pulumi/pulumi";
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

export const SPEC: TypedEndpointSpec<JenkinsEndpointArgs> = {
  type: "jenkins",
  plain: ["url", "username", "folderPath", "pollInterval", "retryCount", "retryWaitSeconds", "fingerprint"],
  secret: ["password"],
};

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
