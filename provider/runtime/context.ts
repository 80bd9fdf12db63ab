import * as pulumi from "@pulumi/pulumi";
import { AriaClient, createClient, resolveClientConfig } from "../client";
import { collectSettings, ConfigLookup, SettingKey, SETTINGS } from "./settings";

/*
 * Per-process state. This module is loaded by the provider process (through `dynamic-impl`) and by
 * the program process (data functions), never captured by closure serialisation, so holding a
 * client with its connection pools and tokens here is safe.
 */

let providerLookup: ConfigLookup | undefined;
let providerClient: AriaClient | undefined;
let programClient: AriaClient | undefined;

/** Called by the provider's `configure` with the stack configuration (secrets decrypted). */
export function setProviderConfig(lookup: ConfigLookup): void {
  providerLookup = lookup;
  if (providerClient) {
    // New configuration: drop the old client so the next call builds one from it.
    void providerClient.close();
    providerClient = undefined;
  }
}

/** A `vra:` setting as seen by the provider process: stack config first, then the environment. */
export function providerSetting(key: SettingKey): string | undefined {
  return settingFrom(providerLookup, key);
}

/** The API client of the provider process, built once from `configure` and the environment. */
export function providerApiClient(): AriaClient {
  if (!providerClient) {
    providerClient = createClient(resolveClientConfig(collectSettings(providerLookup ?? (() => undefined))));
  }
  return providerClient;
}

const programLookup: ConfigLookup = (key) => pulumi.runtime.getConfig(`vra:${key}`);

/** A `vra:` setting as seen by the program process (data functions). */
export function programSetting(key: SettingKey): string | undefined {
  return settingFrom(programLookup, key);
}

/** The API client of the program process, used by data functions; built on first use. */
export function programApiClient(): AriaClient {
  if (!programClient) {
    programClient = createClient(resolveClientConfig(collectSettings(programLookup)));
  }
  return programClient;
}

function settingFrom(lookup: ConfigLookup | undefined, key: SettingKey): string | undefined {
  const fromConfig = lookup?.(key);
  if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
  const fromEnv = process.env[SETTINGS[key]];
  return fromEnv === "" ? undefined : fromEnv;
}

/** Test hook: forget every cached client and configuration. */
export async function resetRuntimeContext(): Promise<void> {
  await Promise.all([providerClient?.close(), programClient?.close()]);
  providerClient = undefined;
  programClient = undefined;
  providerLookup = undefined;
}
