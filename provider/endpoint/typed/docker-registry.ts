import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const dockerRegistryEndpointInputsShape = {
  repoURL: z.string().describe("URL of the registry."),
  serverType: z.string().optional().describe("Registry flavour, as the product names it (e.g. `dockerhub`)."),
  username: z.string().optional().describe("User name."),
  password: z.string().optional().meta({
    description: "Password or access token (secret), or a pipeline-variable reference `${var.NAME}`.",
    secret: true,
  }),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the registry's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `DockerRegistryEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const DockerRegistryEndpointInputs: z.ZodObject<
  typeof dockerRegistryEndpointInputsShape,
  z.core.$strict
> = z.strictObject(dockerRegistryEndpointInputsShape);

/** The `dockerregistry` endpoint type as `DockerRegistryEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "DockerRegistryEndpoint",
  type: "dockerregistry",
  title: "Docker registry endpoint",
  inputs: DockerRegistryEndpointInputs,
});
