import { noContent, ok } from "../core/api-response";
import type { RouteDef } from "../core/context";
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
}

const op = (method: string, path: string, handler: RouteDef["handler"]): RouteDef => ({
  method,
  template: `/__emulator${path}`,
  family: "auth",
  auth: false,
  handler,
});

/**
 * The operations surface under `/__emulator/`: no auth, never logged, never faulted. It lets
 * tests and benchmarks count requests, inject faults and reset data.
 */
export function opsRoutes(deps: OpsDeps): RouteDef[] {
  const startedAt = Date.now();
  return [
    op("GET", "/health", () => ok({ status: "UP", uptimeMs: Date.now() - startedAt, ...deps.stats() })),
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
    op("POST", "/reset", () => {
      deps.reset();
      return ok({ status: "RESET", ...deps.stats() });
    }),
  ];
}
