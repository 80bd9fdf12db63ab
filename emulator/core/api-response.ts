/** What a route handler answers; the server turns it into bytes (or cuts the socket). */
export interface ApiResponse {
  /** HTTP status. */
  status: number;
  /** JSON body; `undefined` means no body. */
  body?: unknown;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** 200 with a JSON body. */
export function ok(body: unknown): ApiResponse {
  return { status: 200, body };
}

/** 204 without a body. */
export function noContent(): ApiResponse {
  return { status: 204 };
}
