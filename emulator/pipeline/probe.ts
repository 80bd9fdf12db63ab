import { isIP, Socket } from "node:net";
import { connect as tlsConnect, type DetailedPeerCertificate, type TLSSocket } from "node:tls";

/** Where a probe connects to. */
export interface ProbeTarget {
  host: string;
  port: number;
  /** Whether to perform a TLS handshake after connecting. */
  tls: boolean;
}

/** One certificate of a served chain, in the shape `GET /endpoint-certificate` answers. */
export interface CertificateInfo {
  fingerprints: { "SHA-1": string; "SHA-256": string };
  issuedBy: { commonName: string; organization: string };
  issuedTo: { commonName: string; organization: string; serialNumber: string };
  periodOfValidity: { beginsOn: number; expiresOn: number };
}

/** What a successful probe saw. */
export interface ProbeResult {
  /** The served chain, leaf first (TLS targets only). */
  certificates: CertificateInfo[];
}

/** Default connect/handshake timeout. */
export const PROBE_TIMEOUT_MS = 3000;

const DEFAULT_PORTS: Record<string, number> = {
  "https:": 443,
  "http:": 80,
  "ssh:": 22,
  "git:": 9418,
  "tcp:": 2376,
};

/**
 * Where a server URL points: https is TLS on 443 by default, http plain TCP on 80, ssh 22,
 * tcp (Docker hosts) 2376; scp-like git addresses (`git@host:org/repo.git`) are SSH on 22.
 */
export function targetFromUrl(raw: string): ProbeTarget {
  const scp = /^[\w.-]+@([\w.-]+):(?!\d+(\/|$))/.exec(raw);
  if (scp) return { host: scp[1], port: 22, tls: false };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`'${raw}' is not a valid URL`);
  }
  const port = url.port !== "" ? Number(url.port) : DEFAULT_PORTS[url.protocol];
  if (port === undefined)
    throw new Error(`URL '${raw}' has no port and '${url.protocol}' has no default port`);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "") throw new Error(`URL '${raw}' has no host`);
  return { host, port, tls: url.protocol === "https:" };
}

const hex = (fingerprint: string): string => fingerprint.replace(/:/g, "").toUpperCase();
const first = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value[0] : value) ?? "";

/** Normalises a fingerprint for comparison: upper-case hex without colons or spaces. */
export function normaliseFingerprint(value: string): string {
  return value.replace(/[\s:]/g, "").toUpperCase();
}

function certificateInfo(cert: DetailedPeerCertificate): CertificateInfo {
  return {
    fingerprints: { "SHA-1": hex(cert.fingerprint), "SHA-256": hex(cert.fingerprint256) },
    issuedBy: { commonName: first(cert.issuer?.CN), organization: first(cert.issuer?.O) },
    issuedTo: {
      commonName: first(cert.subject?.CN),
      organization: first(cert.subject?.O),
      serialNumber: BigInt(`0x${cert.serialNumber || "0"}`).toString(10),
    },
    periodOfValidity: { beginsOn: Date.parse(cert.valid_from), expiresOn: Date.parse(cert.valid_to) },
  };
}

/** The chain a TLS socket was served, leaf first. */
function servedChain(socket: TLSSocket): CertificateInfo[] {
  const chain: CertificateInfo[] = [];
  const seen = new Set<string>();
  let cert: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  while (cert && cert.raw && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256);
    chain.push(certificateInfo(cert));
    cert = cert.issuerCertificate;
  }
  return chain;
}

/**
 * Connects to a target (TCP, plus a TLS handshake when `tls`), answers what it saw and closes.
 * Certificates are not verified: the point is to show them. Rejects with a readable error.
 */
export function probe(target: ProbeTarget, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const socket: Socket = target.tls
      ? tlsConnect({
          host: target.host,
          port: target.port,
          rejectUnauthorized: false,
          ...(isIP(target.host) === 0 && { servername: target.host }),
        })
      : new Socket().connect({ host: target.host, port: target.port });
    const finish = (error: Error | undefined, result?: ProbeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(result as ProbeResult);
    };
    const timer = setTimeout(
      () => finish(new Error(`timed out after ${timeoutMs} ms connecting to ${target.host}:${target.port}`)),
      timeoutMs,
    );
    socket.once("error", (e) => finish(e));
    socket.once("close", () =>
      finish(new Error(`connection to ${target.host}:${target.port} closed before it was established`)),
    );
    socket.once(target.tls ? "secureConnect" : "connect", () =>
      finish(undefined, { certificates: target.tls ? servedChain(socket as TLSSocket) : [] }),
    );
  });
}
