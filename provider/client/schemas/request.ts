/** Deployment requests: the asynchronous work behind resource creation and deletion. */
import { z } from "zod";
import type * as generated from "./generated";
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
    id: z.string().describe("Request id."),
    name: z.string().nullish().describe("Short label."),
    status: z
      .string()
      .nullish()
      .describe("One of {@link REQUEST_STATUSES} (kept as a string to tolerate new ones)."),
    details: z.string().nullish().describe("Details, e.g. why it failed."),
    deploymentId: z.string().nullish().describe("The deployment it applies to."),
    resourceIds: z.array(z.string()).nullish().describe("The resources it applies to."),
    actionId: z.string().nullish().describe("The day-2 action requested."),
    requestedBy: z.string().nullish().describe("Who asked."),
    cancelable: z.boolean().nullish().describe("Whether it can still be cancelled."),
    dismissed: z.boolean().nullish().describe("Whether it was dismissed."),
    completedTasks: z.number().nullish().describe("Tasks done."),
    totalTasks: z.number().nullish().describe("Tasks in all."),
    inputs: JsonObject.nullish().describe("Inputs."),
    outputs: JsonObject.nullish().describe("Outputs."),
    createdAt: z.string().nullish().describe("Creation time."),
    updatedAt: z.string().nullish().describe("Last update."),
    completedAt: z.string().nullish().describe("Completion time."),
    approvedAt: z.string().nullish().describe("When it was approved (a request that needed approval)."),
  })
  .meta({ id: "Request", description: "A deployment request." });
export type Request = generated.Request;
