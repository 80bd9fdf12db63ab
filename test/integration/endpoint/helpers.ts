/** Set-up of the endpoint provider's integration tests: an emulator on port 0 and the provider's configuration. */
import {
  emulatorOps,
  startEmulator,
  type EmulatorOpsClient,
  type EmulatorOptions,
  type FaultRule,
  type RequestLogSnapshot,
  type RunningEmulator,
} from "../../../emulator";
import { AriaClient, createClient, resolveClientConfig } from "../../../provider/client";
import { resetRuntimeContext, setProviderConfig } from "../../../provider/runtime/context";
import type { SettingKey } from "../../../provider/runtime/settings";

/** Refresh tokens of the emulator's default users. */
export const TOKENS = { admin: "admin-refresh-token", developer: "developer-refresh-token" } as const;

/** An emulator with helpers for its operations surface. */
export class Emulator {
  private constructor(readonly running: RunningEmulator) {}

  static async start(options: EmulatorOptions = {}): Promise<Emulator> {
    return new Emulator(await startEmulator({ port: 0, seedResources: 0, ...options }));
  }

  get url(): string {
    return this.running.url;
  }

  /** The typed client of its operations surface. */
  get ops(): EmulatorOpsClient {
    return emulatorOps(this.url);
  }

  /** Restores the seed data, empties the request log and removes faults. */
  async reset(): Promise<void> {
    await this.ops.reset();
    await this.ops.clearRequests();
    await this.ops.clearFaults();
  }

  requests(): Promise<RequestLogSnapshot> {
    return this.ops.requests();
  }

  async clearRequests(): Promise<void> {
    await this.ops.clearRequests();
  }

  async faults(rules: FaultRule[]): Promise<void> {
    await this.ops.setFaults(rules);
  }

  /** Number of endpoints stored. */
  async endpointCount(): Promise<number> {
    return (await this.ops.health()).endpoints;
  }

  /** A client of its own (for changes made "out of band"). */
  client(user: keyof typeof TOKENS = "admin"): AriaClient {
    return createClient(resolveClientConfig({ "vra:url": this.url, "vra:refreshToken": TOKENS[user] }, {}));
  }

  close(): Promise<void> {
    return this.running.close();
  }
}

/** Configures the provider process's runtime as `configure` would, for a user of the emulator. */
export async function configureProvider(
  url: string,
  user: keyof typeof TOKENS = "admin",
  extra: Partial<Record<SettingKey, string>> = {},
): Promise<void> {
  await resetRuntimeContext();
  const settings: Partial<Record<SettingKey, string>> = { url, refreshToken: TOKENS[user], ...extra };
  setProviderConfig((key) => settings[key]);
}
