import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link JiraEndpoint}. */
export interface JiraEndpointArgs extends TypedEndpointArgs {
  /** URL of the Jira server. */
  url: pulumi.Input<string>;
  /** User name. */
  username: pulumi.Input<string>;
  /** Password or API token (secret). */
  password?: pulumi.Input<string>;
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

/** The typed inputs of a {@link JiraEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link JiraEndpointArgs} and `SPEC` to its keys). */
export const JiraEndpointInputs = z.strictObject({
  url: z.string().describe("URL of the Jira server."),
  username: z.string().describe("User name."),
  password: z.string().optional().describe("Password or API token (secret)."),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
});

export const SPEC = {
  type: "jira",
  plain: ["url", "username", "fingerprint"],
  secret: ["password"],
} as const satisfies TypedEndpointSpec<JiraEndpointArgs>;

/** A Jira endpoint (type `jira`); `password` is stored as a secret. */
export class JiraEndpoint extends Endpoint {
  /**
   * Declares a Jira endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: JiraEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
