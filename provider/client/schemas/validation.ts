/** Endpoint validation results (`TileExecutorResponse`). */
import { z } from "zod";
import { JsonObject } from "./common";

/** Statuses of a validation; a failed validation is `FAILED`, not an HTTP error. */
export const VALIDATION_STATUSES = [
  "CREATED",
  "STARTED",
  "PAUSED",
  "CANCELED",
  "COMPLETED",
  "FAILED",
] as const;

/** `POST /endpoint-validation`. */
export const ValidationResult = z.looseObject({
  /** Milliseconds taken. */
  duration: z.number().nullish(),
  /** Output properties. */
  output: JsonObject.nullish(),
  /** One of {@link VALIDATION_STATUSES} (kept as a string to tolerate new ones). */
  status: z.string(),
  /** Why it failed, e.g. `Failed to connect to jenkins server endpoint`. */
  statusMessage: z.string().nullish(),
});
/** The outcome of validating an endpoint. */
export type ValidationResult = z.infer<typeof ValidationResult>;
