/**
 * The emulator for the tests of every tier: `useEmulator()` runs one on port 0 for a test file (or a
 * `describe` block), `Emulator.start()` one for a single test; both answer an {@link Emulator}.
 */
import {
  emulatorOps,
  startEmulator,
  type EmulatorOpsClient,
  type EmulatorOptions,
  type FaultRule,
  type RequestLogSnapshot,
  type RunningEmulator,
} from "../../emulator";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";

/** Refresh tokens of the emulator's default users (emulator/auth/users.ts). */
export const USERS = {
  admin: "admin-refresh-token",
  developer: "developer-refresh-token",
} as const;

/** A default user of the emulator. */
export type UserName = keyof typeof USERS;

/** An emulator on port 0 with helpers for its operations surface. */
export class Emulator {
  private current?: RunningEmulator;

  private constructor(private readonly options: EmulatorOptions) {}

  /** Starts an emulator on port 0 (`options` as `startEmulator` takes them). */
  static async start(options: EmulatorOptions = {}): Promise<Emulator> {
    const emulator = Emulator.unstarted(options);
    await emulator.open();
    return emulator;
  }

  /** An emulator that {@link open} starts: for {@link useEmulator}. */
  static unstarted(options: EmulatorOptions = {}): Emulator {
    return new Emulator(options);
  }

  /** Starts it (on port 0 unless the options name a port). */
  async open(): Promise<void> {
    if (this.current) throw new Error("the emulator is already started");
    this.current = await startEmulator({ port: 0, ...this.options });
  }

  /** The running emulator, as `startEmulator` answered it. */
  get running(): RunningEmulator {
    if (!this.current) {
      throw new Error(
        "the emulator is not started yet: use it in a test or a hook, after useEmulator()'s beforeAll",
      );
    }
    return this.current;
  }

  /** Its base URL (`http://127.0.0.1:<port>`). */
  get url(): string {
    return this.running.url;
  }

  /** The typed client of its operations surface (`/__emulator/*`). */
  get ops(): EmulatorOpsClient {
    return emulatorOps(this.url);
  }

  /** Restores the seed data, empties the request log and removes faults. */
  async reset(): Promise<void> {
    await this.ops.reset();
    await this.ops.clearRequests();
    await this.ops.clearFaults();
  }

  /** The request log. */
  requests(): Promise<RequestLogSnapshot> {
    return this.ops.requests();
  }

  /** Empties the request log. */
  async clearRequests(): Promise<void> {
    await this.ops.clearRequests();
  }

  /** Installs fault rules (replacing the current ones). */
  async faults(rules: FaultRule[]): Promise<void> {
    await this.ops.setFaults(rules);
  }

  /** Number of endpoints stored. */
  async endpointCount(): Promise<number> {
    return (await this.ops.health()).endpoints;
  }

  /** A client of its own (for changes made "out of band"), as a default user. */
  client(user: UserName = "admin"): AriaClient {
    return createClient(resolveClientConfig({ "vra:url": this.url, "vra:refreshToken": USERS[user] }, {}));
  }

  /** Stops it (once started; again is harmless). */
  async close(): Promise<void> {
    await this.current?.close();
  }
}

/** Options of {@link useEmulator}: the emulator's, and the environment it sets. */
export interface UseEmulatorOptions extends EmulatorOptions {
  /**
   * Sets `VRA_URL` to the emulator and `VRA_REFRESH_TOKEN` to this user's token while the tests run,
   * as a program's environment would, and restores both afterwards.
   */
  env?: UserName;
}

/**
 * An emulator on port 0 for the tests of the enclosing block (a file or a `describe`): started in a
 * `beforeAll` (so call this before hooks that use it), stopped in an `afterAll`.
 */
export function useEmulator(options: UseEmulatorOptions = {}): Emulator {
  const { env, ...emulatorOptions } = options;
  const emulator = Emulator.unstarted(emulatorOptions);
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    await emulator.open();
    if (env) {
      for (const key of ["VRA_URL", "VRA_REFRESH_TOKEN"]) saved[key] = process.env[key];
      process.env.VRA_URL = emulator.url;
      process.env.VRA_REFRESH_TOKEN = USERS[env];
    }
  });
  afterAll(async () => {
    await emulator.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  return emulator;
}
