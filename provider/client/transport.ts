/**
 * HTTP transport on undici: one keep-alive pool per client (one base URL), TLS verification with an
 * optional private CA bundle, a timeout per request, JSON in and out, and retries driven by the pure
 * policy of ./retry-policy. Every attempt, a retry's as a first one's, passes through the client's
 * adaptive rate (./adaptive-rate.ts) and tells it how it went: the rate, the concurrency and the pause
 * a server asks for (`Retry-After`, which holds every request of the client) are that one mechanism.
 * Response bodies are always read to the end, so connections return to the pool.
 */
import * as tls from "node:tls";
import type { Dispatcher, Pool } from "undici";
import type * as Undici from "undici";
import { lowLevelCode } from "./network-errors";
import type { Clock } from "../core/clock";
import { AdaptiveRate } from "./adaptive-rate";
import { decideRetry, isThrottle, parseRetryAfter, RETRYABLE_STATUSES, RetryPolicy } from "./retry-policy";

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
  /** Attempts in flight at most (default {@link MAX_CONNECTIONS}); the adaptive rate may hold fewer. */
  readonly maxConcurrency?: number;
  /** Attempts sent per second at most (default: no cap but the server's answers). */
  readonly maxRate?: number;
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
  /**
   * The bearer token, asked for once the attempt holds its slot (not once per request, nor before
   * the client's queue), so that an attempt sent after a long wait (the queue, throttles, backoff)
   * carries a token that is current when it leaves.
   */
  readonly bearer?: BearerSource;
}

/** Where an attempt's bearer token comes from (the client's token cache). */
export interface BearerSource {
  /** The token to send now, when the cache holds one that is not due for renewal. */
  fresh(): string | undefined;
  /** A token obtained anew (a renewal: a request of its own, which needs a slot of its own). */
  obtain(): Promise<string>;
}

/** The final answer to a request (after retries). */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Parsed JSON, or the text when it is not JSON, or undefined when empty. */
  readonly body: unknown;
  /** How many times the request was sent. */
  readonly attempts: number;
  /** The bearer token the answered attempt carried (when the request had one). */
  readonly bearer?: string;
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
  /** The adaptive rate, concurrency and pause every attempt of this client passes through. */
  readonly rate: AdaptiveRate;

  constructor(private readonly options: TransportOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, "");
    this.rate = new AdaptiveRate(options.clock, {
      maxConcurrency: options.maxConcurrency ?? MAX_CONNECTIONS,
      maxRate: options.maxRate,
    });
  }

  /** Sends a request, retrying as the policy allows; throws {@link TransportError} when no answer came. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const dispatcher = this.connection();
    const { policy, clock } = this.options;
    const rate = this.rate;
    const body =
      request.form !== undefined
        ? { type: "application/x-www-form-urlencoded", text: new URLSearchParams(request.form).toString() }
        : request.body !== undefined
          ? { type: "application/json", text: JSON.stringify(request.body) }
          : undefined;
    const options: Dispatcher.RequestOptions = {
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
    };

    let attempts = 0;
    let retries = 0;
    let delayed = 0;
    let throttledRetries = 0;
    const firstSentAt = clock.now();
    /** A token obtained for this request while it held no slot, sent when the cache has none fresher. */
    let obtained: string | undefined;
    for (;;) {
      const slot = await rate.acquire();
      // The token is taken once the slot is held: one taken before could expire in the queue.
      const bearer = request.bearer ? (request.bearer.fresh() ?? obtained) : undefined;
      if (request.bearer && bearer === undefined) {
        // A renewal needs a slot of its own: give this one back unused while it runs (holding it
        // could leave no slot for the renewal), then queue again.
        rate.abandon();
        obtained = await request.bearer.obtain();
        continue;
      }
      obtained = undefined;
      const attempt =
        bearer === undefined
          ? options
          : { ...options, headers: { ...options.headers, authorization: `Bearer ${bearer}` } };
      attempts += 1;
      let answer: { status: number; headers: HttpResponse["headers"]; text: string } | undefined;
      let failure: unknown;
      try {
        const response = await dispatcher.request(attempt);
        // Always read the body to the end: an unread body keeps its connection out of the pool.
        const text = await response.body.text();
        answer = { status: response.statusCode, headers: response.headers, text };
      } catch (error) {
        failure = error;
      }
      const retryAfter = firstHeader(answer?.headers["retry-after"]);
      const throttled = isThrottle(answer?.status, retryAfter);
      const requestedPause = throttled ? parseRetryAfter(retryAfter, clock.now()) : undefined;
      rate.release({
        sentAt: slot.sentAt,
        throttled,
        // The server's own word on when to come back holds every request of the client.
        pauseMs: requestedPause === undefined ? undefined : Math.min(policy.maxDelayMs, requestedPause),
        latencyMs: answer === undefined ? undefined : clock.now() - slot.sentAt,
      });
      if (answer !== undefined && !RETRYABLE_STATUSES.includes(answer.status)) {
        return this.answerOf(answer, attempts, bearer);
      }
      const decision = decideRetry(
        policy,
        {
          method: request.method,
          idempotent: request.idempotent,
          retriesSoFar: retries,
          delayedMsSoFar: delayed,
          throttledRetriesSoFar: throttledRetries,
          elapsedMsSoFar: clock.now() - firstSentAt,
          status: answer?.status,
          errorCode: answer === undefined ? lowLevelCode(failure) : undefined,
          retryAfter,
        },
        () => clock.random(),
        clock.now(),
      );
      if (!decision.retry) {
        if (answer !== undefined) return this.answerOf(answer, attempts, bearer);
        throw new TransportError(failure, attempts);
      }
      if (throttled) {
        throttledRetries += 1;
        // A pause the server asked for is the rate's (it holds every request): no wait of its own.
        if (requestedPause === undefined) await clock.sleep(decision.delayMs);
      } else {
        retries += 1;
        delayed += decision.delayMs;
        await clock.sleep(decision.delayMs);
      }
    }
  }

  private answerOf(
    answer: { status: number; headers: HttpResponse["headers"]; text: string },
    attempts: number,
    bearer: string | undefined,
  ): HttpResponse {
    return {
      status: answer.status,
      headers: answer.headers,
      body: parseBody(answer.text, firstHeader(answer.headers["content-type"])),
      attempts,
      ...(bearer === undefined ? {} : { bearer }),
    };
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
      const { Pool } = require("undici") as typeof Undici;
      this.pool = new Pool(this.origin, {
        connections: Math.max(1, this.options.maxConcurrency ?? MAX_CONNECTIONS),
        pipelining: 1,
        keepAliveTimeout: 4_000,
        connect: {
          timeout: timeoutMs,
          rejectUnauthorized: !insecure,
          ...(caCert ? { ca: [...tls.rootCertificates, caCert] } : {}),
        },
      });
      this.dispatcher = this.pool;
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
