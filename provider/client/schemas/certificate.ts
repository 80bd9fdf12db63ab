/** The certificate chain of a server (`GET /endpoint-certificate`), leaf first. */
import { z } from "zod";
import type * as generated from "./generated";

const Name = z
  .looseObject({
    commonName: z.string().nullish().describe("Common name."),
    organization: z.string().nullish().describe("Organisation."),
  })
  .meta({ id: "CertificateName", description: "Who issued a certificate, or whom it was issued to." });

export const Certificate = z
  .looseObject({
    fingerprints: z
      .looseObject({
        "SHA-1": z.string().nullish().describe("SHA-1 fingerprint."),
        "SHA-256": z.string().nullish().describe("SHA-256 fingerprint."),
      })
      .nullish()
      .describe(
        "Upper-case hex fingerprints without colons; `SHA-256` goes into an endpoint's `fingerprint`.",
      ),
    issuedBy: Name.nullish().describe("Issuer."),
    issuedTo: Name.extend({
      serialNumber: z
        .union([z.string(), z.number()])
        .transform((value) => String(value))
        .pipe(z.string())
        .nullish()
        .describe("Serial number (the spec's example is a number; kept as a string)."),
    })
      .nullish()
      .describe("Subject."),
    periodOfValidity: z
      .looseObject({
        beginsOn: z.number().nullish().describe("Start of validity (UNIX timestamp)."),
        expiresOn: z.number().nullish().describe("End of validity (UNIX timestamp)."),
      })
      .nullish()
      .describe("Validity period (UNIX timestamps)."),
  })
  .meta({ id: "Certificate", description: "One certificate of a chain." });
export type Certificate = generated.Certificate;

/** A chain of certificates, leaf first. */
export const CertificateChain = z.looseObject({ certificates: z.array(Certificate).default([]) });
/** A chain of certificates, leaf first. */
export type CertificateChain = z.infer<typeof CertificateChain>;
