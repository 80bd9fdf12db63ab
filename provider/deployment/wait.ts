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
}

/** How a wait ended: the request reached a terminal status, or time ran out (with the last request seen). */
export type WaitOutcome<R extends RequestLike> =
  | { readonly kind: "terminal"; readonly request: R; readonly elapsedMs: number }
  | { readonly kind: "timeout"; readonly request: R; readonly elapsedMs: number };

/**
 * Polls `fetchRequest` until the request is terminal or `timeoutMs` has passed. The first poll is
 * immediate; pauses follow `backoff` and never overshoot the deadline, and one last poll is made at
 * the deadline so that a request that finished meanwhile is not reported as timed out. Errors of
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
    }
    if (isTerminal(request)) return { kind: "terminal", request, elapsedMs };
    const remaining = deadline - clock.now();
    if (remaining <= 0) return { kind: "timeout", request, elapsedMs };
    await clock.sleep(Math.min(backoffDelay(attempt, backoff), remaining));
  }
}

/** A backoff capped at `maxSeconds` (the `pollIntervalMaxSeconds` input), otherwise the default. */
export function backoffWithCap(maxSeconds: number | undefined): Backoff {
  if (maxSeconds === undefined) return DEFAULT_BACKOFF;
  const maxMs = maxSeconds * 1000;
  return { ...DEFAULT_BACKOFF, initialMs: Math.min(DEFAULT_BACKOFF.initialMs, maxMs), maxMs };
}
