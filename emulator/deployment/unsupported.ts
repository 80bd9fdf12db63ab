import type { RouteDef } from "../core/context";
import { HttpError } from "../core/http-error";

/** Operations of the trimmed specs that the emulator does not emulate (they answer 501). */
export const NOT_EMULATED: ReadonlyArray<[method: string, template: string]> = [
  ["GET", "/deployment/api/deployments/{deploymentId}/resources/{resourceId}/actions"],
  ["GET", "/deployment/api/deployments/{deploymentId}/resources/{resourceId}/actions/{actionId}"],
  ["POST", "/deployment/api/deployments/{deploymentId}/resources/{resourceId}/requests"],
  ["GET", "/deployment/api/requests/{requestId}/events"],
  ["GET", "/deployment/api/requests/{requestId}/events/{eventId}/logs"],
  ["GET", "/deployment/api/requests/{requestId}/events/{eventId}/logs/download"],
  ["GET", "/deployment/api/resources/{resourceId}/actions"],
  ["GET", "/deployment/api/resources/{resourceId}/actions/{actionId}"],
  ["POST", "/deployment/api/resources/{resourceId}/requests"],
];

/** Routes answering 501 with a clear message instead of a puzzling 404. */
export function unsupportedRoutes(): RouteDef[] {
  return NOT_EMULATED.map(([method, template]) => ({
    method,
    template,
    family: "deployment",
    handler: () => {
      throw new HttpError(501, `${method} ${template} is part of the API but not emulated by aria-emulator`);
    },
  }));
}
