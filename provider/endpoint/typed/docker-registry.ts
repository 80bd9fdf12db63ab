import type * as pulumi from "@pulumi/pulumi";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link DockerRegistryEndpoint}. */
export interface DockerRegistryEndpointArgs extends TypedEndpointArgs {
  /** URL of the registry. */
  url: pulumi.Input<string>;
  /** Registry flavour. */
  serverType?: pulumi.Input<"DockerHub" | "Harbor" | "JFrog" | "Other">;
  /** User name. */
  username?: pulumi.Input<string>;
  /** Password or access token (secret). */
  password?: pulumi.Input<string>;
  /** SHA-256 fingerprint of the registry's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

export const SPEC: TypedEndpointSpec<DockerRegistryEndpointArgs> = {
  type: "docker-registry",
  plain: ["url", "serverType", "username", "fingerprint"],
  secret: ["password"],
};

/**
 * A Docker registry endpoint (type `docker-registry`); `password` is stored as a secret. The vendor does not
 * publish this type's property names: these are the emulator's (check them with `getEndpointTile`).
 */
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
