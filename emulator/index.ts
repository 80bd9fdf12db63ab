/**
 * A local emulator of the VMware Aria Automation APIs this package uses: pipeline endpoints
 * (under `/pipeline/api` and `/codestream/api`), deployment resources (`/deployment/api`) and
 * the login flows, plus an operations surface under `/__emulator/` for tests.
 */
import { authRoutes } from "./auth/auth-routes";
import { vcfaRoutes } from "./auth/vcfa-routes";
import { TokenService } from "./auth/tokens";
import { UserDirectory } from "./auth/users";
import { AdvancingClock } from "./core/clock";
import { Router } from "./core/router";
import { deploymentRoutes } from "./deployment/routes";
import { unsupportedRoutes } from "./deployment/unsupported";
import { FaultInjector } from "./ops/faults";
import { opsRoutes } from "./ops/ops-routes";
import { approvalRoutes } from "./ops/approval-routes";
import { RequestLog } from "./ops/request-log";
import { resolveOptions, type EmulatorOptions, type RunningEmulator } from "./options";
import { catalogRoutes } from "./pipeline/catalog-routes";
import { endpointRoutes } from "./pipeline/endpoint-routes";
import { transferRoutes } from "./pipeline/transfer-routes";
import { userPreferenceRoutes } from "./pipeline/user-preferences";
import { dispatch } from "./server/dispatch";
import { Distance } from "./server/distance";
import { listen } from "./server/http-server";
import { DATA_FORMAT, EmulatorState, isPersistedState } from "./emulator-state";
import { projectRoutes } from "./iaas/project-routes";
import { DataFileWriter, readDataFile } from "./state/persistence";

export type { EmulatedProduct, EmulatorOptions, RunningEmulator } from "./options";
export { EMULATED_PRODUCTS } from "./options";
export type { EmulatorClock } from "./core/clock";
export type { EmulatorUser } from "./auth/users";
export { DEFAULT_USERS } from "./auth/users";
export { PROJECTS, type Project, type ProjectSeed } from "./state/projects";
export { BUSY_SERVER_FAULTS, type FaultRule } from "./ops/faults";
export type { ArrivedRequest, RequestLogEntry, RequestLogSnapshot } from "./ops/request-log";
export {
  emulatorOps,
  EmulatorOpsError,
  type EmulatorClockAnswer,
  type EmulatorCounts,
  type EmulatorHealth,
  type EmulatorOpsClient,
  type EmulatorResetAnswer,
} from "./ops/client";

/** Starts an emulator; resolves once it is listening. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const o = resolveOptions(options);
  const clock = new AdvancingClock(o.clock);
  const users = new UserDirectory(o.users);
  const persisted =
    o.dataFile !== undefined ? readDataFile(o.dataFile, DATA_FORMAT, isPersistedState) : undefined;
  const secret = persisted ? Buffer.from(persisted.tokenSecret, "base64") : TokenService.newSecret();
  const tokens = new TokenService(secret, o.tokenTtlSeconds, clock);

  let writer: DataFileWriter | undefined;
  const state = new EmulatorState(o.seedResources, o.projects, () => writer?.schedule(), clock);
  if (persisted) state.load(persisted);
  else state.resetToSeed();
  if (o.dataFile !== undefined) {
    writer = new DataFileWriter(o.dataFile, () => JSON.stringify(state.persisted(secret)), 100);
    if (!persisted) writer.schedule();
  }

  const log = new RequestLog();
  const faults = new FaultInjector();
  // VCF Automation 9 signs in at its organizations and has no Pipelines service; 8.x has no
  // /automation/config.json (an unmatched path: 404).
  const vcfa = o.product === "vcf-automation-9";
  const signIn = vcfa
    ? vcfaRoutes({ users, tokens, applicationVersion: o.applicationVersion, organizations: o.organizations })
    : authRoutes(users, tokens);
  const pipelines = vcfa
    ? []
    : [
        ...endpointRoutes({ store: state.endpoints, projects: state.projects, clock }),
        ...transferRoutes({ store: state.endpoints, projects: state.projects, clock }),
        ...userPreferenceRoutes(clock),
        ...catalogRoutes(state.endpoints, clock),
      ];
  const api = new Router([
    ...signIn,
    ...pipelines,
    ...projectRoutes({
      projects: state.projects,
      inUse: (p) => state.projectInUse(p),
      endpointCount: (p) => state.endpoints.candidates({ project: p.name })?.length ?? 0,
    }),
    ...deploymentRoutes(state.deployment, { requestDelayMs: o.requestDelayMs }),
    ...unsupportedRoutes(),
  ]);
  const ops = new Router([
    ...opsRoutes({
      log,
      faults,
      reset: () => state.resetToSeed(),
      clock,
      stats: () => {
        state.deployment.settle();
        return {
          endpoints: state.endpoints.size,
          resources: state.deployment.resources.size,
          pendingRequests: state.deployment.pendingCount,
        };
      },
    }),
    ...approvalRoutes(state.deployment),
  ]);
  const distance = new Distance(
    { latencyMs: o.latencyMs, rateLimit: o.rateLimit, tls: o.tls !== undefined },
    clock,
  );
  const absent = vcfa ? /^\/(pipeline|codestream)\/api(\/|$)|^\/iaas\/api\/login\/?$/ : undefined;
  const deps = { api, ops, users, tokens, log, faults, clock, distance, absent };
  const server = await listen(
    (req, res) =>
      void dispatch(deps, req, res).catch((e: Error) => {
        process.stderr.write(`aria-emulator: failed to answer ${req.method} ${req.url}: ${e.message}\n`);
        res.destroy();
      }),
    o,
  );
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    port: server.port,
    now: () => clock.now(),
    served: (match, count) => log.served(match, count),
    arrived: (match, count) => log.arrived(match, count),
    close: () => {
      // A request a `hold` fault keeps would keep its connection, and the server, open.
      faults.release();
      closing ??= server.close().then(() => writer?.flush());
      return closing;
    },
  };
}
