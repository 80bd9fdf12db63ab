import type * as pulumi from "@pulumi/pulumi";
import type * as Client from "../client";
import type { AriaClient } from "../client";
import { settingName, settingSource, type ConfigNamespace, type SettingSource } from "../client/setting";
import {
  byAnyKey,
  ConfigLookup,
  PROVIDER_SETTINGS,
  providerOnlySettings,
  type ProviderOnlyKey,
  type ProviderOnlyValues,
  SettingKey,
} from "./settings";

/*
 * Per-process state. This module is loaded by the provider process (through `dynamic-impl`) and by
 * the program process (data functions), never captured by closure serialisation, so holding a
 * client with its connection pools and tokens here is safe.
 */

let providerLookup: ConfigLookup | undefined;
/** The namespace the provider's settings are named in: `vra` (dynamic door) or `aria` (plugin door). */
let providerNamespace: ConfigNamespace = "vra";
let providerClient: AriaClient | undefined;
let programClient: AriaClient | undefined;

/**
 * The client's module, loaded on first use: the program process loads this module with every
 * resource declaration, and needs the HTTP client only for data functions.
 */
function clientModule(): typeof Client {
  return require("../client") as typeof Client;
}

/** How long a replaced client stays open for the calls still using it. */
const RETIRED_CLIENT_GRACE_MS = 5 * 60_000;

/**
 * Called by the provider's `configure` with the stack configuration (secrets decrypted). The engine
 * may configure a running provider again (`pulumi up --refresh` does, while refresh reads are still
 * in flight): the client is kept when the settings are the same, and a replaced one is closed only
 * after a grace period, so no call in flight finds its client closed under it.
 */
export function setProviderConfig(lookup: ConfigLookup, ns: ConfigNamespace = "vra"): void {
  const same =
    providerLookup !== undefined &&
    ns === providerNamespace &&
    JSON.stringify(snapshot(providerLookup)) === JSON.stringify(snapshot(lookup));
  providerLookup = lookup;
  providerNamespace = ns;
  if (providerClient && !same) {
    const retired = providerClient;
    providerClient = undefined;
    setTimeout(() => void retired.close(), RETIRED_CLIENT_GRACE_MS).unref();
  }
}

/** Every setting of a lookup, in the table's order: what tells two configurations apart. */
function snapshot(lookup: ConfigLookup): (string | undefined)[] {
  return (Object.keys(PROVIDER_SETTINGS) as SettingKey[]).map((key) => lookup(key));
}

/** A setting as seen by the provider process: configuration first, then the environment. */
export function providerSetting(key: SettingKey): string | undefined {
  return providerSettingSource(key)?.raw;
}

/** A setting of the provider process with where it came from (`vra:<key>`, `aria:<key>` or the variable). */
export function providerSettingSource(key: SettingKey): SettingSource | undefined {
  const lookup = providerLookup ?? (() => undefined);
  return settingSource(key, PROVIDER_SETTINGS[key], byAnyKey(lookup), process.env, providerNamespace);
}

/**
 * A provider-only setting's value in the provider process (its default when unset); an
 * {@link Client.AriaConfigError} naming it in the provider's namespace when invalid.
 */
export function providerSettingValue<K extends ProviderOnlyKey>(key: K): ProviderOnlyValues[K] {
  return providerOnlySettings(providerLookup ?? (() => undefined), process.env, providerNamespace)[key];
}

/** A setting's name as the provider's users write it (`vra:validateEndpoints`, `aria:validateEndpoints`). */
export function providerSettingName(key: SettingKey): string {
  return settingName(providerNamespace, key);
}

/**
 * The client configuration of the provider process, from `configure` and the environment by the one
 * precedence rule; an {@link Client.AriaConfigError} naming every bad setting in the provider's namespace.
 */
export function providerClientConfig(): Client.ClientConfig {
  const lookup = providerLookup ?? (() => undefined);
  return clientModule().clientConfigFrom(byAnyKey(lookup), process.env, providerNamespace);
}

/** The API client of the provider process, built once from `configure` and the environment. */
export function providerApiClient(): AriaClient {
  if (!providerClient) {
    providerClient = clientModule().createClient(providerClientConfig());
  }
  return providerClient;
}

/** The program's `vra:` config; the SDK is loaded on first use (the plugin process never loads it). */
const programLookup: ConfigLookup = (key) =>
  (require("@pulumi/pulumi") as typeof pulumi).runtime.getConfig(`vra:${key}`);

/** The API client of the program process, used by data functions; built on first use. */
export function programApiClient(): AriaClient {
  if (!programClient) {
    const { createClient, clientConfigFrom } = clientModule();
    programClient = createClient(clientConfigFrom(byAnyKey(programLookup), process.env, "vra"));
  }
  return programClient;
}

/** Test hook: forget every cached client and configuration. */
export async function resetRuntimeContext(): Promise<void> {
  await Promise.all([providerClient?.close(), programClient?.close()]);
  providerClient = undefined;
  programClient = undefined;
  providerLookup = undefined;
  providerNamespace = "vra";
}
