import type { IncomingHttpHeaders } from "node:http";
import type { ApiResponse } from "./api-response";

/** The caller a valid bearer token stands for. */
export interface Caller {
  /** Login name. */
  username: string;
  /** Administrators may write restricted endpoints. */
  admin: boolean;
}

/** Everything a route handler gets to see about one request. */
export interface RequestContext {
  /** Upper-case HTTP method. */
  method: string;
  /** Path as received (still percent-encoded), without the query string. */
  path: string;
  /** Decoded path parameters. */
  params: Record<string, string>;
  /** Query parameters. */
  query: URLSearchParams;
  /** Parsed body (JSON or form), `undefined` when the request had none. */
  body: unknown;
  /** Request headers. */
  headers: IncomingHttpHeaders;
  /** The authenticated caller (set on every route that requires a token). */
  caller?: Caller;
}

/** A route handler: a plain function from request to response (throws `HttpError` to fail). */
export type Handler = (ctx: RequestContext) => ApiResponse | Promise<ApiResponse>;

/** Which service a route belongs to; decides the `apiVersion` check. */
export type ApiFamily = "pipeline" | "deployment" | "iaas" | "auth";

/** One operation: routes are data. */
export interface RouteDef {
  /** HTTP method. */
  method: string;
  /** Path template such as `/pipeline/api/endpoints/{id}`; also the route's name in the request log. */
  template: string;
  /** Further templates serving the same operation (e.g. the `/codestream/api` alias). */
  aliases?: string[];
  /** The service the route belongs to. */
  family: ApiFamily;
  /** Whether a valid bearer token is required (default true). */
  auth?: boolean;
  /** The handler. */
  handler: Handler;
}
