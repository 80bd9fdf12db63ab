/**
 * What the deployment provider needs around the API client: the subset of client methods it calls,
 * the clock and the reporter, injected so that tests can drive them.
 */
import type { AriaClient } from "../client";
import type { ConfigIssue } from "../client/config-error";
import type { Clock } from "../core/clock";
import type { Reporting } from "../common/report";

/** The client methods the deployment provider calls. */
export type DeploymentApi = Pick<
  AriaClient,
  | "createResource"
  | "listResources"
  | "listAllResources"
  | "getResource"
  | "getRequest"
  | "cancelRequest"
  | "deleteResource"
>;

/** Everything the provider's operations depend on; `report` (progress) and `warn` as in ../common/report.ts. */
export interface OperationDeps extends Reporting {
  /** The API. */
  readonly api: DeploymentApi;
  /** Time and waits (../core/clock.ts): the real clock in the provider process, a fake in tests. */
  readonly clock: Clock;
  /**
   * What signing in to the server lacks, without signing in (the client's `checkSignIn`: VCF
   * Automation 9 needs `organization`); `check` asks it once per process, so a preview fails on it.
   */
  readonly checkSignIn?: () => Promise<ConfigIssue | undefined>;
  /**
   * How long a creation waits for a request pending approval before it ends as awaiting, in
   * milliseconds (the `awaitApprovalAfter` setting); asked only for a door that can await.
   */
  readonly awaitApprovalAfterMs?: () => number;
}
