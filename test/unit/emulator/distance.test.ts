import { AdvancingClock } from "../../../emulator/core/clock";
import { RateLimiter } from "../../../emulator/server/distance";

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the rate limiter of a distant server", () => {
  it("lets a second's worth through at once, then one request per refilled token", () => {
    const clock = { t: 0, now: () => clock.t };
    const limiter = new RateLimiter(4, clock);
    expect([1, 2, 3, 4].map(() => limiter.take())).toEqual([undefined, undefined, undefined, undefined]);
    expect(limiter.take()).toBe(1);
    clock.t += 250;
    expect(limiter.take()).toBeUndefined();
    expect(limiter.take()).toBe(1);
    clock.t += 60_000;
    expect([1, 2, 3, 4, 5].map(() => limiter.take())).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      1,
    ]);
  });

  it("asks for whole seconds until the next token, under one request per second too", () => {
    const clock = { t: 0, now: () => clock.t };
    const limiter = new RateLimiter(0.25, clock);
    expect(limiter.take()).toBeUndefined();
    expect(limiter.take()).toBe(4);
    clock.t += 1_500;
    expect(limiter.take()).toBe(3);
  });
});

describe("waiting on the emulator's clock", () => {
  it("goes on only once a clock that stands still is advanced far enough", async () => {
    const clock = new AdvancingClock({ now: () => 1_000 });
    let done = false;
    const waiting = clock.waitUntil(1_100).then(() => (done = true));
    clock.advance(60);
    await settle();
    expect(done).toBe(false);
    clock.advance(40);
    await waiting;
    expect(done).toBe(true);
    await expect(clock.waitUntil(0)).resolves.toBeUndefined();
  });
});
