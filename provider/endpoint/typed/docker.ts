import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const dockerEndpointInputsShape = {
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
};

/**
 * The typed inputs of a `DockerEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const DockerEndpointInputs: z.ZodObject<typeof dockerEndpointInputsShape, z.core.$strict> =
  z.strictObject(dockerEndpointInputsShape);

/** The `docker` endpoint type as `DockerEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "DockerEndpoint",
  type: "docker",
  title: "Docker host endpoint",
  about: "the host that runs a pipeline's CI tasks in containers",
  inputs: DockerEndpointInputs,
});
