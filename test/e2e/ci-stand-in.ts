/*
 * A stand-in for a team's CI servers (Jenkins, Git, Jira) for the end-to-end tests: HTTPS on
 * loopback with a self-signed certificate, which the emulator's endpoint validation really connects to.
 */
import { X509Certificate } from "node:crypto";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import * as selfsigned from "selfsigned";

/** A stand-in for a team's CI servers (Jenkins, Git, Jira): HTTPS with a self-signed certificate. */
export interface CiStandIn {
  readonly url: string;
  /** SHA-256 fingerprint of its certificate, upper-case hex without colons. */
  readonly fingerprint: string;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, and its SHA-256 fingerprint as the API writes it. */
export async function loopbackCertificate(): Promise<{ key: string; cert: string; fingerprint: string }> {
  const pems = await selfsigned.generate([{ name: "commonName", value: "ci.test.local" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const fingerprint = new X509Certificate(pems.cert).fingerprint256.replace(/:/g, "");
  return { key: pems.private, cert: pems.cert, fingerprint };
}

export async function startCiStandIn(): Promise<CiStandIn> {
  const pems = await loopbackCertificate();
  const server = https.createServer({ key: pems.key, cert: pems.cert }, (_req, res) => res.end("ok\n"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    fingerprint: pems.fingerprint,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
