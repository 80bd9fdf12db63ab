import type { FaultRule, HeldRequest } from "./faults";
import type { RequestLogSnapshot } from "./request-log";
import type { ApprovalPolicy } from "../deployment/store";

/*
 * A typed client of the operations surface (`/__emulator/*`, ./ops-routes.ts): what tests, benchmarks
 * and the demo use to count requests, inject faults, reset data and move the clock forward. One method per route; a failed
 * answer throws {@link EmulatorOpsError} naming the route and the status.
 */

/** The counts the emulator reports with its health and after a reset. */
export interface EmulatorCounts {
  /** Stored endpoints. */
  readonly endpoints: number;
  /** Stored deployment resources. */
  readonly resources: number;
  /** Deployment requests not finished yet. */
  readonly pendingRequests: number;
}

/** The body of `GET /__emulator/health`. */
export interface EmulatorHealth extends EmulatorCounts {
  readonly status: "UP";
  /** Milliseconds since the emulator started, on its clock (advances count). */
  readonly uptimeMs: number;
}

/** The body of `POST /__emulator/reset`. */
export interface EmulatorResetAnswer extends EmulatorCounts {
  readonly status: "RESET";
}

/** The body of `GET` and `POST /__emulator/clock`: the emulator's time. */
export interface EmulatorClockAnswer {
  /** The emulator's current time, in epoch milliseconds. */
  readonly nowMs: number;
  /** Milliseconds the clock has been advanced since the start (its time minus its base clock's). */
  readonly advancedMs: number;
}

/** The body of `GET` and `PUT /__emulator/approvals`. */
export interface EmulatorApprovals {
  /** The approval policies in force. */
  readonly policies: ApprovalPolicy[];
  /** The requests waiting for approval, as `GET /deployment/api/requests/{id}` answers them. */
  readonly pending: Record<string, unknown>[];
}

/** An approver's decision (`POST /__emulator/approvals/{requestId}`). */
export interface ApprovalDecision {
  readonly decision: "APPROVE" | "REJECT";
  /** Who decides (the rejection's `details` name them); default `approver`. */
  readonly approver?: string;
  /** Why (the rejection's `details` give it). */
  readonly reason?: string;
}

/** An operations route answered with an error status. */
export class EmulatorOpsError extends Error {
  override name = "EmulatorOpsError";
  constructor(
    /** `<METHOD> /__emulator/<path>`. */
    readonly route: string,
    /** The status answered. */
    readonly status: number,
    body: string,
  ) {
    super(`emulator ${route}: ${status} ${body}`);
  }
}

/** The operations surface of one emulator. */
export interface EmulatorOpsClient {
  /** `GET /__emulator/health`. */
  health(): Promise<EmulatorHealth>;
  /** `GET /__emulator/requests`: the request log since it was last cleared. */
  requests(): Promise<RequestLogSnapshot>;
  /** `DELETE /__emulator/requests`: empties the request log. */
  clearRequests(): Promise<void>;
  /** `GET /__emulator/faults`: the rules in force, `count` showing what is left. */
  faults(): Promise<FaultRule[]>;
  /** `PUT /__emulator/faults`: replaces the fault rules; answers them as installed. */
  setFaults(rules: readonly FaultRule[]): Promise<FaultRule[]>;
  /** `DELETE /__emulator/faults`: removes every fault rule. */
  clearFaults(): Promise<void>;
  /**
   * `GET /__emulator/faults/held?atLeast=N`: the requests `hold` rules keep, answered once at least
   * `atLeast` are held (at once with 0).
   */
  held(atLeast?: number): Promise<HeldRequest[]>;
  /** `POST /__emulator/faults/release`: lets every held request go on; answers how many there were. */
  release(): Promise<number>;
  /** `POST /__emulator/reset`: all data back to the seed (the log and the faults are kept). */
  reset(): Promise<EmulatorResetAnswer>;
  /** `GET /__emulator/clock`: the emulator's time. */
  clock(): Promise<EmulatorClockAnswer>;
  /**
   * `POST /__emulator/clock`: moves the emulator's clock forward by `ms` milliseconds at once (tokens
   * expire, deployment requests progress); answers its time after.
   */
  advanceClock(ms: number): Promise<EmulatorClockAnswer>;
  /** `GET /__emulator/approvals`: the approval policies and the requests waiting for approval. */
  approvals(): Promise<EmulatorApprovals>;
  /**
   * `PUT /__emulator/approvals`: replaces the approval policies (creations of a matching project id
   * and resource type wait at APPROVAL_PENDING); an empty list removes them.
   */
  setApprovalPolicies(policies: readonly ApprovalPolicy[]): Promise<EmulatorApprovals>;
  /** `POST /__emulator/approvals/{requestId}`: approves or rejects a request; answers the request. */
  decide(requestId: string, decision: ApprovalDecision): Promise<Record<string, unknown>>;
}

/** A client of the operations surface of the emulator at `url` (its base URL). */
export function emulatorOps(url: string): EmulatorOpsClient {
  const base = url.replace(/\/+$/, "");
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/__emulator/${path}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new EmulatorOpsError(`${method} /__emulator/${path}`, response.status, text);
    return (text === "" ? undefined : JSON.parse(text)) as T;
  };
  return {
    health: () => call("GET", "health"),
    requests: () => call("GET", "requests"),
    clearRequests: () => call("DELETE", "requests"),
    faults: async () => (await call<{ rules: FaultRule[] }>("GET", "faults")).rules,
    setFaults: async (rules) => (await call<{ rules: FaultRule[] }>("PUT", "faults", { rules })).rules,
    clearFaults: () => call("DELETE", "faults"),
    held: async (atLeast = 0) =>
      (await call<{ held: HeldRequest[] }>("GET", `faults/held?atLeast=${atLeast}`)).held,
    release: async () => (await call<{ released: number }>("POST", "faults/release")).released,
    reset: () => call("POST", "reset"),
    clock: () => call("GET", "clock"),
    advanceClock: (ms) => call("POST", "clock", { advanceMs: ms }),
    approvals: () => call("GET", "approvals"),
    setApprovalPolicies: (policies) => call("PUT", "approvals", { policies }),
    decide: (requestId, decision) => call("POST", `approvals/${encodeURIComponent(requestId)}`, decision),
  };
}
