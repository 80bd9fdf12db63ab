/*
 * The emulator's time. Everything it times (token issue and expiry, timestamps of endpoints, requests
 * and errors, the progress of deployment requests, its uptime) reads one clock: the `clock` option
 * (real time by default) plus every advance asked for through the operations surface
 * (`POST /__emulator/clock`) or by a `delay` fault with `advanceClock`. Advancing never waits and
 * never goes back, so tests make tokens expire and requests finish without sleeping. The distant
 * server's round trips (`latencyMs`) wait on it and its rate limit refills on it (../server/distance.ts):
 * real time by default, and under a clock that stands still only as far as a test advances it.
 *
 * What is measured rather than told (the request log's `durationMs`, a validation probe's network
 * timeout, the data file's write debounce, a `delay` fault's real wait) stays on real time.
 */

/** A source of the current time, in epoch milliseconds. */
export interface EmulatorClock {
  /** The current time in milliseconds since the epoch. */
  now(): number;
}

/** Real time (`Date.now()`, read at each call). */
export const REAL_TIME: EmulatorClock = { now: () => Date.now() };

/** The emulator's own clock: a base clock plus everything advanced so far. */
export class AdvancingClock implements EmulatorClock {
  private advanced = 0;
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly base: EmulatorClock = REAL_TIME) {}

  now(): number {
    return this.base.now() + this.advanced;
  }

  /** Milliseconds advanced since the start (the emulator's time minus its base clock's). */
  get advancedMs(): number {
    return this.advanced;
  }

  /** Moves the clock forward by `ms` (a finite number, 0 or more) without waiting. */
  advance(ms: number): void {
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      throw new RangeError(
        `The emulator's clock advances by a finite number of milliseconds, 0 or more; got ${ms}`,
      );
    }
    this.advanced += ms;
    for (const wake of [...this.sleepers]) wake();
  }

  /**
   * Resolves once the clock reads `at` or later: on real time after that long, on a clock that stands
   * still only when it is advanced that far (so a test decides when a waiting request goes on).
   */
  waitUntil(at: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const check = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        const left = at - this.now();
        if (left <= 0) {
          this.sleepers.delete(check);
          resolve();
          return;
        }
        // Looked at again when the time should have come (a clock that stands still re-arms it).
        timer = setTimeout(check, Math.max(1, Math.ceil(left)));
        timer.unref();
      };
      this.sleepers.add(check);
      check();
    });
  }
}
