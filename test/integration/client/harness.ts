/** Shared set-up of the client's integration tests: an emulator on port 0 and clients against it. */
import {
  emulatorOps,
  startEmulator,
  type EmulatorOptions,
  type FaultRule,
  type RequestLogSnapshot,
} from "../../../emulator";
import { AriaClient, ClientConfig, createClient, resolveClientConfig } from "../../../provider/client";
import type { Clock } from "../../../provider/core/clock";
export { rejectionOf } from "../../support/rejection";

/** A running emulator plus helpers for its operations surface. */
export interface TestServer {
  readonly url: string;
  close(): Promise<void>;
  /** Installs fault rules (replacing the current ones). */
  faults(rules: FaultRule[]): Promise<void>;
  /** Removes every fault rule. */
  clearFaults(): Promise<void>;
  /** The request log. */
  requests(): Promise<RequestLogSnapshot>;
  /** Empties the request log. */
  clearRequests(): Promise<void>;
  /** Restores the seeded state. */
  reset(): Promise<void>;
  /** The emulator's time (epoch ms): give it to a client as its Clock's `now` so both judge expiry alike. */
  now(): number;
  /** Moves the emulator's clock forward by `ms` at once (`POST /__emulator/clock`). */
  advanceClock(ms: number): Promise<void>;
}

/** Starts an emulator on a free loopback port. */
export async function startServer(options: EmulatorOptions = {}): Promise<TestServer> {
  const emulator = await startEmulator({ port: 0, seedResources: 0, requestDelayMs: 20, ...options });
  const ops = emulatorOps(emulator.url);
  return {
    url: emulator.url,
    close: () => emulator.close(),
    faults: async (rules) => void (await ops.setFaults(rules)),
    clearFaults: () => ops.clearFaults(),
    requests: () => ops.requests(),
    clearRequests: () => ops.clearRequests(),
    reset: async () => void (await ops.reset()),
    now: () => emulator.now(),
    advanceClock: async (ms) => void (await ops.advanceClock(ms)),
  };
}

/** Options of {@link useServer}: {@link startServer}'s, and whether each test starts afresh. */
export interface UseServerOptions extends EmulatorOptions {
  /** Restores the seed data and empties the request log before each test. */
  fresh?: boolean;
}

/**
 * {@link startServer} for the tests of the enclosing block (a file or a `describe`): started in a
 * `beforeAll` (so call this before hooks that use it), closed in an `afterAll`. The server it answers
 * stands for the running one from that `beforeAll` on.
 */
export function useServer(options: UseServerOptions = {}): TestServer {
  const { fresh, ...emulatorOptions } = options;
  let running: TestServer | undefined;
  const current = (): TestServer => {
    if (!running) throw new Error("the server is not started yet: use it in a test or a hook");
    return running;
  };
  beforeAll(async () => {
    running = await startServer(emulatorOptions);
  });
  afterAll(async () => {
    await running?.close();
  });
  if (fresh) {
    beforeEach(async () => {
      await current().reset();
      await current().clearRequests();
    });
  }
  return {
    get url() {
      return current().url;
    },
    close: () => current().close(),
    faults: (rules) => current().faults(rules),
    clearFaults: () => current().clearFaults(),
    requests: () => current().requests(),
    clearRequests: () => current().clearRequests(),
    reset: () => current().reset(),
    now: () => current().now(),
    advanceClock: (ms) => current().advanceClock(ms),
  };
}

/**
 * Builds a client from `vra:` settings (no environment), with optional overrides, on `clock` (the
 * real one unless given: a FakeClock of test/support/clock.ts retries at once and records the waits).
 */
export function clientFor(
  settings: Record<string, string | undefined>,
  overrides: Partial<ClientConfig> = {},
  clock?: Clock,
): AriaClient {
  return createClient({ ...resolveClientConfig(settings, {}), ...overrides }, clock);
}

/** Runs `use` with `client`, closing the client after it whatever the outcome. */
export async function withClient<T>(client: AriaClient, use: (client: AriaClient) => Promise<T>): Promise<T> {
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** Settings of the admin user against a server. */
export function adminSettings(server: { url: string }): Record<string, string> {
  return { "vra:url": server.url, "vra:username": "admin", "vra:password": "admin-password" };
}

/** Settings of the non-admin developer (by refresh token). */
export function developerSettings(server: { url: string }): Record<string, string> {
  return { "vra:url": server.url, "vra:refreshToken": "developer-refresh-token" };
}

/** Counts of requests per route in the log. */
export async function countOf(server: TestServer, route: string): Promise<number> {
  return (await server.requests()).counts[route] ?? 0;
}
