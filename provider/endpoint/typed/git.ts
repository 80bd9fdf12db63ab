import type * as pulumi from "@pulumi/pulumi";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link GitEndpoint}. */
export interface GitEndpointArgs extends TypedEndpointArgs {
  /** Git server flavour. */
  serverType: pulumi.Input<"GitHub" | "GitLab" | "BitBucket">;
  /** URL of the repository. */
  repoURL: pulumi.Input<string>;
  /** Branch to use. */
  branch: pulumi.Input<string>;
  /** How to authenticate: `http` (username and password) or `privateToken`. */
  authType?: pulumi.Input<"http" | "privateToken">;
  /** User name (authType `http`). */
  username?: pulumi.Input<string>;
  /** Password (authType `http`; secret). */
  password?: pulumi.Input<string>;
  /** Private access token (authType `privateToken`; secret). */
  privateToken?: pulumi.Input<string>;
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

export const SPEC: TypedEndpointSpec<GitEndpointArgs> = {
  type: "git",
  plain: ["serverType", "repoURL", "branch", "authType", "username", "fingerprint"],
  secret: ["password", "privateToken"],
};

/** A Git repository endpoint (type `git`); `password` and `privateToken` are stored as secrets. */
export class GitEndpoint extends Endpoint {
  /**
   * Declares a Git endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: GitEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
