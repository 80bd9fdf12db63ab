/** Set-up of the endpoint provider's integration tests: the provider's configuration for a user of the emulator. */
import { resetRuntimeContext, setProviderConfig } from "../../../provider/runtime/context";
import type { SettingKey } from "../../../provider/runtime/settings";
import { USERS, type UserName } from "../../support/emulator";

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
