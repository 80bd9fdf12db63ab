/**
 * Certificates for the tests' loopback TLS servers, made by the project's one certificate maker
 * (scripts/certificates.js, which the demo uses too).
 */
import { makeCertificate, sha256Fingerprint, type Certificate } from "../../scripts/certificates";

export { makeCertificate, sha256Fingerprint, type Certificate };

/**
 * A fresh self-signed certificate (its own CA, so it can be trusted as `vra:caCert`) for a TLS server
 * on loopback: valid for `localhost` and `127.0.0.1`.
 */
export function loopbackCertificate(commonName = "localhost"): Promise<Certificate> {
  return makeCertificate({
    commonName,
    dnsNames: ["localhost"],
    ips: ["127.0.0.1"],
    ca: true,
    serverAuth: true,
  });
}

/** PEM material of a small CA and a leaf it signed for 127.0.0.1. */
export interface TestPki {
  caCert: string;
  leafKey: string;
  leafCert: string;
  /** SHA-256 of the leaf, upper-case hex without colons. */
  leafSha256: string;
  caSha256: string;
}

/** Generates a CA ("Aria Test CA", org "Emulator Tests") and a leaf ("127.0.0.1", org "Leaf Org"). */
export async function makePki(): Promise<TestPki> {
  const notBefore = new Date(Date.now() - 3600_000);
  const ca = await makeCertificate({
    commonName: "Aria Test CA",
    organization: "Emulator Tests",
    ca: true,
    notBefore,
  });
  const leaf = await makeCertificate({
    commonName: "127.0.0.1",
    organization: "Leaf Org",
    ips: ["127.0.0.1"],
    issuer: ca,
    notBefore,
  });
  return {
    caCert: ca.cert,
    leafKey: leaf.key,
    leafCert: leaf.cert,
    leafSha256: leaf.fingerprint,
    caSha256: ca.fingerprint,
  };
}
