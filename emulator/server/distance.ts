import type { Socket } from "node:net";
import type { AdvancingClock } from "../core/clock";
import { HttpError } from "../core/http-error";

/*
 * A server far away and shared: what `latencyMs` and `rateLimit` add to every API request (never to
 * the operations surface), so that programs and benchmarks meet a real server's costs on loopback.
 *
 * - Latency: every request is answered one round trip (`latencyMs`) after it arrives, and the first
 *   request of a new connection one more (the TCP handshake; two more over TLS, whose handshake takes
 *   another), so reusing connections pays as it does against a distant server.
 * - Rate limit: a token bucket of `rateLimit` requests per second holding at most one second's worth
 *   (a burst of `rateLimit` after a quiet second). A request finding it empty is refused with 429 and
 *   `Retry-After` in whole seconds (the time until the next token, rounded up), before anything else
 *   is checked and without being performed: the answer the product's load balancers give, which the
 *   client's retries honour.
 * Both read the emulator's clock: real time by default, so the bench waits for real; under a clock
 * that stands still, a request waits until a test advances the clock past its round trip, and the
 * bucket refills only as the clock is advanced.
 */

/** The settings of a distant server (0 turns each off). */
export interface DistanceOptions {
  /** One round trip, in milliseconds. */
  readonly latencyMs: number;
  /** Requests per second accepted; 0: no limit. */
  readonly rateLimit: number;
  /** Whether connections are TLS (one more round trip to open one). */
  readonly tls: boolean;
}

/** A token bucket on the emulator's clock. */
export class RateLimiter {
  private tokens: number;
  private last: number;
  private readonly capacity: number;

  /** @param perSecond requests per second (more than 0). */
  constructor(
    private readonly perSecond: number,
    private readonly clock: { now(): number },
  ) {
    this.capacity = Math.max(1, perSecond);
    this.tokens = this.capacity;
    this.last = clock.now();
  }

  /** Takes a token: undefined when the request may go on, else the whole seconds until the next token. */
  take(): number | undefined {
    const now = this.clock.now();
    this.tokens = Math.min(
      this.capacity,
      this.tokens + (Math.max(0, now - this.last) * this.perSecond) / 1000,
    );
    this.last = now;
    // A hair of tolerance: refills in floating point land just below a whole token.
    if (this.tokens >= 1 - 1e-9) {
      this.tokens = Math.max(0, this.tokens - 1);
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }
}

/** The distance between the client and the emulator, applied to each API request. */
export class Distance {
  private readonly limiter?: RateLimiter;
  private readonly opened = new WeakSet<Socket>();

  constructor(
    private readonly options: DistanceOptions,
    private readonly clock: AdvancingClock,
  ) {
    if (options.rateLimit > 0) this.limiter = new RateLimiter(options.rateLimit, clock);
  }

  /**
   * Waits the request's round trip (and its connection's handshake, on its first request), then
   * throws a 429 when the rate limit refuses it. `arrived` is called once the wait has begun.
   */
  async travel(socket: Socket, arrived: () => void): Promise<void> {
    const { latencyMs, tls } = this.options;
    if (latencyMs > 0) {
      const fresh = !this.opened.has(socket);
      this.opened.add(socket);
      const trips = 1 + (fresh ? (tls ? 2 : 1) : 0);
      const wait = this.clock.waitUntil(this.clock.now() + trips * latencyMs);
      arrived();
      await wait;
    } else {
      arrived();
    }
    const retryAfter = this.limiter?.take();
    if (retryAfter !== undefined) {
      throw new HttpError(
        429,
        `Too many requests: this server accepts ${this.options.rateLimit} requests per second; retry after ${retryAfter} s`,
        { "Retry-After": String(retryAfter) },
      );
    }
  }
}
