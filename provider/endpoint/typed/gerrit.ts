import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const gerritEndpointInputsShape = {
  url: z.string().describe("URL of the Gerrit server."),
  username: z.string().describe("User name."),
  password: z.string().optional().meta({ description: "HTTP password (secret).", secret: true }),
  privateKey: z.string().optional().meta({ description: "SSH private key (secret).", secret: true }),
  passPhrase: z
    .string()
    .optional()
    .meta({ description: "Pass phrase of the private key (secret).", secret: true }),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
  leMansAgent: z.string().optional().describe("Cloud proxy used to reach the server."),
};

/**
 * The typed inputs of a `GerritEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const GerritEndpointInputs: z.ZodObject<typeof gerritEndpointInputsShape, z.core.$strict> =
  z.strictObject(gerritEndpointInputsShape);

/** The `gerrit` endpoint type as `GerritEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "GerritEndpoint",
  type: "gerrit",
  title: "Gerrit endpoint",
  inputs: GerritEndpointInputs,
});
