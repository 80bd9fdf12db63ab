import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const emailEndpointInputsShape = {
  senderAddress: z.string().describe("Address mails are sent from."),
  encryptionMethod: z.enum(["TLS", "SSL", "NONE"]).describe("Transport encryption."),
  outboundHost: z.string().describe("Mail server host."),
  outboundPort: z.number().describe("Mail server port."),
  outboundProtocol: z.enum(["smtp", "pop3"]).describe("Mail protocol."),
  outboundUsername: z.string().optional().describe("User name on the mail server."),
  outboundPassword: z
    .string()
    .optional()
    .meta({ description: "Password on the mail server (secret).", secret: true }),
};

/**
 * The typed inputs of a `EmailEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const EmailEndpointInputs: z.ZodObject<typeof emailEndpointInputsShape, z.core.$strict> =
  z.strictObject(emailEndpointInputsShape);

/** The `email` endpoint type as `EmailEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "EmailEndpoint",
  type: "email",
  title: "email (mail server) endpoint",
  inputs: EmailEndpointInputs,
});
