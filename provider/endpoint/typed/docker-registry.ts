import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link DockerRegistryEndpoint}. Property names are the product's. */
export interface DockerRegistryEndpointArgs extends TypedEndpointArgs {
  /** URL of the registry. */
  repoURL: pulumi.Input<string>;
  /** Registry flavour, as the product names it (e.g. `dockerhub`). */
  serverType?: pulumi.Input<string>;
  /** User name. */
  username?: pulumi.Input<string>;
  /** Password or access token (secret), or a pipeline-variable reference `${var.NAME}`. */
  password?: pulumi.Input<string>;
  /** SHA-256 fingerprint of the registry's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

/** The typed inputs of a {@link DockerRegistryEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link DockerRegistryEndpointArgs} and `SPEC` to its keys). */
export const DockerRegistryEndpointInputs = z.strictObject({
  repoURL: z.string().describe("URL of the registry."),
  serverType: z.string().optional().describe("Registry flavour, as the product names it (e.g. `dockerhub`)."),
  username: z.string().optional().describe("User name."),
  password: z
    .string()
    .optional()
    .describe("Password or access token (secret), or a pipeline-variable reference `${var.NAME}`."),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the registry's certificate (see `getEndpointCertificate`)."),
});

export const SPEC = {
  type: "dockerregistry",
  plain: ["repoURL", "serverType", "username", "fingerprint"],
  secret: ["password"],
} as const satisfies TypedEndpointSpec<DockerRegistryEndpointArgs>;

/** A Docker registry endpoint (type `dockerregistry`); `password` is stored as a secret. */
export class DockerRegistryEndpoint extends Endpoint {
  /**
   * Declares a Docker registry endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: DockerRegistryEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
