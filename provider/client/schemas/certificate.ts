/** The certificate chain of a server (`GET /endpoint-certificate`), leaf first. */
import { z } from "zod";

const Name = z.looseObject({
  /** Common name. */
  commonName: z.string().nullish(),
  /** Organisation. */
  organization: z.string().nullish(),
});

/** One certificate of a chain. */
export const Certificate = z.looseObject({
  /** Upper-case hex fingerprints without colons; `SHA-256` goes into an endpoint's `fingerprint`. */
  fingerprints: z.looseObject({ "SHA-1": z.string().nullish(), "SHA-256": z.string().nullish() }).nullish(),
  /** Issuer. */
  issuedBy: Name.nullish(),
  /** Subject. */
  issuedTo: Name.extend({
    /** Serial number (the spec's example is a number; kept as a string). */
    serialNumber: z
      .union([z.string(), z.number()])
      .transform((value) => String(value))
      .nullish(),
  }).nullish(),
  /** Validity period (UNIX timestamps). */
  periodOfValidity: z
    .looseObject({ beginsOn: z.number().nullish(), expiresOn: z.number().nullish() })
    .nullish(),
});
/** One certificate of a chain. */
export type Certificate = z.infer<typeof Certificate>;

/** A chain of certificates, leaf first. */
export const CertificateChain = z.looseObject({ certificates: z.array(Certificate).default([]) });
/** A chain of certificates, leaf first. */
export type CertificateChain = z.infer<typeof CertificateChain>;
