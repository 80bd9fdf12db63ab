import type * as pulumi from "@pulumi/pulumi";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link DockerEndpoint}. Property names are the product's. */
export interface DockerEndpointArgs extends TypedEndpointArgs {
  /** URL of the Docker host's API: `http://host:4243`, or `https://host:2376` with TLS. */
  url: pulumi.Input<string>;
  /** Certificate of a TLS Docker host (PEM); `""` (or unset) without TLS. */
  certificate?: pulumi.Input<string>;
  /** Path on the Docker host shared with the containers that run CI tasks. */
  sharedPath?: pulumi.Input<string>;
  /** Seconds between polls of a running CI task (a number). */
  pollInterval?: pulumi.Input<number>;
  /** SHA-256 fingerprint of the host's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

export const SPEC: TypedEndpointSpec<DockerEndpointArgs> = {
  type: "docker",
  plain: ["url", "certificate", "sharedPath", "pollInterval", "fingerprint"],
  secret: [],
};

/** A Docker host endpoint (type `docker`): the host that runs a pipeline's CI tasks in containers. */
export class DockerEndpoint extends Endpoint {
  /**
   * Declares a Docker host endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: DockerEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
