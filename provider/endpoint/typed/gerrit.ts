import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const gerritEndpointInputsShape = {
  /** URL of the Gerrit server. */
  url: z.string().describe("URL of the Gerrit server."),
  /** User name. */
  username: z.string().describe("User name."),
  /** HTTP password (secret). */
  password: z.string().optional().meta({ description: "HTTP password (secret).", secret: true }),
  /** SSH private key (secret). */
  privateKey: z.string().optional().meta({ description: "SSH private key (secret).", secret: true }),
  /** Pass phrase of the private key (secret). */
  passPhrase: z
    .string()
    .optional()
    .meta({ description: "Pass phrase of the private key (secret).", secret: true }),
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
  /** Cloud proxy used to reach the server. */
  leMansAgent: z.string().optional().describe("Cloud proxy used to reach the server."),
};

/**
 * The typed inputs of a `GerritEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const GerritEndpointInputs: z.ZodObject<typeof gerritEndpointInputsShape, z.core.$strict> =
  z.strictObject(gerritEndpointInputsShape);

/** The `gerrit` endpoint type as `GerritEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "GerritEndpoint",
  type: "gerrit",
  inputs: GerritEndpointInputs,
});
