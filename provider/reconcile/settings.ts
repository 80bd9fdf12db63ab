/**
 * A stack's server and credentials, read as its program reads them: the stack's config
 * (`pulumi config --json --show-secrets`), `vra:` keys for the dynamic resources and `aria:` keys for
 * the plugin, then the `VRA_*` environment, by the client's own rule (provider/client/config.ts).
 * Pure; the secret values are kept only to be scrubbed from every message.
 */
import { z } from "zod";
import { clientConfigFrom, type ClientConfig } from "../client/config";
import { AriaConfigError } from "../client/config-error";
import { settingName, settingSource, type ConfigNamespace } from "../client/setting";
import { byAnyKey, PROVIDER_SETTINGS, type SettingKey } from "../runtime/settings";
import type { Door } from "./state";
import { EXIT } from "./report";
import { ReconcileError } from "./failures";

/** What `pulumi config --json --show-secrets` prints. */
export const StackConfig = z.record(
  z.string(),
  z.looseObject({
    value: z.unknown().optional(),
    objectValue: z.unknown().optional(),
    secret: z.boolean().optional(),
  }),
);
/** What `pulumi config --json --show-secrets` prints. */
export type StackConfig = z.output<typeof StackConfig>;

/** Every secret value of a stack's config (to scrub from what is printed). */
export function configSecrets(config: StackConfig): string[] {
  return Object.values(config)
    .filter((entry) => entry.secret && typeof entry.value === "string")
    .map((entry) => entry.value as string);
}

/** The namespace a stack's settings are in: the door's, else the one its config uses. */
export function namespaceOf(door: Door | undefined, config: StackConfig): ConfigNamespace {
  if (door === "plugin") return "aria";
  if (door === "dynamic") return "vra";
  return Object.keys(config).some((key) => key.startsWith("aria:")) ? "aria" : "vra";
}

/** A stack's server settings. */
export interface StackServer {
  /** The client's configuration. */
  readonly config: ClientConfig;
  /** The namespace the settings were read in. */
  readonly namespace: ConfigNamespace;
  /** Where the credentials came from (`aria:refreshToken`, `VRA_REFRESH_TOKEN`, ...), for messages. */
  readonly credentialSetting: string;
}

/** The client configuration of stack `stack`; a {@link ReconcileError} (exit 2) naming each bad setting. */
export function stackServer(
  stack: string,
  config: StackConfig,
  door: Door | undefined,
  env: Readonly<Record<string, string | undefined>>,
  providerUrl?: string,
): StackServer {
  const namespace = namespaceOf(door, config);
  const setting = (key: SettingKey): string | undefined => {
    const value = config[settingName(namespace, key)]?.value;
    if (typeof value === "string") return value;
    // A program that configures its provider resource explicitly names the server there, not in config.
    return key === "url" && namespace === "aria" ? providerUrl : undefined;
  };
  const lookup = byAnyKey(setting);
  try {
    const resolved = clientConfigFrom(lookup, env, namespace);
    const credential = (["refreshToken", "accessToken", "username"] as const)
      .map((key) => settingSource(key, PROVIDER_SETTINGS[key], lookup, env, namespace)?.name)
      .find((name) => name !== undefined);
    return {
      config: resolved,
      namespace,
      credentialSetting: credential ?? settingName(namespace, "refreshToken"),
    };
  } catch (e) {
    if (e instanceof AriaConfigError) {
      throw new ReconcileError(
        `stack ${stack}: ${e.message} (set them with \`pulumi config set --stack ${stack}\`, or the VRA_* environment)`,
        EXIT.usage,
      );
    }
    throw e;
  }
}
