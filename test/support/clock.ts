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

/**
 * The provider's {@link Clock} where a sleep waits until a test moves time past its end
 * ({@link advance}): what several concurrent waits are tested on (a {@link FakeClock}'s sleeps end at
 * once, one after the other). An emulator started with `clock: manual` reads the same time.
 */
export class ManualClock implements Clock {
  /** The current time, in milliseconds. */
  t: number;
  /** Every pause asked for, in order. */
  readonly sleeps: number[] = [];
  private readonly sleepers = new Set<{ until: number; wake: () => void }>();
  private readonly watchers: (() => void)[] = [];

  constructor(start = 0) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  /** Resolves once time has been advanced `ms` past now. */
  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    if (ms <= 0) return Promise.resolve();
    const asleep = new Promise<void>((wake) => this.sleepers.add({ until: this.t + ms, wake }));
    for (const watcher of this.watchers.splice(0)) watcher();
    return asleep;
  }

  /** Resolves once something sleeps (at once when something does already). */
  someoneSleeps(): Promise<void> {
    if (this.sleepers.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push(resolve));
  }

  random(): number {
    return 0.5;
  }

  /** Sleeps in progress. */
  get sleeping(): number {
    return this.sleepers.size;
  }

  /** Moves time on by `ms`, waking every sleep that has ended. */
  advance(ms: number): void {
    this.t += ms;
    for (const sleeper of [...this.sleepers]) {
      if (sleeper.until > this.t) continue;
      this.sleepers.delete(sleeper);
      sleeper.wake();
    }
  }
}
