import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link GerritEndpoint}. */
export interface GerritEndpointArgs extends TypedEndpointArgs {
  /** URL of the Gerrit server. */
  url: pulumi.Input<string>;
  /** User name. */
  username: pulumi.Input<string>;
  /** HTTP password (secret). */
  password?: pulumi.Input<string>;
  /** SSH private key (secret). */
  privateKey?: pulumi.Input<string>;
  /** Pass phrase of the private key (secret). */
  passPhrase?: pulumi.Input<string>;
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
  /** Cloud proxy used to reach the server. */
  leMansAgent?: pulumi.Input<string>;
}

/** The typed inputs of a {@link GerritEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link GerritEndpointArgs} and `SPEC` to its keys). */
export const GerritEndpointInputs = z.strictObject({
  url: z.string().describe("URL of the Gerrit server."),
  username: z.string().describe("User name."),
  password: z.string().optional().describe("HTTP password (secret)."),
  privateKey: z.string().optional().describe("SSH private key (secret)."),
  passPhrase: z.string().optional().describe("Pass phrase of the private key (secret)."),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
  leMansAgent: z.string().optional().describe("Cloud proxy used to reach the server."),
});

export const SPEC = {
  type: "gerrit",
  plain: ["url", "username", "fingerprint", "leMansAgent"],
  secret: ["password", "privateKey", "passPhrase"],
} as const satisfies TypedEndpointSpec<GerritEndpointArgs>;

/** A Gerrit endpoint (type `gerrit`); `password`, `privateKey` and `passPhrase` are stored as secrets. */
export class GerritEndpoint extends Endpoint {
  /**
   * Declares a Gerrit endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: GerritEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
