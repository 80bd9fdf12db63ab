import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

/** A listening server and how to stop it. */
export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/** Listens with node:http (or node:https when TLS material is given). */
export function listen(
  listener: Listener,
  options: { port: number; host: string; tls?: { key: string | Buffer; cert: string | Buffer } },
): Promise<Listening> {
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const port = (server.address() as AddressInfo).port;
      const scheme = options.tls ? "https" : "http";
      let closing: Promise<void> | undefined;
      resolve({
        url: `${scheme}://${hostForUrl(options.host)}:${port}`,
        port,
        close: () => {
          closing ??= new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
          return closing;
        },
      });
    });
  });
}
