/**
 * Set-up of the endpoint provider's integration tests: an emulator for a file, and the provider's
 * configuration for a user of it.
 */
import { resetRuntimeContext, setProviderConfig } from "../../../provider/runtime/context";
import type { SettingKey } from "../../../provider/runtime/settings";
import type { EmulatorOptions } from "../../../emulator";
import { Emulator, useEmulator, USERS, type UserName } from "../../support/emulator";

/** Configures the provider process's runtime as `configure` would, for a user of the emulator. */
export async function configureProvider(
  url: string,
  user: UserName = "admin",
  extra: Partial<Record<SettingKey, string>> = {},
): Promise<void> {
  await resetRuntimeContext();
  const settings: Partial<Record<SettingKey, string>> = { url, refreshToken: USERS[user], ...extra };
  setProviderConfig((key) => settings[key]);
}

/**
 * An emulator with no seeded deployment resources (`options` added) for the tests of a file: before
 * each test its seed data is restored, its request log and faults emptied and the provider configured
 * for admin on it; the provider's runtime is reset after the file.
 */
export function useProviderEmulator(options: EmulatorOptions = {}): Emulator {
  const emulator = useEmulator({ seedResources: 0, ...options });
  afterAll(async () => {
    await resetRuntimeContext();
  });
  beforeEach(async () => {
    await emulator.reset();
    await configureProvider(emulator.url);
  });
  return emulator;
}
