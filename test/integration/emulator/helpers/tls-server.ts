import { X509Certificate } from "node:crypto";
import { createServer as createNetServer, type Server as NetServer, type Socket } from "node:net";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import selfsigned from "selfsigned";

/** PEM material of a small CA and a leaf it signed for 127.0.0.1. */
export interface TestPki {
  caCert: string;
  leafKey: string;
  leafCert: string;
  /** SHA-256 of the leaf, upper-case hex without colons. */
  leafSha256: string;
  caSha256: string;
}

const sha256 = (pem: string): string => new X509Certificate(pem).fingerprint256.replace(/:/g, "");

/** Generates a CA ("Aria Test CA", org "Emulator Tests") and a leaf ("127.0.0.1", org "Leaf Org"). */
export async function makePki(): Promise<TestPki> {
  const notBeforeDate = new Date(Date.now() - 3600_000);
  const ca = await selfsigned.generate(
    [
      { name: "commonName", value: "Aria Test CA" },
      { name: "organizationName", value: "Emulator Tests" },
    ],
    {
      keySize: 2048,
      algorithm: "sha256",
      notBeforeDate,
      extensions: [{ name: "basicConstraints", cA: true }],
    },
  );
  const leaf = await selfsigned.generate(
    [
      { name: "commonName", value: "127.0.0.1" },
      { name: "organizationName", value: "Leaf Org" },
    ],
    {
      keySize: 2048,
      algorithm: "sha256",
      notBeforeDate,
      ca: { key: ca.private, cert: ca.cert },
      extensions: [
        { name: "basicConstraints", cA: false },
        { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
      ],
    },
  );
  return {
    caCert: ca.cert,
    leafKey: leaf.private,
    leafCert: leaf.cert,
    leafSha256: sha256(leaf.cert),
    caSha256: sha256(ca.cert),
  };
}

/** An https server on 127.0.0.1 serving leaf + CA, answering 200 to everything. */
export async function startTlsServer(
  pki: TestPki,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server: Server = createServer(
    { key: pki.leafKey, cert: `${pki.leafCert}\n${pki.caCert}` },
    (_req, res) => {
      res.end("ok");
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A plain TCP server on 127.0.0.1 that accepts and holds connections (e.g. a fake SMTP server). */
export async function startTcpServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
