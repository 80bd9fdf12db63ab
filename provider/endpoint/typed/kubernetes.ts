import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const kubernetesEndpointInputsShape = {
  /** URL of the Kubernetes API server. */
  kubernetesURL: z.string().describe("URL of the Kubernetes API server."),
  /** How to authenticate: client `certificate`, `basicAuth` (userName and password) or bearer `token`. */
  authType: z
    .enum(["certificate", "basicAuth", "token"])
    .describe(
      "How to authenticate: client `certificate`, `basicAuth` (userName and password) or bearer `token`.",
    ),
  /** Certificate authority data (PEM or base64). */
  certAuthorityData: z.string().optional().describe("Certificate authority data (PEM or base64)."),
  /** Client certificate data (authType `certificate`). */
  certData: z.string().optional().describe("Client certificate data (authType `certificate`)."),
  /** Client key data (authType `certificate`; secret). */
  certKeyData: z
    .string()
    .optional()
    .meta({ description: "Client key data (authType `certificate`; secret).", secret: true }),
  /** User name (authType `basicAuth`). Note the capital N, as the API spells it. */
  userName: z
    .string()
    .optional()
    .describe("User name (authType `basicAuth`). Note the capital N, as the API spells it."),
  /** Password (authType `basicAuth`; secret). */
  password: z
    .string()
    .optional()
    .meta({ description: "Password (authType `basicAuth`; secret).", secret: true }),
  /** Bearer token (authType `token`; secret). */
  token: z
    .string()
    .optional()
    .meta({ description: "Bearer token (authType `token`; secret).", secret: true }),
  /** SHA-256 fingerprint of the API server's certificate (see `getEndpointCertificate`). */
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the API server's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `KubernetesEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const KubernetesEndpointInputs: z.ZodObject<typeof kubernetesEndpointInputsShape, z.core.$strict> =
  z.strictObject(kubernetesEndpointInputsShape);

/** The `k8s` endpoint type as `KubernetesEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "KubernetesEndpoint",
  type: "k8s",
  inputs: KubernetesEndpointInputs,
});
