/**
 * HTTP transport on undici: one keep-alive pool per client (one base URL), TLS verification with an
 * optional private CA bundle, a timeout per request, JSON in and out, and retries through undici's
 * own RetryHandler (the retry interceptor) driven by the pure policy of ./retry-policy. A pause the
 * server asks for (`Retry-After`) holds every request of the client (./throttle.ts), not only the one
 * that was refused. Response bodies are always read to the end, so connections return to the pool.
 */
import * as tls from "node:tls";
import type { Dispatcher, Pool, RetryHandler } from "undici";
import type * as Undici from "undici";
import { lowLevelCode } from "./network-errors";
import type { Clock } from "../core/clock";
import { decideRetry, RetryPolicy } from "./retry-policy";
import { Throttle } from "./throttle";

/**
 * Connections to the server at most. Requests beyond wait in the pool's queue. The engine runs 4 ×
 * CPUs steps at once by default (`--parallel`), each sending one request at a time; against a server
 * 100 ms away 16 connections carry 160 requests a second, more than servers accept from one client
 * (see docs/guides/large-stacks.md for the measurement).
 */
export const MAX_CONNECTIONS = 16;

/** Settings of a transport. */
export interface TransportOptions {
  /** Base URL; its path (if any) prefixes every request path. */
  readonly baseUrl: string;
  /** Skip certificate verification. */
  readonly insecure: boolean;
  /** Extra trusted CA certificates (PEM), added to the system's roots. */
  readonly caCert?: string;
  /** Timeout of each attempt: connecting, waiting for headers, and between body chunks. */
  readonly timeoutMs: number;
  /** When and how long to retry. */
  readonly policy: RetryPolicy;
  /** Waits between retries, their jitter, and the time `Retry-After` dates are measured from. */
  readonly clock: Clock;
}

/** One HTTP request; `path` includes the query string. */
export interface HttpRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON-serialisable body. */
  readonly body?: unknown;
  /** A form body (`application/x-www-form-urlencoded`), sent instead of `body`. */
  readonly form?: Readonly<Record<string, string>>;
  /** A POST that is safe to repeat. */
  readonly idempotent?: boolean;
  /** `path` is from the server's origin: the base URL's own path is not put in front. */
  readonly atOrigin?: boolean;
}

/** The final answer to a request (after retries). */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Parsed JSON, or the text when it is not JSON, or undefined when empty. */
  readonly body: unknown;
  /** How many times the request was sent. */
  readonly attempts: number;
}

/** A request that got no answer (connection, TLS, timeout); `cause` is the low-level error. */
export class TransportError extends Error {
  override name = "TransportError";
  constructor(
    override readonly cause: unknown,
    /** How many times the request was sent. */
    readonly attempts: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** Sends JSON requests to one server. */
export class HttpTransport {
  private pool: Pool | undefined;
  private dispatcher: Dispatcher | undefined;
  private closed = false;
  private readonly origin: string;
  private readonly prefix: string;
  /** The pause every request of this client respects. */
  readonly throttle: Throttle;

  constructor(private readonly options: TransportOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, "");
    this.throttle = new Throttle(options.clock);
  }

  /** Sends a request, retrying as the policy allows; throws {@link TransportError} when no answer came. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const dispatcher = this.connection();
    const { policy, clock } = this.options;
    const throttle = this.throttle;
    let retries = 0;
    let delayed = 0;

    const retry: RetryHandler.RetryCallback = (err, _context, callback) => {
      const status = (err as { statusCode?: number }).statusCode;
      const headers = (err as { headers?: Record<string, string | string[] | undefined> }).headers;
      const decision = decideRetry(
        policy,
        {
          method: request.method,
          idempotent: request.idempotent,
          retriesSoFar: retries,
          delayedMsSoFar: delayed,
          status,
          errorCode: status === undefined ? lowLevelCode(err) : undefined,
          retryAfter: firstHeader(headers?.["retry-after"]),
        },
        () => clock.random(),
        clock.now(),
      );
      if (!decision.retry) {
        callback(err);
        return;
      }
      retries += 1;
      delayed += decision.delayMs;
      // The server's own word on when to come back holds every request of the client.
      const wait =
        headers?.["retry-after"] !== undefined
          ? (throttle.pause(decision.delayMs), throttle.ready())
          : clock.sleep(decision.delayMs).then(() => throttle.ready());
      wait.then(
        () => callback(null),
        (sleepError: unknown) => callback(sleepError instanceof Error ? sleepError : err),
      );
    };

    const body =
      request.form !== undefined
        ? { type: "application/x-www-form-urlencoded", text: new URLSearchParams(request.form).toString() }
        : request.body !== undefined
          ? { type: "application/json", text: JSON.stringify(request.body) }
          : undefined;
    const options: Dispatcher.RequestOptions & { retryOptions: RetryHandler.RetryOptions } = {
      method: request.method,
      path: `${request.atOrigin ? "" : this.prefix}${request.path}`,
      headers: {
        accept: "application/json",
        ...(body ? { "content-type": body.type } : {}),
        ...request.headers,
      },
      body: body?.text,
      headersTimeout: this.options.timeoutMs,
      bodyTimeout: this.options.timeoutMs,
      retryOptions: { retry, throwOnError: false },
    };

    try {
      await throttle.ready();
      const response = await dispatcher.request(options);
      // Always read the body to the end: an unread body keeps its connection out of the pool.
      const text = await response.body.text();
      return {
        status: response.statusCode,
        headers: response.headers,
        body: parseBody(text, firstHeader(response.headers["content-type"])),
        attempts: retries + 1,
      };
    } catch (error) {
      throw new TransportError(error, retries + 1);
    }
  }

  /** Destroys the pool and its sockets; later requests fail. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    this.dispatcher = undefined;
    if (pool && !pool.destroyed) await pool.destroy();
  }

  private connection(): Dispatcher {
    if (this.closed) throw new TransportError(new Error("the API client was closed"), 0);
    if (!this.dispatcher) {
      const { insecure, caCert, timeoutMs } = this.options;
      // undici is loaded with the first request, not with the client: the plugin prints its port
      // before it (its start-up: docs/guides/large-stacks.md).
      const { Pool, interceptors } = require("undici") as typeof Undici;
      this.pool = new Pool(this.origin, {
        connections: MAX_CONNECTIONS,
        pipelining: 1,
        keepAliveTimeout: 4_000,
        connect: {
          timeout: timeoutMs,
          rejectUnauthorized: !insecure,
          ...(caCert ? { ca: [...tls.rootCertificates, caCert] } : {}),
        },
      });
      this.dispatcher = this.pool.compose(interceptors.retry({ throwOnError: false }));
    }
    return this.dispatcher;
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** JSON when it parses as JSON, else the text; undefined for an empty body. */
export function parseBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === "") return undefined;
  const looksJson = /json/i.test(contentType ?? "") || /^\s*[{["]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
