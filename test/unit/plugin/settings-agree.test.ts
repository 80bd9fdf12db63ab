/* eslint-disable @typescript-eslint/no-explicit-any -- the protocol's generated messages are untyped */
import type * as pulumi from "@pulumi/pulumi";
import { AriaConfigError } from "../../../provider/client/config-error";
import { configure as configureDynamic } from "../../../provider/dynamic/impl";
import {
  providerClientConfig,
  providerSettingValue,
  resetRuntimeContext,
} from "../../../provider/runtime/context";
import {
  PROVIDER_ONLY_SETTINGS,
  PROVIDER_SETTINGS,
  type ProviderOnlyKey,
  type SettingKey,
} from "../../../provider/runtime/settings";
import { inProcessPlugin } from "../../support/plugin-door";

/*
 * Every setting × {unset, blank, valid, invalid} × {configuration, environment}, through both doors:
 * the plugin's CheckConfig (as the engine calls it), the plugin's running provider (Configure, then
 * the client's resolution and the provider's own settings) and the dynamic door's running provider
 * (its `configure` with the `vra:` config). All three accept, or all three refuse naming the setting
 * in their own namespace (or by its environment variable); an accepted value resolves the same at
 * both doors. A new setting fails the first test until it has its row here.
 */

const PEM = "-----BEGIN CERTIFICATE-----\nMIIBdummy\n-----END CERTIFICATE-----";

/** A valid and (where any text is not valid) an invalid value of each setting, as text. */
const EXAMPLES: Record<SettingKey, { valid: string; invalid?: string }> = {
  url: { valid: "https://vra.example.com/", invalid: "ftp://vra.example.com" },
  accessToken: { valid: "an-access-token" },
  refreshToken: { valid: "a-refresh-token" },
  username: { valid: "ci" },
  password: { valid: "pw" },
  domain: { valid: "example.com" },
  organization: { valid: "tenant-a", invalid: "system" },
  insecure: { valid: "yes", invalid: "maybe" },
  caCert: { valid: PEM, invalid: "/no/such/ca.pem" },
  apiTimeout: { valid: "45", invalid: "-1" },
  reauthorizeTimeout: { valid: "15m", invalid: "soon" },
  apiVersion: { valid: "2019-10-17", invalid: "17/10/2019" },
  deploymentApiVersion: { valid: "2020-08-25", invalid: "latest" },
  pipelineBasePath: { valid: "/codestream/api/", invalid: "codestream" },
  maxRetries: { valid: "3", invalid: "99" },
  maxRequestRate: { valid: "2.5", invalid: "0" },
  maxConcurrency: { valid: "4", invalid: "0" },
  throttleTimeout: { valid: "120", invalid: "soon" },
  validateEndpoints: { valid: "off", invalid: "sometimes" },
  listPageSize: { valid: "25", invalid: "0" },
  awaitApprovalAfter: { valid: "15m", invalid: "soon" },
};

/** Settings a server and a credential need: present unless the row is about them. */
const BASE: Partial<Record<SettingKey, string>> = {
  url: "https://vra.example.com",
  refreshToken: "base-refresh-token",
};

type State = "unset" | "blank" | "valid" | "invalid";
type Source = "configuration" | "environment";

/** What one door made of a configuration: accepted (with what it resolved), or the names its refusal gave. */
type Verdict =
  { accepted: true; resolved: unknown } | { accepted: false; named: string[]; messages: string[] };

const { protocol, call } = inProcessPlugin();

/** The plugin's CheckConfig of an explicit provider's inputs. */
async function pluginCheck(settings: Partial<Record<SettingKey, string>>): Promise<Verdict> {
  const request = new protocol.messages.CheckRequest();
  request.setUrn("urn:pulumi:dev::p::pulumi:providers:aria::default");
  request.setOlds(protocol.struct.Struct.fromJavaScript({}));
  request.setNews(protocol.struct.Struct.fromJavaScript(settings));
  const failures: any[] = (await call("checkConfig", request)).getFailuresList();
  if (failures.length === 0) return { accepted: true, resolved: undefined };
  return {
    accepted: false,
    named: failures.map((f) => f.getProperty()),
    messages: failures.map((f) => f.getReason()),
  };
}

/** What the running provider resolves: the client's configuration and the provider's own settings. */
function running(): Verdict {
  const messages: string[] = [];
  const named: string[] = [];
  let resolved: Record<string, unknown> = {};
  for (const read of [
    () => ({ ...providerClientConfig(), settingsNamespace: undefined }),
    () =>
      Object.fromEntries(
        (Object.keys(PROVIDER_ONLY_SETTINGS) as ProviderOnlyKey[]).map((key) => [
          key,
          providerSettingValue(key),
        ]),
      ),
  ]) {
    try {
      resolved = { ...resolved, ...read() };
    } catch (error) {
      if (!(error instanceof AriaConfigError)) throw error;
      named.push(...error.issues.map((issue) => issue.setting ?? issue.key));
      messages.push(...error.issues.map((issue) => issue.message));
    }
  }
  return named.length === 0 ? { accepted: true, resolved } : { accepted: false, named, messages };
}

/** The plugin's running provider, configured as the engine configures a default provider (`aria:` config). */
async function pluginRunning(settings: Partial<Record<SettingKey, string>>): Promise<Verdict> {
  await resetRuntimeContext();
  const request = new protocol.messages.ConfigureRequest();
  for (const [key, value] of Object.entries(settings)) request.getVariablesMap().set(`aria:${key}`, value);
  await call("configure", request);
  return running();
}

/** The dynamic door's running provider, configured with the stack's `vra:` config. */
async function dynamicRunning(settings: Partial<Record<SettingKey, string>>): Promise<Verdict> {
  await resetRuntimeContext();
  const config = new Map(Object.entries(settings).map(([key, value]) => [`vra:${key}`, value]));
  await configureDynamic({ config } as unknown as pulumi.dynamic.ConfigureRequest);
  return running();
}

/** Runs `fn` with exactly `env` as the package's environment variables. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const names = Object.values(PROVIDER_SETTINGS).map((setting) => setting.env);
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of names) delete process.env[name];
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}

/** The text of `state` for `key`. */
function textOf(key: SettingKey, state: State): string | undefined {
  if (state === "unset") return undefined;
  if (state === "blank") return "  ";
  return state === "valid" ? EXAMPLES[key].valid : EXAMPLES[key].invalid;
}

/** The three verdicts of one case. */
async function verdicts(key: SettingKey, state: State, source: Source) {
  const text = textOf(key, state);
  const config: Partial<Record<SettingKey, string>> = { ...BASE };
  delete config[key];
  const env: Record<string, string> = {};
  if (text !== undefined && source === "configuration") config[key] = text;
  if (text !== undefined && source === "environment") env[PROVIDER_SETTINGS[key].env] = text;
  return withEnv(env, async () => ({
    check: await pluginCheck(config),
    plugin: await pluginRunning(config),
    dynamic: await dynamicRunning(config),
  }));
}

afterAll(async () => {
  await resetRuntimeContext();
});

const KEYS = Object.keys(PROVIDER_SETTINGS) as SettingKey[];
const CASES = KEYS.flatMap((key) =>
  (["unset", "blank", "valid", "invalid"] as const)
    .filter((state) => state !== "invalid" || EXAMPLES[key].invalid !== undefined)
    .flatMap((state) =>
      (["configuration", "environment"] as const).map((source) => ({ key, state, source })),
    ),
);

describe("every setting through both doors", () => {
  it("has a valid example in the table, so that a new setting is tested here", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...KEYS].sort());
  });

  it.each(CASES)("$key $state in the $source: CheckConfig and both running doors agree", async (c) => {
    const { key, state, source } = c;
    const { check, plugin, dynamic } = await verdicts(key, state, source);
    const required = key === "url" || key === "refreshToken";
    const refused = state === "invalid" || ((state === "unset" || state === "blank") && required);

    expect(check.accepted).toBe(!refused);
    expect(plugin.accepted).toBe(!refused);
    expect(dynamic.accepted).toBe(!refused);
    if (plugin.accepted && dynamic.accepted) {
      // The same value, whichever door read it.
      expect(plugin.resolved).toEqual(dynamic.resolved);
      return;
    }
    if (check.accepted || plugin.accepted || dynamic.accepted) return;
    // Refused: CheckConfig names the input, the running provider the same setting.
    expect(check.named).toEqual(plugin.named);
    expect(dynamic.named).toEqual(plugin.named);
    expect(check.messages).toEqual(plugin.messages);
    const [pluginText, dynamicText] = [plugin.messages.join("\n"), dynamic.messages.join("\n")];
    if (state === "invalid") {
      const name = source === "configuration" ? key : PROVIDER_SETTINGS[key].env;
      expect(check.named).toEqual([key]);
      expect(pluginText).toContain(source === "configuration" ? `aria:${name}` : name);
      expect(dynamicText).toContain(source === "configuration" ? `vra:${name}` : name);
    } else {
      expect(pluginText).toContain(`aria:${key}`);
      expect(dynamicText).toContain(`vra:${key}`);
    }
    expect(pluginText).not.toMatch(/\bvra:/);
    expect(dynamicText).not.toMatch(/\baria:/);
  });

  it("resolves a valid value to what it stands for, at both doors alike", async () => {
    const { plugin, dynamic } = await verdicts("apiTimeout", "valid", "configuration");
    expect(plugin).toEqual(dynamic);
    expect(plugin).toMatchObject({ accepted: true, resolved: { apiTimeoutSeconds: 45 } });
    const blank = await verdicts("validateEndpoints", "blank", "configuration");
    expect(blank.plugin).toMatchObject({ accepted: true, resolved: { validateEndpoints: true } });
  });
});
