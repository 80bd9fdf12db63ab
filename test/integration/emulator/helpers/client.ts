import { Agent, request } from "undici";
import {
  emulatorOps,
  startEmulator,
  type EmulatorOpsClient,
  type EmulatorOptions,
  type RunningEmulator,
} from "../../../../emulator";

/**
 * JSON as the tests read it. Shapes are asserted by the ajv contract tests and by `expect`, so
 * reading stays loose here on purpose.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** One answer, body already read. */
export interface Reply<T = Json> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body (`undefined` when empty or not JSON). */
  body: T;
  text: string;
}

/** Options of one call. */
export interface CallOptions {
  body?: unknown;
  /** Raw body text (sent as is). */
  raw?: string;
  /** Bearer token; `null` sends no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** A small HTTP client for the emulator (keeps its own connection pool; close it). */
export class Client {
  readonly agent: Agent;

  constructor(
    readonly baseUrl: string,
    private token: string | null = null,
    agent?: Agent,
  ) {
    this.agent = agent ?? new Agent({ connect: { rejectUnauthorized: false } });
  }

  /** A client sharing this pool but sending another token. */
  as(token: string | null): Client {
    return new Client(this.baseUrl, token, this.agent);
  }

  async call<T = Json>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await request(`${this.baseUrl}${path}`, {
      method: method as "GET",
      headers,
      body,
      dispatcher: this.agent,
    });
    const text = await res.body.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body: parsed as T, text };
  }

  get<T = Json>(path: string, options?: CallOptions) {
    return this.call<T>("GET", path, options);
  }
  post<T = Json>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("POST", path, { ...options, body });
  }
  put<T = Json>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("PUT", path, { ...options, body });
  }
  delete<T = Json>(path: string, options?: CallOptions) {
    return this.call<T>("DELETE", path, options);
  }

  /** Logs in through CSP and exchanges the refresh token at /iaas/api/login; answers the bearer token. */
  async login(username = "admin", password = `${username}-password`): Promise<string> {
    const csp = await this.post(
      "/csp/gateway/am/api/login?access_token",
      { username, password },
      { token: null },
    );
    if (csp.status !== 200) throw new Error(`login of ${username} failed: ${csp.status} ${csp.text}`);
    const iaas = await this.post(
      "/iaas/api/login",
      { refreshToken: csp.body.refresh_token },
      { token: null },
    );
    if (iaas.status !== 200) throw new Error(`token exchange failed: ${iaas.status} ${iaas.text}`);
    return iaas.body.token as string;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** A running emulator with clients for the admin, the developer and nobody. */
export interface Harness {
  emulator: RunningEmulator;
  admin: Client;
  developer: Client;
  anonymous: Client;
  /** The typed client of the operations surface (`/__emulator/*`). */
  ops: EmulatorOpsClient;
  close(): Promise<void>;
}

/** Starts an emulator on an ephemeral port and logs both default users in. */
export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, ...options });
  const anonymous = new Client(emulator.url);
  const admin = anonymous.as(await anonymous.login("admin"));
  const developer = anonymous.as(await anonymous.login("developer"));
  return {
    emulator,
    admin,
    developer,
    anonymous,
    ops: emulatorOps(emulator.url),
    close: async () => {
      await emulator.close();
      await anonymous.close();
    },
  };
}

/** Query-string helper that keeps `$` readable. */
export function qs(params: Record<string, string | number | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/** A minimal valid jenkins endpoint body. */
export function jenkinsSpec(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    type: "jenkins",
    properties: { url: "https://jenkins.example.test", username: "ci", password: "s3cret" },
    ...extra,
  };
}

const TERMINAL = new Set(["SUCCESSFUL", "FAILED", "ABORTED", "APPROVAL_REJECTED"]);

/** How far waitForRequest moves the emulator's clock between two polls. */
const POLL_STEP_MS = 10;

/**
 * Polls a deployment request until it ends, moving the emulator's clock forward by a step between
 * polls instead of waiting; answers the final Request and every status seen. Fails once the
 * emulator's clock has moved `timeoutMs` without the request ending.
 */
export async function waitForRequest(
  client: Client,
  requestId: string,
  timeoutMs = 10_000,
): Promise<{ request: Json; seen: string[] }> {
  const seen: string[] = [];
  const ops = emulatorOps(client.baseUrl);
  for (let advanced = 0; ; advanced += POLL_STEP_MS) {
    const reply = await client.get(`/deployment/api/requests/${requestId}`);
    if (reply.status !== 200) throw new Error(`GET request ${requestId}: ${reply.status} ${reply.text}`);
    if (seen[seen.length - 1] !== reply.body.status) seen.push(reply.body.status);
    if (TERMINAL.has(reply.body.status)) return { request: reply.body, seen };
    if (advanced >= timeoutMs)
      throw new Error(`request ${requestId} still ${reply.body.status} after ${timeoutMs} ms`);
    await ops.advanceClock(POLL_STEP_MS);
  }
}
