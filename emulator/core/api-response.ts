/** What a route handler answers; the server turns it into bytes (or cuts the socket). */
export interface ApiResponse {
  /** HTTP status. */
  status: number;
  /** JSON body; `undefined` means no body. A string is sent as it is when `contentType` is set. */
  body?: unknown;
  /** Content type of a text body (e.g. YAML); absent: the body is JSON. */
  contentType?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** 200 with a JSON body. */
export function ok(body: unknown): ApiResponse {
  return { status: 200, body };
}

/** 200 with a text body of the given content type (sent as it is). */
export function okText(text: string, contentType: string): ApiResponse {
  return { status: 200, body: text, contentType };
}

/** 204 without a body. */
export function noContent(): ApiResponse {
  return { status: 204 };
}
