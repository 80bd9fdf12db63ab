import { ok } from "../core/api-response";
import type { RouteDef } from "../core/context";
import type { EmulatorClock } from "../core/clock";
import { microsOf } from "../core/time";
import { callerOf, pipelineRoute } from "./routes-common";

/**
 * `GET /user-preferences`: the calling user's preferences. VMware's CLIs call it to check that a
 * token is still good (200 with a JSON object for any valid token; 401 otherwise). The emulator
 * keeps no preferences: they are always empty.
 */
export function userPreferenceRoutes(clock: EmulatorClock): RouteDef[] {
  const since = microsOf(clock);
  return [
    pipelineRoute("GET", "/user-preferences", (ctx) => {
      const user = callerOf(ctx).username;
      return ok({
        userName: user,
        preferences: {},
        _link: `/pipeline/api/user-preferences/${encodeURIComponent(user)}`,
        _createTimeInMicros: since,
        _updateTimeInMicros: since,
      });
    }),
  ];
}
