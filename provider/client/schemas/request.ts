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
export const Request = z.looseObject({
  /** Request id. */
  id: z.string(),
  /** Short label. */
  name: z.string().nullish(),
  /** One of {@link REQUEST_STATUSES} (kept as a string to tolerate new ones). */
  status: z.string().nullish(),
  /** Details, e.g. why it failed. */
  details: z.string().nullish(),
  /** The deployment it applies to. */
  deploymentId: z.string().nullish(),
  /** The resources it applies to. */
  resourceIds: z.array(z.string()).nullish(),
  /** The day-2 action requested. */
  actionId: z.string().nullish(),
  /** Who asked. */
  requestedBy: z.string().nullish(),
  /** Whether it can still be cancelled. */
  cancelable: z.boolean().nullish(),
  /** Whether it was dismissed. */
  dismissed: z.boolean().nullish(),
  /** Tasks done. */
  completedTasks: z.number().nullish(),
  /** Tasks in all. */
  totalTasks: z.number().nullish(),
  /** Inputs. */
  inputs: JsonObject.nullish(),
  /** Outputs. */
  outputs: JsonObject.nullish(),
  /** Creation time. */
  createdAt: z.string().nullish(),
  /** Last update. */
  updatedAt: z.string().nullish(),
  /** Completion time. */
  completedAt: z.string().nullish(),
});
/** A deployment request. */
export type Request = z.infer<typeof Request>;
