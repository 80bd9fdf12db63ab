import { FaultInjector } from "../../../emulator/ops/faults";

describe("fault rules", () => {
  it("answer the first matching status rule, adding every matching delay", () => {
    const faults = new FaultInjector();
    faults.set({
      rules: [
        { kind: "delay", delayMs: 100 },
        {
          kind: "status",
          method: "get",
          path: "^/pipeline/api/endpoints",
          status: 429,
          retryAfterSeconds: 2,
        },
        { kind: "status", status: 500 },
      ],
    });
    expect(faults.decide("GET", "/pipeline/api/endpoints/1")).toEqual({
      delayMs: 100,
      action: { kind: "status", status: 429, retryAfterSeconds: 2 },
    });
    expect(faults.decide("POST", "/pipeline/api/endpoints")).toEqual({
      delayMs: 100,
      action: { kind: "status", status: 500 },
    });
  });

  it("apply to the next N matching requests only", () => {
    const faults = new FaultInjector();
    faults.set({ rules: [{ kind: "cut", count: 2, path: "/deployment/" }] });
    expect(faults.decide("GET", "/pipeline/api/about").action).toBeUndefined();
    expect(faults.decide("GET", "/deployment/api/resources").action).toEqual({ kind: "cut" });
    expect(faults.list()).toEqual([{ kind: "cut", path: "/deployment/", count: 1 }]);
    expect(faults.decide("GET", "/deployment/api/resources").action).toEqual({ kind: "cut" });
    expect(faults.decide("GET", "/deployment/api/resources").action).toBeUndefined();
    expect(faults.list()).toEqual([]);
  });

  it("advance the emulator's clock instead of waiting, for delays marked advanceClock", () => {
    const faults = new FaultInjector();
    faults.set({
      rules: [
        { kind: "delay", delayMs: 2100, advanceClock: true, count: 1 },
        { kind: "delay", delayMs: 900, advanceClock: true, count: 1 },
        { kind: "delay", delayMs: 5 },
      ],
    });
    expect(faults.list()[0]).toEqual({ kind: "delay", delayMs: 2100, advanceClock: true, count: 1 });
    expect(faults.decide("GET", "/")).toEqual({ delayMs: 5, clockAdvanceMs: 3000 });
    expect(faults.decide("GET", "/")).toEqual({ delayMs: 5 });
  });

  it("apply at the given rate", () => {
    const rolls = [0.1, 0.9];
    const faults = new FaultInjector(() => rolls.shift() ?? 0);
    faults.set({ rules: [{ kind: "status", status: 503, rate: 0.5 }] });
    expect(faults.decide("GET", "/").action).toEqual({ kind: "status", status: 503 });
    expect(faults.decide("GET", "/").action).toBeUndefined();
  });

  it.each([
    [{}, "Body must be an object with a 'rules' array"],
    [{ rules: [{ kind: "explode" }] }, "rules[0].kind must be one of: status, delay, cut"],
    [{ rules: [{ kind: "delay" }] }, "rules[0].delayMs must be a non-negative number for a delay fault"],
    [{ rules: [{ kind: "status", status: 42 }] }, "rules[0].status must be an integer between 100 and 599"],
    [{ rules: [{ kind: "cut", path: "(" }] }, "rules[0].path is not a valid regular expression"],
    [{ rules: [{ kind: "cut", rate: 2 }] }, "rules[0].rate must be a number between 0 and 1"],
    [{ rules: [{ kind: "cut", count: 0 }] }, "rules[0].count must be a positive integer"],
    [
      { rules: [{ kind: "cut", advanceClock: true }] },
      "rules[0].advanceClock must be a boolean, on a delay fault",
    ],
    [
      { rules: [{ kind: "delay", delayMs: 1, advanceClock: "yes" }] },
      "rules[0].advanceClock must be a boolean, on a delay fault",
    ],
  ])("reject %j naming the problem", (body, message) => {
    expect(() => new FaultInjector().set(body)).toThrow(message);
  });

  it("hold a matching request until released, and say how many are held", async () => {
    const faults = new FaultInjector();
    faults.set({ rules: [{ kind: "hold", method: "PUT", count: 1 }] });
    expect(faults.decide("GET", "/pipeline/api/endpoints").hold).toBeUndefined();
    const waiting = faults.whenHeld(1);
    const decision = faults.decide("PUT", "/pipeline/api/endpoints/1");
    expect(await waiting).toEqual([{ method: "PUT", path: "/pipeline/api/endpoints/1" }]);
    let released = false;
    const going = decision.hold!.then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);
    expect(faults.release()).toBe(1);
    await going;
    expect(released).toBe(true);
    // count 1: the next one goes through.
    expect(faults.decide("PUT", "/pipeline/api/endpoints/1").hold).toBeUndefined();
    expect(faults.held()).toEqual([]);
  });

  it("let held requests go when the rules are cleared", async () => {
    const faults = new FaultInjector();
    faults.set({ rules: [{ kind: "hold" }] });
    const decision = faults.decide("POST", "/x");
    faults.clear();
    await expect(decision.hold).resolves.toBeUndefined();
  });
});
