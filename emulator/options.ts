import type { ArrivedRequest, RequestLogEntry } from "./ops/request-log";
import { DEFAULT_USERS, type EmulatorUser } from "./auth/users";
import { REAL_TIME, type EmulatorClock } from "./core/clock";
import { seedProjects, type Project, type ProjectSeed } from "./state/projects";

/** Which product the emulator is: Aria Automation 8.x (the default), or VCF Automation 9. */
export type EmulatedProduct = "aria-automation-8" | "vcf-automation-9";

/** Every product the emulator can be. */
export const EMULATED_PRODUCTS: readonly EmulatedProduct[] = ["aria-automation-8", "vcf-automation-9"];

/** How to start an emulator. Every field is optional. */
export interface EmulatorOptions {
  /**
   * The product served (default `aria-automation-8`). `vcf-automation-9`: VMware Cloud Foundation
   * Automation 9, the successor: `/automation/config.json` names its version, a refresh token signs in
   * at an organization's `POST /tm/oauth/tenant/<organization>/token`, the deployment and IaaS
   * project APIs are as in 8.x, and there is no Pipelines service and none of 8.x's logins (404).
   */
  product?: EmulatedProduct;
  /** The version `/automation/config.json` reports in `vcf-automation-9` (default `9.0.1.0`). */
  applicationVersion?: string;
  /** The organizations of `vcf-automation-9` (default `vm-apps`); every user belongs to each. */
  organizations?: string[];
  /** Port to listen on; 0 (the default) picks a free ephemeral port. */
  port?: number;
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string;
  /** JSON file keeping all data across restarts (written atomically); in memory when absent. */
  dataFile?: string;
  /**
   * Access-token lifetime in seconds (default 8 hours; 1 hour in `vcf-automation-9`, as its token
   * endpoint's `expires_in`); expired tokens answer 401.
   */
  tokenTtlSeconds?: number;
  /** Duration of asynchronous deployment requests in milliseconds (default 300). */
  requestDelayMs?: number;
  /** Number of seeded deployment resources (default 300; 0 = none). */
  seedResources?: number;
  /** Users accepted at login (replace the default `admin` and `developer`). */
  users?: EmulatorUser[];
  /**
   * Projects to know besides `Default Project`, `Platform` and `Payments`: names, or
   * `{name, id?, description?}` (the id defaults to one derived from the name). Kept in the data file.
   */
  projects?: (string | ProjectSeed)[];
  /** Serve https with this key and certificate (PEM). */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /**
   * One network round trip, in milliseconds (default 0): every API request is answered that long
   * after it arrives, the first of a new connection one round trip later (two over TLS), as by a
   * server far away. Waits on the emulator's clock (real time by default).
   */
  latencyMs?: number;
  /**
   * API requests accepted per second (default 0: no limit), with bursts of up to one second's worth;
   * beyond it, 429 with `Retry-After` (whole seconds). Refills on the emulator's clock.
   */
  rateLimit?: number;
  /**
   * Where the emulator reads the time (default: real time). Everything it times reads it: token
   * issue and expiry, timestamps in answers, the progress of deployment requests, its uptime. The
   * emulator adds to it every advance asked for with `POST /__emulator/clock`
   * (`emulatorOps(url).advanceClock(ms)`), so tests can make tokens expire and requests finish
   * without waiting; a clock that stands still (`{ now: () => t }`) makes every time in answers
   * fixed. It should not go back.
   */
  clock?: EmulatorClock;
}

/** A started emulator. */
export interface RunningEmulator {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash; `https` when `tls` is set). */
  url: string;
  /** The port actually bound. */
  port: number;
  /**
   * The emulator's current time in epoch milliseconds: its `clock` plus every advance. Give it to a
   * client in the same process that judges token expiry by its own clock, so both see one time.
   */
  now(): number;
  /**
   * Resolves once `count` API requests that `match` have been answered from now on (as the request
   * log records them): how a test in the same process waits for a client's progress without polling.
   */
  served(match: (entry: RequestLogEntry) => boolean, count?: number): Promise<void>;
  /**
   * Resolves once `count` API requests that `match` have arrived from now on, before their round trip
   * (`latencyMs`), the rate limit and faults: how a test knows a request is waiting on the clock.
   */
  arrived(match: (request: ArrivedRequest) => boolean, count?: number): Promise<void>;
  /** Stops listening, drops open connections and flushes the data file. Idempotent. */
  close(): Promise<void>;
}

/** Options with every default applied. */
export interface ResolvedOptions {
  product: EmulatedProduct;
  applicationVersion: string;
  organizations: readonly string[];
  port: number;
  host: string;
  dataFile?: string;
  tokenTtlSeconds: number;
  requestDelayMs: number;
  seedResources: number;
  users: readonly EmulatorUser[];
  /** The projects of a fresh start: the defaults, then the seeded ones. */
  projects: readonly Project[];
  tls?: { key: string | Buffer; cert: string | Buffer };
  latencyMs: number;
  rateLimit: number;
  clock: EmulatorClock;
}

/** Default access-token lifetime: 8 hours, like the product. */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** Default duration of asynchronous requests. */
export const DEFAULT_REQUEST_DELAY_MS = 300;
/** Default access-token lifetime of VCF Automation 9 (its token endpoint's `expires_in`). */
export const VCFA_TOKEN_TTL_SECONDS = 3600;
/** Default version of the VCF Automation 9 emulated. */
export const DEFAULT_VCFA_VERSION = "9.0.1.0";
/** Default organization of the VCF Automation 9 emulated. */
export const DEFAULT_ORGANIZATION = "vm-apps";
/** Default number of seeded resources. */
export const DEFAULT_SEED_RESOURCES = 300;

function check(
  name: string,
  value: number | undefined,
  fallback: number,
  integer: boolean,
  max = Infinity,
): number {
  if (value === undefined) return fallback;
  if (
    typeof value !== "number" ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    const kind = integer ? "a non-negative integer" : "a non-negative number";
    throw new RangeError(
      `Emulator option '${name}' must be ${kind}${max < Infinity ? ` up to ${max}` : ""}, got ${value}`,
    );
  }
  return value;
}

/** Applies defaults and rejects nonsense with an error naming the option. */
export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const product = options.product ?? "aria-automation-8";
  if (!EMULATED_PRODUCTS.includes(product)) {
    throw new TypeError(
      `Emulator option 'product' must be one of ${EMULATED_PRODUCTS.join(", ")}, got ${String(product)}`,
    );
  }
  const applicationVersion = options.applicationVersion ?? DEFAULT_VCFA_VERSION;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(applicationVersion)) {
    throw new TypeError(
      `Emulator option 'applicationVersion' must be four numbers such as 9.0.1.0, got ${applicationVersion}`,
    );
  }
  const organizations = options.organizations ?? [DEFAULT_ORGANIZATION];
  if (
    !Array.isArray(organizations) ||
    organizations.length === 0 ||
    organizations.some((name) => typeof name !== "string" || !/^[^/?#\s]+$/.test(name))
  ) {
    throw new TypeError("Emulator option 'organizations' must be a non-empty array of organization names");
  }
  const defaultTtl = product === "vcf-automation-9" ? VCFA_TOKEN_TTL_SECONDS : DEFAULT_TOKEN_TTL_SECONDS;
  const tokenTtlSeconds = check("tokenTtlSeconds", options.tokenTtlSeconds, defaultTtl, false);
  if (tokenTtlSeconds === 0) throw new RangeError("Emulator option 'tokenTtlSeconds' must be greater than 0");
  if (options.users !== undefined && (!Array.isArray(options.users) || options.users.length === 0)) {
    throw new TypeError("Emulator option 'users' must be a non-empty array of users");
  }
  if (
    options.clock !== undefined &&
    (typeof options.clock !== "object" || options.clock === null || typeof options.clock.now !== "function")
  ) {
    throw new TypeError(
      "Emulator option 'clock' must be an object with a now() method answering epoch milliseconds",
    );
  }
  if (options.projects !== undefined && !Array.isArray(options.projects)) {
    throw new TypeError(
      "Emulator option 'projects' must be an array of project names or {name, id?, description?}",
    );
  }
  let projects: Project[];
  try {
    projects = seedProjects(options.projects ?? []);
  } catch (e) {
    throw new TypeError(`Emulator option 'projects': ${(e as Error).message}`);
  }
  return {
    product,
    applicationVersion,
    organizations,
    port: check("port", options.port, 0, true, 65535),
    host: options.host ?? "127.0.0.1",
    ...(options.dataFile !== undefined && { dataFile: options.dataFile }),
    tokenTtlSeconds,
    requestDelayMs: check("requestDelayMs", options.requestDelayMs, DEFAULT_REQUEST_DELAY_MS, false),
    seedResources: check("seedResources", options.seedResources, DEFAULT_SEED_RESOURCES, true, 1_000_000),
    users: options.users ?? DEFAULT_USERS,
    projects,
    ...(options.tls !== undefined && { tls: options.tls }),
    latencyMs: check("latencyMs", options.latencyMs, 0, false, 600_000),
    rateLimit: check("rateLimit", options.rateLimit, 0, false),
    clock: options.clock ?? REAL_TIME,
  };
}
