import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const gitEndpointInputsShape = {
  /** Git server flavour. */
  serverType: z
    .enum(["GitHub", "GitLab", "GitLab-Enterprise", "BitBucket", "BitBucket-Enterprise"])
    .describe("Git server flavour."),
  /** URL of the repository. */
  repoURL: z.string().describe("URL of the repository."),
  /** Branch to use. */
  branch: z.string().describe("Branch to use."),
  /** How to authenticate: `password` (userName and password) or `privateToken`. */
  authType: z
    .enum(["password", "privateToken"])
    .optional()
    .describe("How to authenticate: `password` (userName and password) or `privateToken`."),
  /** User name (authType `password`). Note the capital N, as the API spells it. */
  userName: z
    .string()
    .optional()
    .describe("User name (authType `password`). Note the capital N, as the API spells it."),
  /** Password (authType `password`; secret), or a pipeline-variable reference `${var.NAME}`. */
  password: z.string().optional().meta({
    description: "Password (authType `password`; secret), or a pipeline-variable reference `${var.NAME}`.",
    secret: true,
  }),
  /** Private access token (authType `privateToken`; secret), or a pipeline-variable reference `${var.NAME}`. */
  privateToken: z.string().optional().meta({
    description:
      "Private access token (authType `privateToken`; secret), or a pipeline-variable reference `${var.NAME}`.",
    secret: true,
  }),
  /** SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`). */
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `GitEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const GitEndpointInputs: z.ZodObject<typeof gitEndpointInputsShape, z.core.$strict> =
  z.strictObject(gitEndpointInputsShape);

/** The `git` endpoint type as `GitEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({ className: "GitEndpoint", type: "git", inputs: GitEndpointInputs });
