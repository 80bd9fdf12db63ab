/** A self-signed certificate for loopback TLS servers in tests. */
import * as selfsigned from "selfsigned";

/** PEM key and certificate valid for `localhost` and `127.0.0.1`. */
export interface TestCertificate {
  readonly key: string;
  readonly cert: string;
}

/** Generates a fresh self-signed certificate (its own CA) for the loopback addresses. */
export async function loopbackCertificate(): Promise<TestCertificate> {
  const pems = await selfsigned.generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
