/**
 * Classification of low-level (Node and undici) errors: which are timeouts, which are TLS failures,
 * and which prove that the request never reached the server.
 */

/** Low-level codes of a timeout; the connect timeout is the only one before the request was sent. */
const TIMEOUT_CODES = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "ETIMEDOUT",
]);

/**
 * Low-level codes proving the request never left the client: no connection, no name, no trusted TLS
 * session. Anything else (reset, socket closed, timeout waiting for an answer) is ambiguous.
 */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_INVALID_ARG",
  "UND_ERR_CLOSED",
]);

/** True for low-level codes raised by TLS certificate checks or the TLS handshake. */
export function isTlsErrorCode(code: string | undefined): boolean {
  if (!code) return false;
  return (
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|^ERR_SSL_|^ERR_TLS_|^EPROTO$/.test(code) &&
    code !== "ERR_TLS_ALERT"
  );
}

/** True when the low-level error code proves the request never reached the server. */
export function provablyNotSent(code: string | undefined): boolean {
  return code !== undefined && (NOT_SENT_CODES.has(code) || isTlsErrorCode(code));
}

/** True for low-level codes of a timeout. */
export function isTimeoutCode(code: string | undefined): boolean {
  return code !== undefined && TIMEOUT_CODES.has(code);
}

/** The `code` of a low-level (Node or undici) error, looking through `cause` chains. */
export function lowLevelCode(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || error === null || typeof error !== "object") return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code !== "UND_ERR_REQ_RETRY") {
    // undici wraps some failures (e.g. a TLS failure) in a generic socket error: prefer the cause's code.
    const inner = lowLevelCode((error as { cause?: unknown }).cause, depth + 1);
    return code === "UND_ERR_SOCKET" && inner !== undefined ? inner : code;
  }
  return lowLevelCode((error as { cause?: unknown }).cause, depth + 1);
}
