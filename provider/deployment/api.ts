/**
 * What the deployment provider needs around the API client: the subset of client methods it calls,
 * the clock and the reporter, injected so that tests can drive them.
 */
import type { AriaClient } from "../client";
import type { Clock } from "../core/clock";
import type { Reporting } from "../common/report";

/** The client methods the deployment provider calls. */
export type DeploymentApi = Pick<
  AriaClient,
  "createResource" | "listAllResources" | "getResource" | "getRequest" | "cancelRequest" | "deleteResource"
>;

/** Everything the provider's operations depend on; `report` (progress) and `warn` as in ../common/report.ts. */
export interface OperationDeps extends Reporting {
  /** The API. */
  readonly api: DeploymentApi;
  /** Time and waits (../core/clock.ts): the real clock in the provider process, a fake in tests. */
  readonly clock: Clock;
}
