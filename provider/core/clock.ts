import { setTimeout as delay } from "node:timers/promises";

/*
 * Time, waiting and backoff for every loop of the package: the client's retries, the endpoint
 * create's resends, the deployment request polls and the recovery of a lost creation answer. One
 * clock (injectable, so that tests run without real time) and one backoff formula, each caller
 * naming its own steps.
 */

/** Time as a waiting loop sees it. */
export interface Clock {
  /** Milliseconds since some fixed origin. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** Resolves after `ms` milliseconds of real time. */
export async function sleep(ms: number): Promise<void> {
  await delay(ms);
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now(), sleep };

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

/** The pause after step `step` (0-based): `initialMs * factor^step`, capped at `maxMs`, jittered if asked. */
export function backoffDelay(step: number, backoff: Backoff, random: () => number = Math.random): number {
  const raw = backoff.initialMs * Math.pow(backoff.factor, Math.max(0, step));
  const pause = Math.max(0, Math.min(backoff.maxMs, Number.isFinite(raw) ? raw : backoff.maxMs));
  if (backoff.jitter !== "half") return pause;
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(pause / 2 + (pause / 2) * r);
}
