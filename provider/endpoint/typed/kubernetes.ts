import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const kubernetesEndpointInputsShape = {
  kubernetesURL: z.string().describe("URL of the Kubernetes API server."),
  authType: z
    .enum(["certificate", "basicAuth", "token"])
    .describe(
      "How to authenticate: client `certificate`, `basicAuth` (userName and password) or bearer `token`.",
    ),
  certAuthorityData: z.string().optional().describe("Certificate authority data (PEM or base64)."),
  certData: z.string().optional().describe("Client certificate data (authType `certificate`)."),
  certKeyData: z
    .string()
    .optional()
    .meta({ description: "Client key data (authType `certificate`; secret).", secret: true }),
  userName: z
    .string()
    .optional()
    .describe("User name (authType `basicAuth`). Note the capital N, as the API spells it."),
  password: z
    .string()
    .optional()
    .meta({ description: "Password (authType `basicAuth`; secret).", secret: true }),
  token: z
    .string()
    .optional()
    .meta({ description: "Bearer token (authType `token`; secret).", secret: true }),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the API server's certificate (see `getEndpointCertificate`)."),
};

/**
 * The typed inputs of a `KubernetesEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const KubernetesEndpointInputs: z.ZodObject<typeof kubernetesEndpointInputsShape, z.core.$strict> =
  z.strictObject(kubernetesEndpointInputsShape);

/** The `k8s` endpoint type as `KubernetesEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "KubernetesEndpoint",
  type: "k8s",
  title: "Kubernetes cluster endpoint",
  inputs: KubernetesEndpointInputs,
});
