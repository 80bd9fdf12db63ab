import type { Clock } from "../core/clock";

/*
 * The adaptive rate of one client (a provider process has one): every attempt of every request, the
 * sign-in's included, passes through it before it is sent, so that K clients sharing one server, each
 * on its own and sharing nothing, settle on the server's capacity instead of refusing each other.
 *
 * - Rate: the AWS SDKs' "adaptive" retry mode (their DefaultRateLimiter): a token bucket, off until
 *   the server first throttles. Congestion (429s and 503s beyond a sporadic share) sets the rate to
 *   what the server was accepting from this client, at most 0.7 of what it was sending, and a CUBIC
 *   curve brings it back: `last · (1 + 0.3 · ((t − W) / W)³)` up to `W`, the time it takes to climb
 *   back to the rate of the last throttle ({@link RECOVERY_SECONDS} to {@link RECOVERY_MAX_SECONDS}),
 *   then AWS's own `0.4 · (t − W)³` requests a second on top, so that the client probes slowly near
 *   its share and quickly once the others have gone. It never rises above twice the rate measured,
 *   nor above `maxRate`.
 * - Concurrency: TCP's slow start, then additive increase and multiplicative decrease of the attempts
 *   in flight: a client starts with one and adds one per answer in time up to `maxConcurrency` until
 *   its first congestion; after it, each answer in time adds back a fraction, and a throttle or a
 *   round trip much slower than the fastest lately seen (a server slowing under load, before it
 *   refuses) takes a share off.
 * - Pause: a server's `Retry-After` holds every attempt of the client, not only the refused one (each
 *   of the engine's parallel steps would otherwise learn of it by being refused in turn).
 * One congestion event decreases once: answers to attempts sent before the last decrease were sent at
 * the old rate and say nothing new (TCP's rule). Waits carry jitter, so that clients started together
 * drift apart. Waits are the client's {@link Clock}'s, so tests drive them.
 */

/** Share of the rate kept after a throttle (CUBIC's β). */
export const RATE_BETA = 0.7;
/**
 * Seconds CUBIC takes at least to climb back to the rate of the last throttle. AWS's curve
 * (`0.4 · (t − W)³`, in requests per second) climbs back within a second or two at the few requests a
 * second each of many clients gets, so that every client probes, and is refused, every few seconds;
 * scaled to the rate, the probes come every few seconds whatever the share.
 */
export const RECOVERY_SECONDS = 4;
/**
 * Attempts the client sends, at the rate of the last throttle, before CUBIC is back at it: below
 * RECOVERY_ATTEMPTS / RECOVERY_SECONDS requests a second, the climb takes this many attempts rather
 * than {@link RECOVERY_SECONDS} (up to {@link RECOVERY_MAX_SECONDS}). A client with a small share of a
 * busy server (one of 25 stacks at one second each) would otherwise probe, and be refused, every few
 * of its own requests, and the fleet's refusals would grow with the number of clients.
 */
export const RECOVERY_ATTEMPTS = 15;
/**
 * Seconds CUBIC takes at most to climb back. Without a bound, a client left at half a request a
 * second took a minute to reach its old rate and more to pass it: the last stacks of a fleet crawled
 * on an idle server once the others had finished (in the fleet model of
 * test/unit/client/adaptive-rate.test.ts, 10 stacks took four times the server's minimum).
 */
export const RECOVERY_MAX_SECONDS = 8;
/** AWS's CUBIC scale, requests a second per second³: the climb beyond the last throttle's rate. */
export const CUBIC_SCALE = 0.4;
/** The least rate the bucket drops to, in requests per second. */
export const MIN_RATE = 0.5;
/**
 * The sliding window over which the sending and accepted rates are measured, in ms. A burst in a
 * client's first half second used to measure as nothing sent (half-second buckets, smoothed), so its
 * first throttle set the rate to {@link MIN_RATE}.
 */
export const MEASURE_WINDOW_MS = 2_000;
/** Answers over which the share of throttles is measured. */
export const SHARE_WINDOW = 40;
/**
 * Answers the share counts at least: a client with fewer answers counts its throttles among this
 * many. A client joining a busy server is congested at its second throttle in its first twenty, not
 * only at its fourth.
 */
export const SHARE_MINIMUM = 20;
/**
 * Share of throttles among the last {@link SHARE_WINDOW} answers above which a throttle is congestion
 * (more than 3 of 40, or than 1 of a client's first {@link SHARE_MINIMUM}). Fewer are a server's sporadic refusals (a load balancer's, a shared limiter's
 * burst): each still pauses the client for its `Retry-After`, but lowering the rate for each one makes
 * a client that meets one in twenty at random settle at a few requests a second, whatever the server
 * could take (the fault tier's busy server did: 3 a second against 22 with this rule, in the model of
 * test/unit/client/adaptive-rate.test.ts).
 */
export const CONGESTION_SHARE = 0.075;
/** Share of the concurrency kept after a throttle or a slow round trip. */
export const CONCURRENCY_BETA = 0.7;
/** A round trip this many times the fastest lately seen (plus {@link SLOW_MARGIN_MS}) counts as slow. */
export const SLOW_FACTOR = 3;
/** Margin of a slow round trip, so that a fast server's noise is not taken for load. */
export const SLOW_MARGIN_MS = 250;
/** Share of a wait added at random (0 to this), so that clients started together drift apart. */
export const WAIT_JITTER = 0.1;

/** What caps an adaptive rate. */
export interface AdaptiveRateOptions {
  /** Attempts in flight at most (at least 1). */
  readonly maxConcurrency: number;
  /** Attempts sent per second at most; undefined: no cap but the server's answers. */
  readonly maxRate?: number;
}

/** How one attempt ended, as the rate sees it. */
export interface AttemptOutcome {
  /** When it was sent (the clock's ms), as {@link AdaptiveRate.acquire} answered. */
  readonly sentAt: number;
  /** The server throttled it (429, 503). */
  readonly throttled: boolean;
  /** The server asked every request to wait this long (`Retry-After`), in ms. */
  readonly pauseMs?: number;
}

/** A slot to send one attempt in: {@link AdaptiveRate.release} it with the attempt's outcome. */
export interface Slot {
  /** When the attempt was let go (the clock's ms). */
  readonly sentAt: number;
}

/** The adaptive rate and concurrency of one client. */
export class AdaptiveRate {
  /** The bucket's rate in requests per second; undefined while it is off (no throttle yet, no cap). */
  private fillRate: number | undefined;
  /** Tokens in the bucket; below 0, reserved by attempts waiting their turn. */
  private tokens = 0;
  private lastRefill: number;
  /** CUBIC: the rate of the last throttle, and when it came. */
  private lastMaxRate = 0;
  private lastThrottleAt = 0;
  /** When this client's attempts of the last {@link MEASURE_WINDOW_MS} were sent, and its accepted answers came. */
  private readonly sent = new RecentTimes(MEASURE_WINDOW_MS);
  private readonly accepted = new RecentTimes(MEASURE_WINDOW_MS);
  /** The last decrease: answers to attempts sent before it are of the same event. */
  private lastDecreaseAt = Number.NEGATIVE_INFINITY;
  /** Attempts let go at most at once (fractional: the additive increase adds 1/limit per answer); slow start until the first congestion. */
  private concurrencyLimit: number;
  private inFlightNow = 0;
  private inFlightMost = 0;
  /** The last answers, throttled or not (a ring of {@link SHARE_WINDOW}). */
  private readonly recent: boolean[] = [];
  private recentNext = 0;
  private readonly waiting: (() => void)[] = [];
  /** The fastest round trip lately seen, in ms (rises slowly, so a server that slows for good is relearnt). */
  private fastestMs: number | undefined;
  private pauseUntil = 0;
  private throttles = 0;
  /** Whether a throttle has set the CUBIC curve (until then the rate is the cap's, or none). */
  private curve = false;

  constructor(
    private readonly clock: Clock,
    private readonly options: AdaptiveRateOptions,
  ) {
    const now = clock.now();
    this.lastRefill = now;
    this.concurrencyLimit = 1;
    if (options.maxRate !== undefined) {
      this.fillRate = options.maxRate;
      this.tokens = this.capacity();
    }
  }

  /** Waits for the pause, a slot and a token, in that order; then the attempt may be sent. */
  async acquire(): Promise<Slot> {
    await this.pauseOver();
    await this.slot();
    try {
      await this.token();
      // A pause that began while waiting for the token holds this attempt too.
      await this.pauseOver();
    } catch (error) {
      this.freeSlot();
      throw error;
    }
    const sentAt = this.clock.now();
    this.sent.add(sentAt);
    return { sentAt };
  }

  /** Gives the slot back, learning from the attempt's outcome. */
  release(outcome: AttemptOutcome & { readonly latencyMs?: number }): void {
    this.freeSlot();
    this.learn(outcome);
  }

  /** Gives a slot back unused (nothing was sent in it, so there is nothing to learn). */
  abandon(): void {
    this.freeSlot();
  }

  /** Holds every attempt `ms` from now (a later end extends the pause, an earlier one never shortens it). */
  pause(ms: number): void {
    if (ms > 0) this.pauseUntil = Math.max(this.pauseUntil, this.clock.now() + ms);
  }

  /** Milliseconds the pause has left (0 when none). */
  get pausedMs(): number {
    return Math.max(0, this.pauseUntil - this.clock.now());
  }

  /** The bucket's rate in requests per second; undefined while it is off. */
  get rate(): number | undefined {
    return this.fillRate;
  }

  /** Attempts let go at most at once, now. */
  get concurrency(): number {
    return Math.max(1, Math.floor(this.concurrencyLimit));
  }

  /** Attempts in flight now, and the most ever. */
  get inFlight(): { readonly now: number; readonly most: number } {
    return { now: this.inFlightNow, most: this.inFlightMost };
  }

  /** Throttle answers learnt from. */
  get throttled(): number {
    return this.throttles;
  }

  private learn(outcome: AttemptOutcome & { readonly latencyMs?: number }): void {
    const now = this.clock.now();
    if (outcome.pauseMs !== undefined) this.pause(outcome.pauseMs);
    const newEvent = outcome.sentAt >= this.lastDecreaseAt;
    this.remember(outcome.throttled);
    if (!outcome.throttled) this.accepted.add(now);
    if (outcome.throttled) {
      this.throttles += 1;
      if (!newEvent || this.throttledShare() <= CONGESTION_SHARE) return;
      this.lastDecreaseAt = now;
      this.refill(now);
      const measured = this.sent.rate(now);
      const sending = this.fillRate === undefined ? measured : Math.min(measured, this.fillRate);
      // What the server took from this client is its share now; the curve starts at it (β of the
      // last rate), and never above β of what the client sent.
      const share = this.accepted.rate(now) / RATE_BETA;
      this.lastMaxRate = Math.max(MIN_RATE, Math.min(sending, share));
      this.lastThrottleAt = now;
      this.curve = true;
      if (this.fillRate === undefined) this.tokens = 0;
      this.setRate(this.lastMaxRate * RATE_BETA);
      this.concurrencyLimit = Math.max(1, this.concurrencyLimit * CONCURRENCY_BETA);
      return;
    }
    if (this.curve) {
      const recovery = Math.min(
        RECOVERY_MAX_SECONDS,
        Math.max(RECOVERY_SECONDS, RECOVERY_ATTEMPTS / this.lastMaxRate),
      );
      const since = (now - this.lastThrottleAt) / 1000;
      const t = (since - recovery) / recovery;
      const beyond = Math.max(0, since - recovery);
      const cubic =
        this.lastMaxRate * (1 + (1 - RATE_BETA) * t * t * t) + CUBIC_SCALE * beyond * beyond * beyond;
      this.setRate(Math.min(cubic, 2 * Math.max(this.sent.rate(now), MIN_RATE)));
    }
    const latency = outcome.latencyMs;
    if (latency === undefined) return;
    const fastest = this.fastestMs === undefined ? latency : Math.min(latency, this.fastestMs * 1.01 + 1);
    this.fastestMs = fastest;
    if (latency > fastest * SLOW_FACTOR + SLOW_MARGIN_MS) {
      if (!newEvent) return;
      this.lastDecreaseAt = now;
      this.concurrencyLimit = Math.max(1, this.concurrencyLimit * CONCURRENCY_BETA);
      return;
    }
    const slowStart = this.lastDecreaseAt === Number.NEGATIVE_INFINITY;
    this.concurrencyLimit = Math.min(
      Math.max(1, this.options.maxConcurrency),
      this.concurrencyLimit + (slowStart ? 1 : 1 / this.concurrencyLimit),
    );
    this.wakeWaiting();
  }

  /** Keeps the last {@link SHARE_WINDOW} answers' throttled flags. */
  private remember(throttled: boolean): void {
    this.recent[this.recentNext] = throttled;
    this.recentNext = (this.recentNext + 1) % SHARE_WINDOW;
  }

  /** Share of the last {@link SHARE_WINDOW} answers that were throttles, among {@link SHARE_MINIMUM} at least. */
  private throttledShare(): number {
    return this.recent.filter(Boolean).length / Math.max(this.recent.length, SHARE_MINIMUM);
  }

  /** Sets the bucket's rate: at least {@link MIN_RATE}, at most the cap; the bucket holds one second's worth. */
  private setRate(rate: number): void {
    this.refill(this.clock.now());
    const capped = this.options.maxRate === undefined ? rate : Math.min(rate, this.options.maxRate);
    this.fillRate = Math.max(MIN_RATE, capped);
    this.tokens = Math.min(this.tokens, this.capacity());
  }

  private capacity(): number {
    return Math.max(1, this.fillRate ?? 1);
  }

  private refill(now: number): void {
    if (this.fillRate !== undefined && now > this.lastRefill) {
      this.tokens = Math.min(this.capacity(), this.tokens + ((now - this.lastRefill) / 1000) * this.fillRate);
    }
    this.lastRefill = Math.max(this.lastRefill, now);
  }

  /** Takes a token, waiting for it when the bucket is empty (a reservation: later callers wait longer). */
  private async token(): Promise<void> {
    if (this.fillRate === undefined) return;
    this.refill(this.clock.now());
    this.tokens -= 1;
    if (this.tokens >= 0) return;
    const waitMs = (-this.tokens / this.fillRate) * 1000;
    await this.clock.sleep(Math.round(waitMs * (1 + WAIT_JITTER * this.clock.random())));
  }

  private async pauseOver(): Promise<void> {
    for (let left = this.pausedMs; left > 0; left = this.pausedMs) {
      await this.clock.sleep(Math.round(left + left * WAIT_JITTER * this.clock.random()));
    }
  }

  private async slot(): Promise<void> {
    while (this.inFlightNow >= this.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlightNow += 1;
    this.inFlightMost = Math.max(this.inFlightMost, this.inFlightNow);
  }

  private freeSlot(): void {
    this.inFlightNow = Math.max(0, this.inFlightNow - 1);
    this.wakeWaiting();
  }

  private wakeWaiting(): void {
    for (let free = this.concurrency - this.inFlightNow; free > 0 && this.waiting.length > 0; free--) {
      this.waiting.shift()!();
    }
  }
}

/** Times of the last `windowMs`, oldest first: a rate over a sliding window. */
class RecentTimes {
  private readonly times: number[] = [];
  /** Index of the oldest time still in the window (those before it are dropped in batches). */
  private first = 0;

  constructor(private readonly windowMs: number) {}

  add(time: number): void {
    this.times.push(time);
    this.drop(time);
  }

  /** Times per second over the window ending `now`. */
  rate(now: number): number {
    this.drop(now);
    return ((this.times.length - this.first) * 1000) / this.windowMs;
  }

  /** Forgets the times before the window ending `now`. */
  private drop(now: number): void {
    while (this.first < this.times.length && this.times[this.first] <= now - this.windowMs) this.first += 1;
    if (this.first >= 1024) {
      this.times.splice(0, this.first);
      this.first = 0;
    }
  }
}
