/**
 * What describes one API failure: its stable code and the facts every {@link AriaApiError} carries.
 * The error class (./errors) and the words of its message (./error-messages) both build on this
 * module, which imports neither.
 */

/** Stable codes of API failures. */
export const API_ERROR_CODES = [
  "BadRequest",
  "Unauthorized",
  "Forbidden",
  "NotFound",
  "Conflict",
  "RateLimited",
  "ServerError",
  "HttpError",
  "Timeout",
  "NetworkError",
  "InvalidResponse",
] as const;

/** A stable code classifying an API failure. */
export type AriaErrorCode = (typeof API_ERROR_CODES)[number];

/** The facts carried by every {@link AriaApiError}. */
export interface AriaApiErrorDetails {
  /** Stable classification. */
  readonly code: AriaErrorCode;
  /** What the client was doing, in words (e.g. "create endpoint"). */
  readonly operation: string;
  /** HTTP method. */
  readonly method: string;
  /** Request path with query; values of secret-looking query parameters are redacted. */
  readonly path: string;
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** The server's own message (redacted), when it gave one. */
  readonly serverMessage?: string;
  /** The server's request id, for support. */
  readonly requestId?: string;
  /**
   * Whether the request may have reached the server. False only when it provably did not (connection
   * refused, DNS failure, TLS handshake). A failed create with `sentRequest` true is ambiguous: the
   * object may exist.
   */
  readonly sentRequest: boolean;
  /** How many times the request was sent (1 when not retried). */
  readonly attempts: number;
  /** Seconds the server asked to wait (`Retry-After`), if any. */
  readonly retryAfterSeconds?: number;
  /** The low-level error code (e.g. `ECONNREFUSED`, `UND_ERR_HEADERS_TIMEOUT`) of a transport failure. */
  readonly causeCode?: string;
}

/** Maps an HTTP status to its stable code. */
export function codeForStatus(status: number): AriaErrorCode {
  switch (status) {
    case 400:
      return "BadRequest";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "NotFound";
    case 409:
      return "Conflict";
    case 429:
      return "RateLimited";
    default:
      return status >= 500 && status <= 599 ? "ServerError" : "HttpError";
  }
}
