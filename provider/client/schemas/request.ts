/** Deployment requests: the asynchronous work behind resource creation and deletion. */
import { z } from "zod";
import { JsonObject } from "./common";

/** Every request status. */
export const REQUEST_STATUSES = [
  "CREATED",
  "PENDING",
  "INITIALIZATION",
  "CHECKING_APPROVAL",
  "APPROVAL_PENDING",
  "USER_INTERACTION_PENDING",
  "INPROGRESS",
  "COMPLETION",
  "APPROVAL_REJECTED",
  "ABORTED",
  "SUCCESSFUL",
  "FAILED",
] as const;

/** Statuses after which a request does not change any more. */
export const TERMINAL_REQUEST_STATUSES: readonly string[] = [
  "APPROVAL_REJECTED",
  "ABORTED",
  "SUCCESSFUL",
  "FAILED",
];

/** True when a request in this status is finished. */
export function isTerminalRequestStatus(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && TERMINAL_REQUEST_STATUSES.includes(status);
}

/** A deployment request (`GET /requests/{id}`). */
export const Request = z
  .looseObject({
    /** Request id. */
    id: z.string().describe("Request id."),
    /** Short label. */
    name: z.string().nullish().describe("Short label."),
    /** One of {@link REQUEST_STATUSES} (kept as a string to tolerate new ones). */
    status: z
      .string()
      .nullish()
      .describe("One of {@link REQUEST_STATUSES} (kept as a string to tolerate new ones)."),
    /** Details, e.g. why it failed. */
    details: z.string().nullish().describe("Details, e.g. why it failed."),
    /** The deployment it applies to. */
    deploymentId: z.string().nullish().describe("The deployment it applies to."),
    /** The resources it applies to. */
    resourceIds: z.array(z.string()).nullish().describe("The resources it applies to."),
    /** The day-2 action requested. */
    actionId: z.string().nullish().describe("The day-2 action requested."),
    /** Who asked. */
    requestedBy: z.string().nullish().describe("Who asked."),
    /** Whether it can still be cancelled. */
    cancelable: z.boolean().nullish().describe("Whether it can still be cancelled."),
    /** Whether it was dismissed. */
    dismissed: z.boolean().nullish().describe("Whether it was dismissed."),
    /** Tasks done. */
    completedTasks: z.number().nullish().describe("Tasks done."),
    /** Tasks in all. */
    totalTasks: z.number().nullish().describe("Tasks in all."),
    /** Inputs. */
    inputs: JsonObject.nullish().describe("Inputs."),
    /** Outputs. */
    outputs: JsonObject.nullish().describe("Outputs."),
    /** Creation time. */
    createdAt: z.string().nullish().describe("Creation time."),
    /** Last update. */
    updatedAt: z.string().nullish().describe("Last update."),
    /** Completion time. */
    completedAt: z.string().nullish().describe("Completion time."),
  })
  .meta({ id: "Request", description: "A deployment request." });
/** A deployment request. */
export type Request = z.infer<typeof Request>;
