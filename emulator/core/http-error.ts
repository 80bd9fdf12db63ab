/** Errors a handler throws to answer with a Spring-style error body. */

/** Reason phrases the way Spring writes them in the `error` field. */
const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The reason phrase for a status code (falls back to a generic one by class). */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? "Server Error" : status >= 400 ? "Client Error" : "OK");
}

/** An error that maps to one HTTP status and a message safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    /** HTTP status to answer with. */
    readonly status: number,
    message: string,
    /** Extra response headers (e.g. `Retry-After`, `WWW-Authenticate`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** 400 Bad Request. */
export const badRequest = (message: string): HttpError => new HttpError(400, message);
/** 404 Not Found. */
export const notFound = (message: string): HttpError => new HttpError(404, message);
/** 409 Conflict. */
export const conflict = (message: string): HttpError => new HttpError(409, message);
/** 403 Forbidden. */
export const forbidden = (message: string): HttpError => new HttpError(403, message);

/**
 * The value of `@type` in Spring error bodies. The product's clients decode the field but its value
 * is not published: this one is the emulator's.
 */
export const SPRING_ERROR_TYPE = "com.vmware.aria.emulator.ErrorResponse";

/**
 * The error body of the pipeline and deployment services. `timestamp` is in epoch milliseconds and
 * `status` a number: VMware's own CLIs decode exactly that (a Go int64 and int) and fail on anything
 * else, such as an ISO date string.
 */
export interface SpringErrorBody {
  timestamp: number;
  path: string;
  status: number;
  error: string;
  message: string;
  requestId: string;
  "@type": string;
}

/** Builds the Spring error body for one failed request. */
export function springError(
  status: number,
  message: string,
  path: string,
  requestId: string,
  nowMs: number,
): SpringErrorBody {
  return {
    timestamp: nowMs,
    path,
    status,
    error: reasonPhrase(status),
    message,
    requestId,
    "@type": SPRING_ERROR_TYPE,
  };
}

/** What the IaaS service's error bodies say the document is (a Xenon `ServiceErrorResponse`). */
export const IAAS_ERROR_KIND = "com:vmware:xenon:common:ServiceErrorResponse";

/**
 * The error body of the IaaS service (`/iaas/api/...`, its login included):
 * `{message, statusCode, errorCode, serverErrorId, documentKind}`, as VMware's CLIs decode it.
 */
export interface IaasErrorBody {
  message: string;
  statusCode: number;
  /** The product's own error code; not published, so the emulator answers 0 (Xenon's default). */
  errorCode: number;
  /** Identifies the failure in the server's logs (the emulator's request id). */
  serverErrorId: string;
  documentKind: string;
}

/** Builds the IaaS error body for one failed request. */
export function iaasError(status: number, message: string, requestId: string): IaasErrorBody {
  return {
    message,
    statusCode: status,
    errorCode: 0,
    serverErrorId: requestId,
    documentKind: IAAS_ERROR_KIND,
  };
}

/**
 * The value of `type` in the identity service's (CSP's) error bodies. VMware's CLIs decode the field
 * as a string but its value is not published: this one is the emulator's.
 */
export const CSP_ERROR_TYPE = "com.vmware.aria.emulator.CspError";

/**
 * The error body of the identity service (`/csp/gateway/...`, its logins): `{timestamp, type,
 * status, error, serverMessage}`, as VMware's CLIs decode it (code-stream-cli and vra-cli,
 * `AuthenticationError` in cmd/api-struct.go: `timestamp` an int64, `status` a **string**, and
 * `serverMessage` the text they print). `status` holds the reason in Spring's constant form, e.g.
 * `BAD_REQUEST` (its exact value is not published).
 */
export interface CspErrorBody {
  timestamp: number;
  type: string;
  status: string;
  error: string;
  serverMessage: string;
}

/** Builds the identity service's error body for one failed request. */
export function cspError(status: number, message: string, nowMs: number): CspErrorBody {
  const reason = reasonPhrase(status);
  return {
    timestamp: nowMs,
    type: CSP_ERROR_TYPE,
    status: reason.toUpperCase().replace(/ /g, "_"),
    error: reason,
    serverMessage: message,
  };
}
