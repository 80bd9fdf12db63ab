/**
 * Waiting for a deployment request (`GET /deployment/api/requests/{id}`) to reach a terminal status,
 * polling with a capped exponential backoff (../core/clock.ts). The clock is injected so that the
 * policy is testable without real time.
 */
import { isTerminalRequestStatus } from "../client/schemas";
import { backoffDelay, type Backoff, type Clock } from "../core/clock";

/** The pauses between polls: half a second, growing by half each poll, capped at 10 seconds. */
export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, factor: 1.5, maxMs: 10_000 };

/** The part of a deployment request the loop looks at. */
export interface RequestLike {
  readonly id?: string;
  readonly status?: string | null;
  readonly details?: string | null;
}

/**
 * The statuses of a request that waits for a person (an approver, or a user's input): it may stay so
 * for hours or days.
 */
export const AWAITING_STATUSES: readonly string[] = ["APPROVAL_PENDING", "USER_INTERACTION_PENDING"];

/** True when the request waits for a person ({@link AWAITING_STATUSES}). */
export function isAwaitingApproval(request: RequestLike): boolean {
  return (
    request.status !== null && request.status !== undefined && AWAITING_STATUSES.includes(request.status)
  );
}

/** True when the request will not change any more. */
export function isTerminal(request: RequestLike): boolean {
  return isTerminalRequestStatus(request.status);
}

/** How {@link waitForRequest} waits. */
export interface WaitOptions<R extends RequestLike> {
  /** Give up after this many milliseconds (measured on `clock`). */
  readonly timeoutMs: number;
  /** Pause policy; default {@link DEFAULT_BACKOFF}. */
  readonly backoff?: Backoff;
  /** Time and waits. */
  readonly clock: Clock;
  /** Called with the first polled request and every later one whose status changed, and the time waited so far. */
  readonly onProgress?: (request: R, elapsedMs: number) => void;
  /** Called with every later poll whose status did not change, and the time waited so far. */
  readonly onUnchanged?: (request: R, elapsedMs: number) => void;
  /**
   * Stop waiting once a request still {@link isAwaitingApproval} has been waited for this long (0: at
   * the first such poll): the outcome is `awaiting`. Unset: wait for it as for any other status.
   */
  readonly awaitAfterMs?: number;
}

/**
 * How a wait ended: the request reached a terminal status, time ran out, or it still waits for a
 * person past `awaitAfterMs` (each with the last request seen).
 */
export type WaitOutcome<R extends RequestLike> =
  | { readonly kind: "terminal"; readonly request: R; readonly elapsedMs: number }
  | { readonly kind: "timeout"; readonly request: R; readonly elapsedMs: number }
  | { readonly kind: "awaiting"; readonly request: R; readonly elapsedMs: number };

/**
 * Polls `fetchRequest` until the request is terminal or `timeoutMs` has passed. The first poll is
 * immediate; pauses follow `backoff` and never overshoot the deadline, and one last poll is made at
 * the deadline so that a request that finished meanwhile is not reported as timed out. With
 * `awaitAfterMs`, a request waiting for a person ends the wait as `awaiting` once that long has
 * passed (pauses never overshoot that moment either). Errors of
 * `fetchRequest` propagate (the client already retries transient failures).
 */
export async function waitForRequest<R extends RequestLike>(
  fetchRequest: () => Promise<R>,
  options: WaitOptions<R>,
): Promise<WaitOutcome<R>> {
  const { clock } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const start = clock.now();
  const deadline = start + Math.max(0, options.timeoutMs);
  let lastStatus: string | null | undefined = "(not polled yet)";
  for (let attempt = 0; ; attempt++) {
    const request = await fetchRequest();
    const elapsedMs = clock.now() - start;
    if (request.status !== lastStatus) {
      lastStatus = request.status;
      options.onProgress?.(request, elapsedMs);
    } else {
      options.onUnchanged?.(request, elapsedMs);
    }
    if (isTerminal(request)) return { kind: "terminal", request, elapsedMs };
    const awaitAt = options.awaitAfterMs === undefined ? undefined : start + options.awaitAfterMs;
    const awaiting = awaitAt !== undefined && isAwaitingApproval(request);
    if (awaiting && clock.now() >= awaitAt) return { kind: "awaiting", request, elapsedMs };
    const remaining = deadline - clock.now();
    if (remaining <= 0) return { kind: "timeout", request, elapsedMs };
    const untilAwait = awaiting ? awaitAt - clock.now() : remaining;
    await clock.sleep(Math.min(backoffDelay(attempt, backoff), remaining, untilAwait));
  }
}

/** A backoff capped at `maxSeconds` (the `pollIntervalMaxSeconds` input), otherwise the default. */
export function backoffWithCap(maxSeconds: number | undefined): Backoff {
  if (maxSeconds === undefined) return DEFAULT_BACKOFF;
  const maxMs = maxSeconds * 1000;
  return { ...DEFAULT_BACKOFF, initialMs: Math.min(DEFAULT_BACKOFF.initialMs, maxMs), maxMs };
}
