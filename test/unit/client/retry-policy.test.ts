import fc from "fast-check";
import { backoffDelay } from "../../../provider/core/clock";
import {
  decideRetry,
  DEFAULT_RETRY_POLICY,
  FailedAttempt,
  parseRetryAfter,
  retryBackoff,
  RetryPolicy,
} from "../../../provider/client/retry-policy";

const policy: RetryPolicy = { maxRetries: 4, baseDelayMs: 100, maxDelayMs: 2_000, maxTotalDelayMs: 5_000 };
const first = (overrides: Partial<FailedAttempt>): FailedAttempt => ({
  method: "GET",
  retriesSoFar: 0,
  delayedMsSoFar: 0,
  ...overrides,
});
const half = (): number => 0.5;

describe("retry decisions", () => {
  it.each(["GET", "PUT", "DELETE"])("retries %s on 429, 502, 503 and 504", (method) => {
    for (const status of [429, 502, 503, 504]) {
      expect(decideRetry(policy, first({ method, status }), half).retry).toBe(true);
    }
  });

  it.each([400, 401, 403, 404, 409, 500, 501])("does not retry status %i", (status) => {
    expect(decideRetry(policy, first({ status }), half).retry).toBe(false);
  });

  it("retries a POST answered 429, which says the server did nothing, after Retry-After", () => {
    expect(decideRetry(policy, first({ method: "POST", status: 429, retryAfter: "1" }), half)).toEqual({
      retry: true,
      delayMs: 1000,
    });
  });

  it("never retries a POST answered 502, 503 or 504, after which the server may have acted", () => {
    for (const status of [502, 503, 504]) {
      expect(decideRetry(policy, first({ method: "POST", status }), half).retry).toBe(false);
    }
  });

  it("never retries a POST whose connection broke after it may have been sent", () => {
    for (const errorCode of ["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]) {
      expect(decideRetry(policy, first({ method: "POST", errorCode }), half).retry).toBe(false);
    }
  });

  it("retries a POST that provably never left (connection refused)", () => {
    expect(decideRetry(policy, first({ method: "POST", errorCode: "ECONNREFUSED" }), half).retry).toBe(true);
  });

  it("retries POSTs marked idempotent, such as token exchanges, like GETs", () => {
    expect(decideRetry(policy, first({ method: "POST", idempotent: true, status: 503 }), half).retry).toBe(
      true,
    );
  });

  it("retries idempotent requests on connection errors but not on timeouts or TLS failures", () => {
    for (const errorCode of ["ECONNRESET", "ECONNREFUSED", "UND_ERR_SOCKET", "ENOTFOUND"]) {
      expect(decideRetry(policy, first({ errorCode }), half).retry).toBe(true);
    }
    for (const errorCode of [
      "UND_ERR_HEADERS_TIMEOUT",
      "UND_ERR_BODY_TIMEOUT",
      "DEPTH_ZERO_SELF_SIGNED_CERT",
    ]) {
      expect(decideRetry(policy, first({ errorCode }), half).retry).toBe(false);
    }
  });

  it("retries attempts that could not reach the server at most maxConnectionRetries times, the rest up to maxRetries", () => {
    const patient: RetryPolicy = {
      ...policy,
      maxRetries: 8,
      maxTotalDelayMs: 600_000,
      maxConnectionRetries: 2,
    };
    expect(decideRetry(patient, first({ errorCode: "ECONNREFUSED", retriesSoFar: 1 }), half).retry).toBe(
      true,
    );
    expect(decideRetry(patient, first({ errorCode: "ECONNREFUSED", retriesSoFar: 2 }), half)).toEqual({
      retry: false,
      reason: "gave up after 2 retries",
    });
    expect(decideRetry(patient, first({ status: 503, retriesSoFar: 7 }), half).retry).toBe(true);
    // By default: 4 retries when the server cannot be reached, 8 otherwise (a cut answer included).
    const byDefault = { ...DEFAULT_RETRY_POLICY, maxTotalDelayMs: 600_000 };
    expect(decideRetry(byDefault, first({ errorCode: "ECONNREFUSED", retriesSoFar: 4 }), half).retry).toBe(
      false,
    );
    expect(decideRetry(byDefault, first({ errorCode: "UND_ERR_SOCKET", retriesSoFar: 7 }), half).retry).toBe(
      true,
    );
    expect(decideRetry(byDefault, first({ status: 429, retriesSoFar: 7 }), half).retry).toBe(true);
  });

  it("stops after maxRetries", () => {
    expect(decideRetry(policy, first({ status: 503, retriesSoFar: 3 }), half).retry).toBe(true);
    expect(decideRetry(policy, first({ status: 503, retriesSoFar: 4 }), half)).toEqual({
      retry: false,
      reason: "gave up after 4 retries",
    });
  });

  it("waits as long as Retry-After says in seconds", () => {
    expect(decideRetry(policy, first({ status: 429, retryAfter: "1" }), half)).toEqual({
      retry: true,
      delayMs: 1000,
    });
  });

  it("waits until the HTTP date of Retry-After", () => {
    const now = Date.parse("2024-05-01T10:00:00Z");
    const decision = decideRetry(
      policy,
      first({ status: 503, retryAfter: "Wed, 01 May 2024 10:00:01 GMT" }),
      half,
      now,
    );
    expect(decision).toEqual({ retry: true, delayMs: 1000 });
  });

  it("caps a long Retry-After at the maximum delay", () => {
    expect(decideRetry(policy, first({ status: 429, retryAfter: "3600" }), half)).toEqual({
      retry: true,
      delayMs: 2000,
    });
  });

  it("stops when the total wait would exceed its bound", () => {
    const decision = decideRetry(policy, first({ status: 502, delayedMsSoFar: 4_950 }), half);
    expect(decision.retry).toBe(false);
  });

  it("backs off exponentially with jitter between half and the full step", () => {
    // Step n - 1 of the policy's backoff is the pause before retry n.
    expect(backoffDelay(0, retryBackoff(policy), () => 0)).toBe(50);
    expect(backoffDelay(0, retryBackoff(policy), () => 1)).toBe(100);
    expect(backoffDelay(2, retryBackoff(policy), () => 0)).toBe(200);
    expect(backoffDelay(2, retryBackoff(policy), () => 1)).toBe(400);
    expect(backoffDelay(29, retryBackoff(policy), () => 1)).toBe(2000);
  });

  it("keeps the total wait of any retry sequence within its bounds", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ status: fc.constantFrom(502, 503, 504) })),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (answers, jitter) => {
          let retries = 0;
          let delayed = 0;
          for (const answer of answers) {
            const decision = decideRetry(
              DEFAULT_RETRY_POLICY,
              {
                method: "GET",
                status: answer.status,
                retriesSoFar: retries,
                delayedMsSoFar: delayed,
              },
              () => jitter,
            );
            if (!decision.retry) break;
            expect(decision.delayMs).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxDelayMs);
            retries += 1;
            delayed += decision.delayMs;
          }
          expect(retries).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxRetries);
          expect(delayed).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxTotalDelayMs);
        },
      ),
    );
  });
});

describe("retries under throttling", () => {
  it("goes on retrying a throttled request past maxRetries, even a POST, within the throttle budget", () => {
    const budget: RetryPolicy = { ...policy, maxThrottledMs: 60_000 };
    for (const attempt of [
      { status: 429, retryAfter: "1" },
      { status: 429 },
      { status: 503, retryAfter: "2" },
      { method: "POST", status: 429, retryAfter: "1" },
    ]) {
      const decision = decideRetry(
        budget,
        first({ ...attempt, retriesSoFar: 0, throttledRetriesSoFar: 40, elapsedMsSoFar: 50_000 }),
        half,
      );
      expect(decision.retry).toBe(true);
    }
  });

  it("stops once the throttling outlasts its budget, saying so", () => {
    const budget: RetryPolicy = { ...policy, maxThrottledMs: 60_000 };
    expect(
      decideRetry(budget, first({ status: 429, retryAfter: "2", elapsedMsSoFar: 59_000 }), half),
    ).toEqual({ retry: false, reason: "the server throttled it for more than 60000 ms" });
  });

  it("counts a 503 without Retry-After as a failure (maxRetries), and never repeats a POST after a 503", () => {
    expect(decideRetry(policy, first({ status: 503, retriesSoFar: 4 }), half).retry).toBe(false);
    expect(decideRetry(policy, first({ method: "POST", status: 503, retryAfter: "1" }), half).retry).toBe(
      false,
    );
  });

  it("keeps any sequence of throttles within the throttle budget and each wait within its cap", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            status: fc.constantFrom(429, 503),
            retryAfter: fc.option(fc.nat(100_000)),
            took: fc.nat(5_000),
          }),
          { maxLength: 400 },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (answers, jitter) => {
          let elapsed = 0;
          let throttled = 0;
          for (const answer of answers) {
            if (answer.status === 503 && answer.retryAfter === null) continue;
            const decision = decideRetry(
              DEFAULT_RETRY_POLICY,
              {
                method: "GET",
                status: answer.status,
                retryAfter: answer.retryAfter === null ? undefined : String(answer.retryAfter),
                retriesSoFar: 0,
                delayedMsSoFar: 0,
                throttledRetriesSoFar: throttled,
                elapsedMsSoFar: elapsed,
              },
              () => jitter,
            );
            if (!decision.retry) break;
            expect(decision.delayMs).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxDelayMs);
            throttled += 1;
            elapsed += decision.delayMs;
            expect(elapsed).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxThrottledMs!);
            elapsed += answer.took;
          }
        },
      ),
    );
  });
});

describe("Retry-After parsing", () => {
  const now = Date.parse("2024-05-01T10:00:00Z");

  it("reads delta seconds", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter(" 7 ", now)).toBe(7000);
  });

  it("reads an HTTP date and treats a past date as no wait", () => {
    expect(parseRetryAfter("Wed, 01 May 2024 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 01 May 2024 09:00:00 GMT", now)).toBe(0);
  });

  it("ignores absent and unparseable values", () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});
