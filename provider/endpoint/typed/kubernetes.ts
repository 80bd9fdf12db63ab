import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of a {@link KubernetesEndpoint}. */
export interface KubernetesEndpointArgs extends TypedEndpointArgs {
  /** URL of the Kubernetes API server. */
  kubernetesURL: pulumi.Input<string>;
  /** How to authenticate: client `certificate`, `basicAuth` (userName and password) or bearer `token`. */
  authType: pulumi.Input<"certificate" | "basicAuth" | "token">;
  /** Certificate authority data (PEM or base64). */
  certAuthorityData?: pulumi.Input<string>;
  /** Client certificate data (authType `certificate`). */
  certData?: pulumi.Input<string>;
  /** Client key data (authType `certificate`; secret). */
  certKeyData?: pulumi.Input<string>;
  /** User name (authType `basicAuth`). Note the capital N, as the API spells it. */
  userName?: pulumi.Input<string>;
  /** Password (authType `basicAuth`; secret). */
  password?: pulumi.Input<string>;
  /** Bearer token (authType `token`; secret). */
  token?: pulumi.Input<string>;
  /** SHA-256 fingerprint of the API server's certificate (see `getEndpointCertificate`). */
  fingerprint?: pulumi.Input<string>;
}

/** The typed inputs of a {@link KubernetesEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link KubernetesEndpointArgs} and `SPEC` to its keys). */
export const KubernetesEndpointInputs = z.strictObject({
  kubernetesURL: z.string().describe("URL of the Kubernetes API server."),
  authType: z
    .enum(["certificate", "basicAuth", "token"])
    .describe(
      "How to authenticate: client `certificate`, `basicAuth` (userName and password) or bearer `token`.",
    ),
  certAuthorityData: z.string().optional().describe("Certificate authority data (PEM or base64)."),
  certData: z.string().optional().describe("Client certificate data (authType `certificate`)."),
  certKeyData: z.string().optional().describe("Client key data (authType `certificate`; secret)."),
  userName: z
    .string()
    .optional()
    .describe("User name (authType `basicAuth`). Note the capital N, as the API spells it."),
  password: z.string().optional().describe("Password (authType `basicAuth`; secret)."),
  token: z.string().optional().describe("Bearer token (authType `token`; secret)."),
  fingerprint: z
    .string()
    .optional()
    .describe("SHA-256 fingerprint of the API server's certificate (see `getEndpointCertificate`)."),
});

export const SPEC = {
  type: "k8s",
  plain: ["kubernetesURL", "authType", "certAuthorityData", "certData", "userName", "fingerprint"],
  secret: ["certKeyData", "password", "token"],
} as const satisfies TypedEndpointSpec<KubernetesEndpointArgs>;

/** A Kubernetes cluster endpoint (type `k8s`); `certKeyData`, `password` and `token` are stored as secrets. */
export class KubernetesEndpoint extends Endpoint {
  /**
   * Declares a Kubernetes endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: KubernetesEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
