/** Timestamp formats the product uses. */
import type { EmulatorClock } from "./clock";

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** `2022-08-03T08:57:10.033+0000`: the pipeline service's timestamp format (always UTC). */
export function pipelineTimestamp(epochMs: number): string {
  const d = new Date(epochMs);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    `.${pad(d.getUTCMilliseconds(), 3)}+0000`
  );
}

/** `2019-07-13T23:16:49.310Z`: the deployment service's timestamp format. */
export function isoTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** A clock's time in microseconds since the epoch (millisecond resolution). */
export function microsOf(clock: EmulatorClock): number {
  return clock.now() * 1000;
}
