import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const dockerRegistryEndpointInputsShape = {
  /** URL of the registry. */
  repoURL: z.string().describe("URL of the registry."),
  /** Registry flavour, as the product names it (e.g. `dockerhub`). */
  serverType: z.string().optional().describe("Registry flavour, as the product names it (e.g. `dockerhub`)."),
  /** User name. */
  username: z.string().optional().describe("User name."),
  /** Password or access token (secret), or a pipeline-variable reference `${var.NAME}`. */
  password: z.string().optional().meta({
    description: "Password or access token (secret), or a pipeline-variable reference `${var.NAME}`.",
    secret: true,
  }),
  /** SHA-256 fingerprint of the registry's certificate (see `getEndpointCertificate`). */
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the registry's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `DockerRegistryEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const DockerRegistryEndpointInputs: z.ZodObject<
  typeof dockerRegistryEndpointInputsShape,
  z.core.$strict
> = z.strictObject(dockerRegistryEndpointInputsShape);

/** The `dockerregistry` endpoint type as `DockerRegistryEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "DockerRegistryEndpoint",
  type: "dockerregistry",
  inputs: DockerRegistryEndpointInputs,
});
