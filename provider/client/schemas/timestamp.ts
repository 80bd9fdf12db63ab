/**
 * Timestamps as the pipeline service writes them. Two forms have been seen in the wild,
 * `2019-09-16 09:25:38.065065+00` and `2022-08-03T08:57:10.033+0000`, besides plain ISO 8601. They are
 * kept as the server's strings (so nothing drifts on round trips) but must be parseable.
 */
import { z } from "zod";

const TIMESTAMP_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Parses a timestamp in any of the server's forms; undefined when it is not one. A missing zone means UTC. */
export function parseAriaTimestamp(text: string): Date | undefined {
  const match = TIMESTAMP_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = "00", fraction = "0", zone = "Z"] = match;
  const millis = fraction.padEnd(3, "0").slice(0, 3);
  const offset = zone.toUpperCase() === "Z" ? "Z" : normaliseOffset(zone);
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${offset}`;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  // Date.parse rolls 2019-02-31 over into March: reject dates that do not exist.
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) return undefined;
  return new Date(time);
}

function normaliseOffset(zone: string): string {
  const sign = zone[0];
  const digits = zone.slice(1).replace(":", "");
  return `${sign}${digits.slice(0, 2)}:${(digits.slice(2) || "00").padEnd(2, "0")}`;
}

/** A server timestamp string that {@link parseAriaTimestamp} can read. */
export const AriaTimestamp = z.string().refine((text) => parseAriaTimestamp(text) !== undefined, {
  message:
    "not a timestamp in a known form (e.g. 2019-09-16 09:25:38.065065+00 or 2022-08-03T08:57:10.033+0000)",
});
