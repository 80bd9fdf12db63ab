import { setTimeout as delay } from "node:timers/promises";

/*
 * Time, waiting, chance and backoff for every loop of the package: the client's retries and token
 * renewals, the endpoint create's resends and batched reads, the deployment request polls and the
 * recovery of a lost creation answer. One {@link Clock}, chosen once where the client or a kind is
 * built ({@link systemClock} unless a test passes a fake, test/support/clock.ts) and handed down; one
 * backoff formula ({@link backoffDelay}), each caller naming its own steps.
 */

/** Time, waiting and chance, as every waiting loop sees them. */
export interface Clock {
  /** Milliseconds since the epoch (or, for a fake, since some fixed origin). */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1): the jitter of backoffs. */
  random(): number;
}

/** The real clock: `Date.now`, a timer, `Math.random` (each read when called, so a test's spies apply). */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms: number) => {
    await delay(ms);
  },
  random: () => Math.random(),
};

/** A pause that starts at `initialMs`, is multiplied by `factor` each step, and never exceeds `maxMs`. */
export interface Backoff {
  /** First pause, in milliseconds. */
  readonly initialMs: number;
  /** Growth per step. */
  readonly factor: number;
  /** Cap, in milliseconds. */
  readonly maxMs: number;
  /**
   * `"half"`: a random pause between half the step and the whole step, rounded to a millisecond
   * (callers that retry together then spread out); none by default.
   */
  readonly jitter?: "half";
}

/**
 * The pause after step `step` (0-based): `initialMs * factor^step`, capped at `maxMs`, jittered if
 * asked, with `random` (a {@link Clock}'s; read only for a jittered backoff).
 */
export function backoffDelay(
  step: number,
  backoff: Backoff,
  random: () => number = systemClock.random,
): number {
  const raw = backoff.initialMs * Math.pow(backoff.factor, Math.max(0, step));
  const pause = Math.max(0, Math.min(backoff.maxMs, Number.isFinite(raw) ? raw : backoff.maxMs));
  if (backoff.jitter !== "half") return pause;
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(pause / 2 + (pause / 2) * r);
}
