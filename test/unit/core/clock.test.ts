import { backoffDelay, systemClock } from "../../../provider/core/clock";

describe("the one backoff formula", () => {
  it("grows by its factor from its first pause and stops at its cap", () => {
    const backoff = { initialMs: 250, factor: 2, maxMs: 4_000 };
    expect([0, 1, 2, 3, 4, 5, 50].map((step) => backoffDelay(step, backoff))).toEqual([
      250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
    expect(backoffDelay(1e9, { initialMs: 500, factor: 1.5, maxMs: 10_000 })).toBe(10_000);
  });

  it("with half jitter, pauses between half the step and the whole step, rounded", () => {
    const backoff = { initialMs: 500, factor: 2, maxMs: Infinity, jitter: "half" } as const;
    expect(backoffDelay(0, backoff, () => 0)).toBe(250);
    expect(backoffDelay(0, backoff, () => 1)).toBe(500);
    expect(backoffDelay(2, backoff, () => 0.5)).toBe(1500);
    expect(backoffDelay(2, backoff, () => 7)).toBe(2000);
  });
});

describe("the system clock", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("reads the time, sleeps on a timer and draws from Math.random (on jest's fake timers)", async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    expect(systemClock.now()).toBe(1_000_000);
    let woke = false;
    const sleeping = systemClock.sleep(20).then(() => {
      woke = true;
    });
    await jest.advanceTimersByTimeAsync(19);
    expect(woke).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(woke).toBe(true);
    expect(systemClock.now()).toBe(1_000_020);
    jest.spyOn(Math, "random").mockReturnValueOnce(0.25);
    expect(systemClock.random()).toBe(0.25);
  });
});
