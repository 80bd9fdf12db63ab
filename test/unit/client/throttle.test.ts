import { Throttle } from "../../../provider/client/throttle";
import { ManualClock } from "../../support/clock";

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the pause every request of a client respects", () => {
  it("lets requests through at once when no pause is in force", async () => {
    const clock = new ManualClock(1_000);
    const throttle = new Throttle(clock);
    await throttle.ready();
    expect(throttle.pausedMs).toBe(0);
    expect(clock.sleeps).toEqual([]);
  });

  it("holds every waiting request until the pause ends, then lets them all go", async () => {
    const clock = new ManualClock(1_000);
    const throttle = new Throttle(clock);
    throttle.pause(1_000);
    const gone: number[] = [];
    const waits = [1, 2, 3].map((n) => throttle.ready().then(() => gone.push(n)));
    clock.advance(999);
    await settle();
    expect(gone).toEqual([]);
    clock.advance(1);
    await Promise.all(waits);
    expect(gone.sort()).toEqual([1, 2, 3]);
  });

  it("is extended by a later end and never shortened by an earlier one", async () => {
    const clock = new ManualClock(0);
    const throttle = new Throttle(clock);
    throttle.pause(1_000);
    throttle.pause(200);
    expect(throttle.pausedMs).toBe(1_000);
    let gone = false;
    const wait = throttle.ready().then(() => (gone = true));
    clock.advance(500);
    throttle.pause(2_000); // a refusal during the pause: until 2,500
    clock.advance(500);
    await settle();
    expect(gone).toBe(false);
    clock.advance(1_500);
    await wait;
    expect(throttle.pausedMs).toBe(0);
  });
});
