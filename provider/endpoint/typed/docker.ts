import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
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

/** The typed inputs of a {@link DockerEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link DockerEndpointArgs} and `SPEC` to its keys). */
export const DockerEndpointInputs = z.strictObject({
  url: z
    .string()
    .describe("URL of the Docker host's API: `http://host:4243`, or `https://host:2376` with TLS."),
  certificate: z
    .string()
    .optional()
    .describe('Certificate of a TLS Docker host (PEM); `""` (or unset) without TLS.'),
  sharedPath: z
    .string()
    .optional()
    .describe("Path on the Docker host shared with the containers that run CI tasks."),
  pollInterval: z.number().optional().describe("Seconds between polls of a running CI task (a number)."),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the host's certificate (see `getEndpointCertificate`)."),
});

export const SPEC = {
  type: "docker",
  plain: ["url", "certificate", "sharedPath", "pollInterval", "fingerprint"],
  secret: [],
} as const satisfies TypedEndpointSpec<DockerEndpointArgs>;

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
