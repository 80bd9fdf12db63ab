import type { Clock } from "../../provider/core/clock";

/** How a {@link FakeClock} starts. */
export interface FakeClockOptions {
  /** The time it reads at first, in milliseconds (default 0). */
  readonly start?: number;
  /** What `random()` answers: one number for every draw, or a sequence of them (default 0.5). */
  readonly random?: number | (() => number);
}

/**
 * The provider's {@link Clock} for tests: time stands still until a test moves it ({@link advance},
 * or `t` directly) or something sleeps, and a sleep returns at once, having moved time on by its
 * length; every pause is recorded in {@link sleeps}. `random()` is deterministic.
 */
export class FakeClock implements Clock {
  /** The current time, in milliseconds. */
  t: number;
  /** Every pause asked for, in order. */
  readonly sleeps: number[] = [];
  private readonly draw: () => number;

  constructor(options: FakeClockOptions = {}) {
    this.t = options.start ?? 0;
    const random = options.random ?? 0.5;
    this.draw = typeof random === "number" ? () => random : random;
  }

  now(): number {
    return this.t;
  }

  /** Records the pause and moves time on by it (a negative pause, as a timer's, counts as none). */
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.t += Math.max(0, ms);
  }

  random(): number {
    return this.draw();
  }

  /** Moves time on by `ms` without anyone sleeping. */
  advance(ms: number): void {
    this.t += ms;
  }
}
