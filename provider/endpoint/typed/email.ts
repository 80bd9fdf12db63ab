import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of an {@link EmailEndpoint}. */
export interface EmailEndpointArgs extends TypedEndpointArgs {
  /** Address mails are sent from. */
  senderAddress: pulumi.Input<string>;
  /** Transport encryption. */
  encryptionMethod: pulumi.Input<"TLS" | "SSL" | "NONE">;
  /** Mail server host. */
  outboundHost: pulumi.Input<string>;
  /** Mail server port. */
  outboundPort: pulumi.Input<number>;
  /** Mail protocol. */
  outboundProtocol: pulumi.Input<"smtp" | "pop3">;
  /** User name on the mail server. */
  outboundUsername?: pulumi.Input<string>;
  /** Password on the mail server (secret). */
  outboundPassword?: pulumi.Input<string>;
}

/** The typed inputs of a {@link EmailEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link EmailEndpointArgs} and `SPEC` to its keys). */
export const EmailEndpointInputs = z.strictObject({
  senderAddress: z.string().describe("Address mails are sent from."),
  encryptionMethod: z.enum(["TLS", "SSL", "NONE"]).describe("Transport encryption."),
  outboundHost: z.string().describe("Mail server host."),
  outboundPort: z.number().describe("Mail server port."),
  outboundProtocol: z.enum(["smtp", "pop3"]).describe("Mail protocol."),
  outboundUsername: z.string().optional().describe("User name on the mail server."),
  outboundPassword: z.string().optional().describe("Password on the mail server (secret)."),
});

export const SPEC = {
  type: "email",
  plain: [
    "senderAddress",
    "encryptionMethod",
    "outboundHost",
    "outboundPort",
    "outboundProtocol",
    "outboundUsername",
  ],
  secret: ["outboundPassword"],
} as const satisfies TypedEndpointSpec<EmailEndpointArgs>;

/** An email (mail server) endpoint (type `email`); `outboundPassword` is stored as a secret. */
export class EmailEndpoint extends Endpoint {
  /**
   * Declares an email endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: EmailEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
