import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const emailEndpointInputsShape = {
  /** Address mails are sent from. */
  senderAddress: z.string().describe("Address mails are sent from."),
  /** Transport encryption. */
  encryptionMethod: z.enum(["TLS", "SSL", "NONE"]).describe("Transport encryption."),
  /** Mail server host. */
  outboundHost: z.string().describe("Mail server host."),
  /** Mail server port. */
  outboundPort: z.number().describe("Mail server port."),
  /** Mail protocol. */
  outboundProtocol: z.enum(["smtp", "pop3"]).describe("Mail protocol."),
  /** User name on the mail server. */
  outboundUsername: z.string().optional().describe("User name on the mail server."),
  /** Password on the mail server (secret). */
  outboundPassword: z
    .string()
    .optional()
    .meta({ description: "Password on the mail server (secret).", secret: true }),
};

/**
 * The typed inputs of a `EmailEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const EmailEndpointInputs: z.ZodObject<typeof emailEndpointInputsShape, z.core.$strict> =
  z.strictObject(emailEndpointInputsShape);

/** The `email` endpoint type as `EmailEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "EmailEndpoint",
  type: "email",
  inputs: EmailEndpointInputs,
});
