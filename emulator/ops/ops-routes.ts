import { noContent, ok } from "../core/api-response";
import type { AdvancingClock } from "../core/clock";
import type { RouteDef } from "../core/context";
import { badRequest } from "../core/http-error";
import type { FaultInjector } from "./faults";
import type { RequestLog } from "./request-log";

/** What the operations surface needs to see. */
export interface OpsDeps {
  log: RequestLog;
  faults: FaultInjector;
  /** Counts for the health answer. */
  stats: () => Record<string, number>;
  /** Puts all data back to the seed. */
  reset: () => void;
  /** The emulator's clock, which `POST /__emulator/clock` advances. */
  clock: AdvancingClock;
}

/** The body of `POST /__emulator/clock`: how far to move the clock forward. */
function advanceOf(body: unknown): number {
  const advanceMs = (body as { advanceMs?: unknown } | undefined)?.advanceMs;
  if (typeof advanceMs !== "number" || !Number.isFinite(advanceMs) || advanceMs < 0) {
    throw badRequest(
      "Body must be an object with 'advanceMs', the milliseconds to move the clock forward (a finite number, 0 or more)",
    );
  }
  return advanceMs;
}

/** `?atLeast=N` of `GET /__emulator/faults/held` (0 when absent: answer at once). */
function atLeastOf(value: string | null): number {
  if (value === null) return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw badRequest("'atLeast' must be a whole number, 0 or more: how many held requests to wait for");
  }
  return n;
}

/** One route of the operations surface: under `/__emulator`, no auth. */
export const op = (method: string, path: string, handler: RouteDef["handler"]): RouteDef => ({
  method,
  template: `/__emulator${path}`,
  family: "auth",
  auth: false,
  handler,
});

/**
 * The operations surface under `/__emulator/`: no auth, never logged, never faulted. It lets
 * tests and benchmarks count requests, inject faults, reset data and move the clock forward.
 */
export function opsRoutes(deps: OpsDeps): RouteDef[] {
  const { clock } = deps;
  const startedAt = clock.now();
  const clockView = () => ok({ nowMs: clock.now(), advancedMs: clock.advancedMs });
  return [
    op("GET", "/health", () => ok({ status: "UP", uptimeMs: clock.now() - startedAt, ...deps.stats() })),
    op("GET", "/requests", () => ok(deps.log.snapshot())),
    op("DELETE", "/requests", () => {
      deps.log.clear();
      return noContent();
    }),
    op("GET", "/faults", () => ok({ rules: deps.faults.list() })),
    op("PUT", "/faults", (ctx) => {
      deps.faults.set(ctx.body);
      return ok({ rules: deps.faults.list() });
    }),
    op("DELETE", "/faults", () => {
      deps.faults.clear();
      return noContent();
    }),
    // The requests `hold` rules keep; with `atLeast=N`, answered once N are held.
    op("GET", "/faults/held", async (ctx) => {
      const atLeast = atLeastOf(ctx.query.get("atLeast"));
      return ok({ held: await deps.faults.whenHeld(atLeast) });
    }),
    op("POST", "/faults/release", () => ok({ released: deps.faults.release() })),
    op("GET", "/clock", clockView),
    op("POST", "/clock", (ctx) => {
      clock.advance(advanceOf(ctx.body));
      return clockView();
    }),
    op("POST", "/reset", () => {
      deps.reset();
      return ok({ status: "RESET", ...deps.stats() });
    }),
  ];
}
