import type * as pulumi from "@pulumi/pulumi";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link GitEndpoint}. Property names are the product's (`userName` with a capital N). */
export interface GitEndpointArgs extends TypedEndpointArgs {
  /** Git server flavour. */
  serverType: pulumi.Input<"GitHub" | "GitLab" | "GitLab-Enterprise" | "BitBucket" | "BitBucket-Enterprise">;
  /** URL of the repository. */
  repoURL: pulumi.Input<string>;
  /** Branch to use. */
  branch: pulumi.Input<string>;
  /** How to authenticate: `password` (userName and password) or `privateToken`. */
  authType?: pulumi.Input<"password" | "privateToken">;
  /** User name (authType `password`). Note the capital N, as the API spells it. */
  userName?: pulumi.Input<string>;
  /** Password (authType `password`; secret), or a pipeline-variable reference `${var.NAME}`. */
  password?: pulumi.Input<string>;
  /** Private access token (authType `privateToken`; secret), or a pipeline-variable reference `${var.NAME}`. */
  privateToken?: pulumi.Input<string>;
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

export const SPEC: TypedEndpointSpec<GitEndpointArgs> = {
  type: "git",
  plain: ["serverType", "repoURL", "branch", "authType", "userName", "fingerprint"],
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
