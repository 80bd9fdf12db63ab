import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const dockerEndpointInputsShape = {
  /** URL of the Docker host's API: `http://host:4243`, or `https://host:2376` with TLS. */
  url: z
    .string()
    .describe("URL of the Docker host's API: `http://host:4243`, or `https://host:2376` with TLS."),
  /** Certificate of a TLS Docker host (PEM); `""` (or unset) without TLS. */
  certificate: z
    .string()
    .optional()
    .describe('Certificate of a TLS Docker host (PEM); `""` (or unset) without TLS.'),
  /** Path on the Docker host shared with the containers that run CI tasks. */
  sharedPath: z
    .string()
    .optional()
    .describe("Path on the Docker host shared with the containers that run CI tasks."),
  /** Seconds between polls of a running CI task (a number). */
  pollInterval: z.number().optional().describe("Seconds between polls of a running CI task (a number)."),
  /** SHA-256 fingerprint of the host's certificate (see `getEndpointCertificate`). */
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the host's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `DockerEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const DockerEndpointInputs: z.ZodObject<typeof dockerEndpointInputsShape, z.core.$strict> =
  z.strictObject(dockerEndpointInputsShape);

/** The `docker` endpoint type as `DockerEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "DockerEndpoint",
  type: "docker",
  inputs: DockerEndpointInputs,
});
