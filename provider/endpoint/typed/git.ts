import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
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

/** The typed inputs of a {@link GitEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link GitEndpointArgs} and `SPEC` to its keys). */
export const GitEndpointInputs = z.strictObject({
  serverType: z
    .enum(["GitHub", "GitLab", "GitLab-Enterprise", "BitBucket", "BitBucket-Enterprise"])
    .describe("Git server flavour."),
  repoURL: z.string().describe("URL of the repository."),
  branch: z.string().describe("Branch to use."),
  authType: z
    .enum(["password", "privateToken"])
    .optional()
    .describe("How to authenticate: `password` (userName and password) or `privateToken`."),
  userName: z
    .string()
    .optional()
    .describe("User name (authType `password`). Note the capital N, as the API spells it."),
  password: z
    .string()
    .optional()
    .describe("Password (authType `password`; secret), or a pipeline-variable reference `${var.NAME}`."),
  privateToken: z
    .string()
    .optional()
    .describe(
      "Private access token (authType `privateToken`; secret), or a pipeline-variable reference `${var.NAME}`.",
    ),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
});

export const SPEC = {
  type: "git",
  plain: ["serverType", "repoURL", "branch", "authType", "userName", "fingerprint"],
  secret: ["password", "privateToken"],
} as const satisfies TypedEndpointSpec<GitEndpointArgs>;

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
