import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const gitEndpointInputsShape = {
  serverType: z
    .enum(["GitHub", "GitLab", "GitLab-Enterprise", "BitBucket", "BitBucket-Enterprise"])
    .describe("Git server flavour."),
  repoURL: z.string().describe("URL of the repository."),
  branch: z.string().describe("Branch to use."),
  authType: z
    .enum(["password", "privateToken"])
    .optional()
    .describe("How to authenticate: `password` (userName and password) or `privateToken`."),
  userName: z
    .string()
    .optional()
    .describe("User name (authType `password`). Note the capital N, as the API spells it."),
  password: z.string().optional().meta({
    description: "Password (authType `password`; secret), or a pipeline-variable reference `${var.NAME}`.",
    secret: true,
  }),
  privateToken: z.string().optional().meta({
    description:
      "Private access token (authType `privateToken`; secret), or a pipeline-variable reference `${var.NAME}`.",
    secret: true,
  }),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the server's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `GitEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const GitEndpointInputs: z.ZodObject<typeof gitEndpointInputsShape, z.core.$strict> =
  z.strictObject(gitEndpointInputsShape);

/** The `git` endpoint type as `GitEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "GitEndpoint",
  type: "git",
  title: "Git repository endpoint",
  inputs: GitEndpointInputs,
});
