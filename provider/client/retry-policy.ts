/**
 * When to retry, and how long to wait: a pure function of the attempt, so it can be tested without
 * I/O. The transport plugs it into undici's RetryHandler (see ./transport.ts).
 *
 * - GET, PUT, DELETE (and calls marked idempotent, such as token exchanges) are retried on connection
 *   failures and on 429, 502, 503 and 504.
 * - Other methods (POST) are retried on 429 (the server did nothing) and when the request provably
 *   never left the client (connection refused, name not resolved, connect timeout): a create must
 *   never be sent twice blindly; after a 5xx or a lost answer the caller decides (endpoint creates
 *   look the endpoint up before sending again).
 * - Waits follow `Retry-After` (seconds or HTTP date) when given, else exponential backoff with jitter;
 *   every wait is capped, the number of retries is bounded, and so is the total time spent waiting.
 * - A throttle (a 429, or a 503 with `Retry-After`: the server is busy, not failing) is retried for as
 *   long as `maxThrottledMs` allows since the first attempt, whatever the count: the client's adaptive
 *   rate (./adaptive-rate.ts) slows every request of the client meanwhile, so these retries are what
 *   lets a fleet of clients share a server's capacity rather than give up on it.
 * - Timeouts waiting for an answer are not retried: they already cost the user a full `apiTimeout`.
 */

import { backoffDelay, type Backoff, systemClock } from "../core/clock";
import { provablyNotSent } from "./network-errors";

/** Tuning of the retry policy. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 8). */
  readonly maxRetries: number;
  /** First backoff step in milliseconds (default 500). */
  readonly baseDelayMs: number;
  /** Cap of any single wait, `Retry-After` included (default 30 000). */
  readonly maxDelayMs: number;
  /** Cap of the sum of all waits of one request (default 90 000). */
  readonly maxTotalDelayMs: number;
  /**
   * Retries after attempts that could not reach the server (connection refused, name not resolved,
   * host unreachable, connect timeout), at most (default 4, and never more than `maxRetries`): such
   * a server is down or restarting, and more retries would only hold back the error. A connection
   * cut after the request was sent (a lost answer) counts as an answer: the server is up.
   */
  readonly maxConnectionRetries?: number;
  /**
   * How long a request may go on being throttled (429, or 503 with `Retry-After`), from its first
   * attempt, in milliseconds (default 900 000): such retries count neither against `maxRetries` nor
   * against `maxTotalDelayMs`.
   */
  readonly maxThrottledMs?: number;
}

/** How long a request may go on being throttled, unless the policy says otherwise (15 minutes). */
export const DEFAULT_THROTTLED_MS = 900_000;

/** Retries at most after attempts that could not reach the server, unless the policy says otherwise. */
const DEFAULT_CONNECTION_RETRIES = 4;

/** The defaults of {@link RetryPolicy}. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  // Eight: behind a rate limiter and a load balancer a fifth of the attempts may fail; the capped
  // backoff still ends an outage within maxTotalDelayMs.
  maxRetries: 8,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxTotalDelayMs: 90_000,
  maxConnectionRetries: DEFAULT_CONNECTION_RETRIES,
  maxThrottledMs: DEFAULT_THROTTLED_MS,
});

/** HTTP statuses worth retrying for idempotent requests. */
export const RETRYABLE_STATUSES: readonly number[] = [429, 502, 503, 504];

/** Methods that may be repeated without changing the outcome. */
export const IDEMPOTENT_METHODS: readonly string[] = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"];

/** Low-level error codes of a broken or impossible connection (worth retrying when idempotent). */
export const RETRYABLE_ERROR_CODES: readonly string[] = [
  "ECONNRESET",
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETDOWN",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EHOSTUNREACH",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
];

/** One failed attempt, as the policy sees it. */
export interface FailedAttempt {
  /** HTTP method of the request. */
  readonly method: string;
  /** Overrides the method's idempotency (token exchanges are POSTs that are safe to repeat). */
  readonly idempotent?: boolean;
  /** Retries already made after answers that were not throttles (0 after the first attempt). */
  readonly retriesSoFar: number;
  /** Milliseconds already spent waiting between attempts after answers that were not throttles. */
  readonly delayedMsSoFar: number;
  /** Retries already made after throttles (default 0). */
  readonly throttledRetriesSoFar?: number;
  /** Milliseconds since the first attempt was sent (default `delayedMsSoFar`). */
  readonly elapsedMsSoFar?: number;
  /** HTTP status of the answer, when there was one. */
  readonly status?: number;
  /** Low-level error code, when there was no answer. */
  readonly errorCode?: string;
  /** The `Retry-After` header of the answer. */
  readonly retryAfter?: string;
}

/** What to do after a failed attempt. */
export type RetryDecision =
  { readonly retry: true; readonly delayMs: number } | { readonly retry: false; readonly reason: string };

/** Decides whether to retry after a failed attempt and how long to wait first. */
export function decideRetry(
  policy: RetryPolicy,
  attempt: FailedAttempt,
  random: () => number = systemClock.random,
  nowMs: number = systemClock.now(),
): RetryDecision {
  const idempotent = attempt.idempotent ?? IDEMPOTENT_METHODS.includes(attempt.method.toUpperCase());
  if (attempt.status !== undefined) {
    if (!RETRYABLE_STATUSES.includes(attempt.status)) {
      return { retry: false, reason: `status ${attempt.status} is not retryable` };
    }
    // A 429 says the server refused to act, so even a create may be sent again; after a 5xx it
    // may have acted, and only the caller can tell (by looking the object up first).
    if (!idempotent && attempt.status !== 429) {
      return { retry: false, reason: `${attempt.method} is not retried on an answer` };
    }
  } else {
    const code = attempt.errorCode;
    if (code === undefined || !RETRYABLE_ERROR_CODES.includes(code)) {
      return { retry: false, reason: `error ${code ?? "(unknown)"} is not retryable` };
    }
    if (!idempotent && !provablyNotSent(code)) {
      return { retry: false, reason: `${attempt.method} may have reached the server (${code})` };
    }
  }
  const requested = parseRetryAfter(attempt.retryAfter, nowMs);
  if (isThrottle(attempt.status, attempt.retryAfter)) {
    const budget = policy.maxThrottledMs ?? DEFAULT_THROTTLED_MS;
    const step = attempt.throttledRetriesSoFar ?? 0;
    const delayMs = Math.min(
      policy.maxDelayMs,
      requested ?? backoffDelay(step, retryBackoff(policy), random),
    );
    const elapsed = attempt.elapsedMsSoFar ?? attempt.delayedMsSoFar;
    if (elapsed + delayMs > budget) {
      return { retry: false, reason: `the server throttled it for more than ${budget} ms` };
    }
    return { retry: true, delayMs };
  }
  const limit = provablyNotSent(attempt.errorCode)
    ? Math.min(policy.maxRetries, policy.maxConnectionRetries ?? DEFAULT_CONNECTION_RETRIES)
    : policy.maxRetries;
  if (attempt.retriesSoFar >= limit) {
    return { retry: false, reason: `gave up after ${limit} retries` };
  }
  const delayMs = Math.min(
    policy.maxDelayMs,
    requested ?? backoffDelay(attempt.retriesSoFar, retryBackoff(policy), random),
  );
  if (attempt.delayedMsSoFar + delayMs > policy.maxTotalDelayMs) {
    return { retry: false, reason: `the total wait would exceed ${policy.maxTotalDelayMs} ms` };
  }
  return { retry: true, delayMs };
}

/**
 * Whether an answer is a throttle: the server is busy and did nothing (a 429, or a 503 that says when
 * to come back), so the client slows down and tries again rather than counting it as a failure.
 */
export function isThrottle(status: number | undefined, retryAfter: string | undefined): boolean {
  return status === 429 || (status === 503 && retryAfter !== undefined);
}

/**
 * The policy's backoff between retries (../core/clock.ts, step 0 before the first retry):
 * exponential from `baseDelayMs`, capped at `maxDelayMs`, with "equal jitter" (half of the step is
 * fixed, the other half random), so concurrent clients spread out but never retry instantly.
 */
export function retryBackoff(policy: RetryPolicy): Backoff {
  return { initialMs: policy.baseDelayMs, factor: 2, maxMs: policy.maxDelayMs, jitter: "half" };
}

/**
 * Parses `Retry-After`: delta seconds (`"120"`) or an HTTP date. Returns milliseconds to wait (0 for a
 * date in the past), or undefined when absent or unparseable.
 */
export function parseRetryAfter(
  value: string | undefined,
  nowMs: number = systemClock.now(),
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only full dates: Date.parse would also accept bare numbers or fragments such as "-5".
  if (!/[A-Za-z]{3}.*\d{4}.*\d{2}:\d{2}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
