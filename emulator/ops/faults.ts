import { badRequest } from "../core/http-error";

/** A fault rule as installed with `PUT /__emulator/faults`. */
export interface FaultRule {
  /** Only requests with this method (any when absent). */
  method?: string;
  /** Only requests whose path matches this regular expression source (any when absent). */
  path?: string;
  /**
   * `status`: answer `status` instead of serving; `delay`: wait `delayMs` first; `cut`: serve, then
   * drop the socket; `hold`: keep the request, unserved, until `POST /__emulator/faults/release` (a
   * test's control of a slow server: it knows when the request is held from `GET
   * /__emulator/faults/held`, and decides when it goes on; no clock involved).
   */
  kind: "status" | "delay" | "cut" | "hold";
  /** Status for `status` faults (default 500). */
  status?: number;
  /** Adds `Retry-After: <n>` to `status` faults. */
  retryAfterSeconds?: number;
  /** Delay for `delay` faults, in milliseconds. */
  delayMs?: number;
  /**
   * For `delay` faults: instead of waiting `delayMs` in real time, advance the emulator's clock by
   * `delayMs` before the request is served, at once (as if it had queued that long: a token valid
   * when the request was sent may have expired by the time it is checked).
   */
  advanceClock?: boolean;
  /** Probability in [0, 1] that a matching request is affected (default 1). */
  rate?: number;
  /** Affect only the next N matching requests (unlimited when absent); counts down. */
  count?: number;
}

/** The API's paths (the emulator's own /__emulator routes never fail). */
const API_PATHS = "^/(pipeline|codestream|deployment|iaas|csp)/";

/**
 * A busy server behind a load balancer and a rate limiter, on API paths only: 10% of requests answer
 * 503, 5% answer 429 (`Retry-After: 1`), and 10% of writes are carried out but their answer is lost
 * (the socket is cut). What the fault tier (test/faults) and the bench's faults phase install, and a
 * mix to test a program's convergence against: `ops.setFaults(BUSY_SERVER_FAULTS)`.
 */
export const BUSY_SERVER_FAULTS: readonly FaultRule[] = [
  { kind: "status", status: 503, rate: 0.1, path: API_PATHS },
  { kind: "status", status: 429, retryAfterSeconds: 1, rate: 0.05, path: API_PATHS },
  ...["POST", "PUT", "DELETE", "PATCH"].map((method) => ({
    kind: "cut" as const,
    method,
    rate: 0.1,
    path: API_PATHS,
  })),
];

/** What the faults decided for one request. */
export interface FaultDecision {
  /** Total delay to apply before anything else (real time). */
  delayMs: number;
  /** Total advance of the emulator's clock before the request is served (absent when none). */
  clockAdvanceMs?: number;
  /** The terminal fault, if any. */
  action?: { kind: "status"; status: number; retryAfterSeconds?: number } | { kind: "cut" };
  /** Held by a `hold` rule: served (or faulted) once this settles, when a test releases it. */
  hold?: Promise<void>;
}

/** A request a `hold` rule keeps, as `GET /__emulator/faults/held` lists it. */
export interface HeldRequest {
  readonly method: string;
  readonly path: string;
}

interface ActiveRule {
  rule: FaultRule;
  pathRegex?: RegExp;
  remaining?: number;
}

const KINDS = new Set(["status", "delay", "cut", "hold"]);

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function parseRule(raw: unknown, index: number): ActiveRule {
  const where = `rules[${index}]`;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw badRequest(`${where} must be an object`);
  const r = raw as Record<string, unknown>;
  if (typeof r.kind !== "string" || !KINDS.has(r.kind)) {
    throw badRequest(`${where}.kind must be one of: status, delay, cut, hold`);
  }
  if (r.method !== undefined && typeof r.method !== "string")
    throw badRequest(`${where}.method must be a string`);
  if (r.path !== undefined && typeof r.path !== "string") throw badRequest(`${where}.path must be a string`);
  let pathRegex: RegExp | undefined;
  try {
    pathRegex = r.path === undefined ? undefined : new RegExp(r.path);
  } catch (e) {
    throw badRequest(`${where}.path is not a valid regular expression: ${(e as Error).message}`);
  }
  if (
    r.status !== undefined &&
    (!Number.isInteger(r.status) || (r.status as number) < 100 || (r.status as number) > 599)
  ) {
    throw badRequest(`${where}.status must be an integer between 100 and 599`);
  }
  if (r.retryAfterSeconds !== undefined && (!isNumber(r.retryAfterSeconds) || r.retryAfterSeconds < 0)) {
    throw badRequest(`${where}.retryAfterSeconds must be a non-negative number`);
  }
  if (r.kind === "delay" && (!isNumber(r.delayMs) || r.delayMs < 0)) {
    throw badRequest(`${where}.delayMs must be a non-negative number for a delay fault`);
  }
  if (r.advanceClock !== undefined && (typeof r.advanceClock !== "boolean" || r.kind !== "delay")) {
    throw badRequest(`${where}.advanceClock must be a boolean, on a delay fault`);
  }
  if (r.rate !== undefined && (!isNumber(r.rate) || r.rate < 0 || r.rate > 1)) {
    throw badRequest(`${where}.rate must be a number between 0 and 1`);
  }
  if (r.count !== undefined && (!Number.isInteger(r.count) || (r.count as number) < 1)) {
    throw badRequest(`${where}.count must be a positive integer`);
  }
  const rule: FaultRule = {
    kind: r.kind as FaultRule["kind"],
    ...(r.method !== undefined && { method: (r.method as string).toUpperCase() }),
    ...(r.path !== undefined && { path: r.path as string }),
    ...(r.status !== undefined && { status: r.status as number }),
    ...(r.retryAfterSeconds !== undefined && { retryAfterSeconds: r.retryAfterSeconds as number }),
    ...(r.delayMs !== undefined && { delayMs: r.delayMs as number }),
    ...(r.advanceClock !== undefined && { advanceClock: r.advanceClock as boolean }),
    ...(r.rate !== undefined && { rate: r.rate as number }),
    ...(r.count !== undefined && { count: r.count as number }),
  };
  return { rule, pathRegex, remaining: rule.count };
}

/**
 * Injected failures for resilience tests. Rules are checked in order: every applicable `delay`
 * rule adds its delay; the first applicable `status` or `cut` rule decides the outcome.
 */
export class FaultInjector {
  private rules: ActiveRule[] = [];
  /** The requests `hold` rules keep, each with what lets it go on. */
  private holding: { request: HeldRequest; release: () => void }[] = [];
  /** Who waits for a number of held requests (`GET /__emulator/faults/held?atLeast=N`). */
  private watchers: { atLeast: number; notify: () => void }[] = [];

  constructor(private readonly random: () => number = Math.random) {}

  /** Replaces all rules (400 naming the problem when one is invalid). */
  set(body: unknown): void {
    const raw = (body as { rules?: unknown } | undefined)?.rules;
    if (!Array.isArray(raw)) throw badRequest("Body must be an object with a 'rules' array");
    this.rules = raw.map(parseRule);
  }

  /** Removes all rules, and lets every held request go on. */
  clear(): void {
    this.rules = [];
    this.release();
  }

  /** The requests held now, in the order they arrived. */
  held(): HeldRequest[] {
    return this.holding.map((h) => h.request);
  }

  /** Settles once at least `atLeast` requests are held (at once when they are). */
  whenHeld(atLeast: number): Promise<HeldRequest[]> {
    if (this.holding.length >= atLeast) return Promise.resolve(this.held());
    return new Promise((resolve) => this.watchers.push({ atLeast, notify: () => resolve(this.held()) }));
  }

  /** Lets every held request go on; answers how many there were. */
  release(): number {
    const released = this.holding;
    this.holding = [];
    for (const h of released) h.release();
    return released.length;
  }

  private hold(request: HeldRequest): Promise<void> {
    const held = new Promise<void>((resolve) => this.holding.push({ request, release: resolve }));
    const ready = this.watchers.filter((w) => this.holding.length >= w.atLeast);
    this.watchers = this.watchers.filter((w) => this.holding.length < w.atLeast);
    for (const w of ready) w.notify();
    return held;
  }

  /** The installed rules, with `count` showing what is left. */
  list(): FaultRule[] {
    return this.rules
      .filter((a) => a.remaining === undefined || a.remaining > 0)
      .map((a) => ({ ...a.rule, ...(a.remaining !== undefined && { count: a.remaining }) }));
  }

  /** Decides what happens to one request, consuming counts of the rules that apply. */
  decide(method: string, path: string): FaultDecision {
    const decision: FaultDecision = { delayMs: 0 };
    for (const active of this.rules) {
      const { rule } = active;
      if (active.remaining !== undefined && active.remaining <= 0) continue;
      if (rule.method !== undefined && rule.method !== method) continue;
      if (active.pathRegex && !active.pathRegex.test(path)) continue;
      if (rule.rate !== undefined && rule.rate < 1 && this.random() >= rule.rate) continue;
      if (active.remaining !== undefined) active.remaining -= 1;
      if (rule.kind === "delay" && rule.advanceClock === true) {
        const advance = (decision.clockAdvanceMs ?? 0) + (rule.delayMs ?? 0);
        if (advance > 0) decision.clockAdvanceMs = advance;
        continue;
      }
      if (rule.kind === "delay") {
        decision.delayMs += rule.delayMs ?? 0;
        continue;
      }
      if (rule.kind === "hold") {
        decision.hold ??= this.hold({ method, path });
        continue;
      }
      decision.action =
        rule.kind === "cut"
          ? { kind: "cut" }
          : { kind: "status", status: rule.status ?? 500, retryAfterSeconds: rule.retryAfterSeconds };
      break;
    }
    return decision;
  }
}
