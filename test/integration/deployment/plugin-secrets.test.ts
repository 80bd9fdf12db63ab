/* eslint-disable @typescript-eslint/no-explicit-any -- the protocol's generated messages are untyped */
import { resetRuntimeContext } from "../../../provider/runtime/context";
import { SECRET_SIG, SIG_KEY } from "../../../provider/core/values";
import { useEmulator } from "../../support/emulator";
import { configureProvider } from "../endpoint/helpers";
import { inProcessPlugin } from "../../support/plugin-door";

/*
 * A deployment resource whose properties hold secrets at depth, through the plugin as the engine
 * calls it (check, create, read for refresh and for import, update, invoke): every answer carries
 * each secret in an envelope at its own path, and no secret text anywhere outside one.
 */

const PASSWORD = "plugin-canary-Passw0rd";
const TOKEN = "plugin-canary-T0ken";
const URN = "urn:pulumi:dev::secrets::aria:index:DeploymentResource::db";
const PLATFORM = "7c9d2b4e-1a3f-4e6b-8c5d-2f4a6b8c0d02";

const emulator = useEmulator({ seedResources: 0 });
const { protocol, call } = inProcessPlugin();

const envelope = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });
const struct = (value: Record<string, unknown>) => protocol.struct.Struct.fromJavaScript(value);

/** The paths at which a secret text shows outside an envelope; empty when every one is wrapped. */
function clearPaths(value: unknown, path = ""): string[] {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    if ((value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG) return [];
    return Object.entries(value).flatMap(([key, item]) => clearPaths(item, `${path}.${key}`));
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => clearPaths(item, `${path}[${i}]`));
  return value === PASSWORD || value === TOKEN ? [path] : [];
}

const declared = (description = "first") => ({
  name: "db-01",
  type: "Custom.Secrets.Thing",
  projectId: PLATFORM,
  properties: {
    password: envelope(PASSWORD),
    credentials: { apiToken: envelope(TOKEN), user: "svc" },
    description,
  },
  pollIntervalMaxSeconds: 0.2,
});

beforeEach(async () => {
  await emulator.reset();
  await configureProvider(emulator.url);
});

afterAll(async () => {
  await resetRuntimeContext();
});

async function checked(news: Record<string, unknown>, olds: Record<string, unknown> = {}) {
  const request = new protocol.messages.CheckRequest();
  request.setUrn(URN);
  request.setOlds(struct(olds));
  request.setNews(struct(news));
  const response = await call("check", request);
  expect(response.getFailuresList()).toEqual([]);
  return response.getInputs().toJavaScript() as Record<string, any>;
}

async function created(inputs: Record<string, unknown>) {
  const request = new protocol.messages.CreateRequest();
  request.setUrn(URN);
  request.setProperties(struct(inputs));
  const response = await call("create", request);
  return {
    id: response.getId() as string,
    outs: response.getProperties().toJavaScript() as Record<string, any>,
  };
}

async function read(id: string, state: Record<string, unknown>, inputs: Record<string, unknown>) {
  const request = new protocol.messages.ReadRequest();
  request.setUrn(URN);
  request.setId(id);
  request.setProperties(struct(state));
  request.setInputs(struct(inputs));
  const response = await call("read", request);
  return {
    props: response.getProperties().toJavaScript() as Record<string, any>,
    inputs: response.getInputs()?.toJavaScript() as Record<string, any>,
  };
}

describe("a deployment resource's secret properties through the plugin", () => {
  it("stay secret at their own depth in check, create, refresh, update and import", async () => {
    const inputs = await checked(declared());
    expect(clearPaths(inputs)).toEqual([]);
    expect(inputs.properties.password).toEqual(envelope(PASSWORD));
    expect(inputs.properties.credentials.apiToken).toEqual(envelope(TOKEN));
    expect(inputs.properties.credentials.user).toBe("svc");

    const { id, outs } = await created(inputs);
    expect(clearPaths(outs)).toEqual([]);
    expect(outs.properties.password).toEqual(envelope(PASSWORD));
    expect(outs.properties.credentials.apiToken).toEqual(envelope(TOKEN));

    const refreshed = await read(id, outs, inputs);
    expect(clearPaths(refreshed)).toEqual([]);
    expect(refreshed.inputs.properties.credentials.apiToken).toEqual(envelope(TOKEN));

    // An import: no state and no inputs to go by; the server shows the secrets in clear.
    const imported = await read(id, {}, {});
    expect(clearPaths(imported)).toEqual([]);
    expect(imported.inputs.properties.password).toEqual(envelope(PASSWORD));

    const update = new protocol.messages.UpdateRequest();
    update.setUrn(URN);
    update.setId(id);
    update.setOlds(struct(outs));
    update.setNews(struct({ ...inputs, pollIntervalMaxSeconds: 0.3 }));
    const updated = (await call("update", update)).getProperties().toJavaScript();
    expect(clearPaths(updated)).toEqual([]);
  });

  it("make the lookups of it secret", async () => {
    const { id } = await created(await checked(declared()));
    for (const [token, args] of [
      ["aria:index:getResource", { id }],
      ["aria:index:getResources", { resourceTypes: ["Custom.Secrets.Thing"] }],
    ] as const) {
      const request = new protocol.messages.InvokeRequest();
      request.setTok(token);
      request.setArgs(struct(args));
      const result = (await call("invoke", request)).getReturn().toJavaScript();
      expect(clearPaths(result)).toEqual([]);
      expect(JSON.stringify(result)).toContain(PASSWORD); // there, inside an envelope
    }
  });
});
