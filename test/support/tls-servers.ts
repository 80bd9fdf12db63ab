/** Loopback servers for the tests: HTTPS (a small PKI's leaf, or a CI stand-in), a silent TCP port, a closed port. */
import { createServer as createNetServer, type Server as NetServer, type Socket } from "node:net";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { loopbackCertificate, type TestPki } from "./certificates";

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

/** A stand-in for a team's CI servers (Jenkins, Git, Jira): HTTPS with a self-signed certificate. */
export interface CiStandIn {
  readonly url: string;
  /** SHA-256 fingerprint of its certificate, upper-case hex without colons. */
  readonly fingerprint: string;
  close(): Promise<void>;
}

/**
 * Starts a stand-in for a team's CI servers on 127.0.0.1 (HTTPS, a self-signed certificate), which
 * the emulator's endpoint validation really connects to.
 */
export async function startCiStandIn(): Promise<CiStandIn> {
  const pems = await loopbackCertificate("ci.test.local");
  const server = createServer({ key: pems.key, cert: pems.cert }, (_req, res) => res.end("ok\n"));
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
