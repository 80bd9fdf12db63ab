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
  it("sleeps for real time", async () => {
    const started = systemClock.now();
    await systemClock.sleep(20);
    expect(systemClock.now() - started).toBeGreaterThanOrEqual(15);
  });
});
