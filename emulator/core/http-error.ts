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

/** The error body every service of the product answers with. */
export interface SpringErrorBody {
  timestamp: string;
  path: string;
  status: number;
  error: string;
  message: string;
  requestId: string;
}

/** Builds the Spring error body for one failed request. */
export function springError(
  status: number,
  message: string,
  path: string,
  requestId: string,
): SpringErrorBody {
  return {
    timestamp: new Date().toISOString(),
    path,
    status,
    error: reasonPhrase(status),
    message,
    requestId,
  };
}
