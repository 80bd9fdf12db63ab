import { backoffDelay } from "../../../provider/core/clock";
import {
  backoffWithCap,
  DEFAULT_BACKOFF,
  RequestLike,
  waitForRequest,
} from "../../../provider/deployment/wait";
import { FakeClock } from "../../support/clock";

/** A request whose status follows a timeline of `[fromMs, status]` on the clock. */
function timeline(clock: FakeClock, steps: Array<[number, string]>, details?: string) {
  let polls = 0;
  const fetch = async (): Promise<RequestLike> => {
    polls++;
    const status = [...steps].reverse().find(([from]) => clock.now() >= from)?.[1];
    return { id: "req-1", status, details };
  };
  return { fetch, polls: () => polls };
}

describe("the polls' backoff", () => {
  it("starts at the initial pause and grows by the factor", () => {
    expect(backoffDelay(0, DEFAULT_BACKOFF)).toBe(500);
    expect(backoffDelay(1, DEFAULT_BACKOFF)).toBe(750);
    expect(backoffDelay(2, DEFAULT_BACKOFF)).toBe(1125);
  });

  it("never exceeds the cap, however many polls", () => {
    for (const attempt of [10, 50, 1000, 1e9]) {
      expect(backoffDelay(attempt, DEFAULT_BACKOFF)).toBe(DEFAULT_BACKOFF.maxMs);
    }
  });

  it("is monotonic up to the cap", () => {
    const delays = Array.from({ length: 30 }, (_, i) => backoffDelay(i, DEFAULT_BACKOFF));
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
  });

  it("takes its cap from pollIntervalMaxSeconds, lowering the first pause when the cap is below it", () => {
    expect(backoffWithCap(undefined)).toBe(DEFAULT_BACKOFF);
    expect(backoffWithCap(2)).toEqual({ ...DEFAULT_BACKOFF, maxMs: 2000 });
    expect(backoffWithCap(0.2)).toEqual({ ...DEFAULT_BACKOFF, initialMs: 200, maxMs: 200 });
    expect(backoffDelay(20, backoffWithCap(2))).toBe(2000);
  });
});

describe("waitForRequest", () => {
  it("returns at once when the first poll is terminal, without sleeping", async () => {
    const clock = new FakeClock();
    const req = timeline(clock, [[0, "SUCCESSFUL"]]);
    const outcome = await waitForRequest(req.fetch, { timeoutMs: 60_000, clock });
    expect(outcome).toMatchObject({ kind: "terminal", request: { status: "SUCCESSFUL" }, elapsedMs: 0 });
    expect(clock.sleeps).toEqual([]);
  });

  it("polls with a growing, capped pause until the request is terminal", async () => {
    const clock = new FakeClock();
    const req = timeline(clock, [
      [0, "CREATED"],
      [1_000, "INPROGRESS"],
      [60_000, "SUCCESSFUL"],
    ]);
    const outcome = await waitForRequest(req.fetch, { timeoutMs: 10 * 60_000, clock });
    expect(outcome.kind).toBe("terminal");
    expect(outcome.request.status).toBe("SUCCESSFUL");
    expect(clock.sleeps.slice(0, 4)).toEqual([500, 750, 1125, 1687.5]);
    expect(Math.max(...clock.sleeps)).toBe(10_000);
    expect(clock.t).toBeGreaterThanOrEqual(60_000);
    expect(clock.t).toBeLessThan(70_000);
  });

  it.each(["FAILED", "ABORTED", "APPROVAL_REJECTED"])(
    "stops on %s and hands back the details",
    async (status) => {
      const clock = new FakeClock();
      const req = timeline(
        clock,
        [
          [0, "INPROGRESS"],
          [2_000, status],
        ],
        "disk quota exceeded",
      );
      const outcome = await waitForRequest(req.fetch, { timeoutMs: 60_000, clock });
      expect(outcome).toMatchObject({
        kind: "terminal",
        request: { status, details: "disk quota exceeded" },
      });
    },
  );

  it("times out at the deadline without overshooting it, after a last poll at the deadline", async () => {
    const clock = new FakeClock();
    const req = timeline(clock, [[0, "INPROGRESS"]]);
    const outcome = await waitForRequest(req.fetch, { timeoutMs: 30_000, clock });
    expect(outcome).toMatchObject({ kind: "timeout", request: { status: "INPROGRESS" }, elapsedMs: 30_000 });
    expect(clock.t).toBe(30_000);
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(30_000);
  });

  it("reports a request that finished exactly at the deadline as finished, not timed out", async () => {
    const clock = new FakeClock();
    const req = timeline(clock, [
      [0, "INPROGRESS"],
      [5_000, "SUCCESSFUL"],
    ]);
    const outcome = await waitForRequest(req.fetch, { timeoutMs: 5_000, clock });
    expect(outcome.kind).toBe("terminal");
  });

  it("reports progress on the first poll and on each status change only", async () => {
    const clock = new FakeClock();
    const req = timeline(clock, [
      [0, "CREATED"],
      [3_000, "INPROGRESS"],
      [20_000, "SUCCESSFUL"],
    ]);
    const seen: Array<[string | null | undefined, number]> = [];
    await waitForRequest(req.fetch, {
      timeoutMs: 60_000,
      clock,
      onProgress: (r, elapsed) => seen.push([r.status, elapsed]),
    });
    expect(seen.map(([s]) => s)).toEqual(["CREATED", "INPROGRESS", "SUCCESSFUL"]);
    expect(seen[0][1]).toBe(0);
    expect(req.polls()).toBeGreaterThan(3);
  });

  it("propagates an error of the poll", async () => {
    const clock = new FakeClock();
    const failing = async (): Promise<RequestLike> => {
      throw new Error("connection refused");
    };
    await expect(waitForRequest(failing, { timeoutMs: 1_000, clock })).rejects.toThrow("connection refused");
  });

  it("with a zero timeout polls once and reports a timeout", async () => {
    const clock = new FakeClock();
    const req = timeline(clock, [[0, "PENDING"]]);
    const outcome = await waitForRequest(req.fetch, { timeoutMs: 0, clock });
    expect(outcome.kind).toBe("timeout");
    expect(req.polls()).toBe(1);
  });
});
