import { provider } from "../../../provider/dynamic/impl";
import { providerApiClient } from "../../../provider/runtime/context";
import { useProviderEmulator } from "./helpers";
import { inProcessPlugin } from "../../support/plugin-door";

/*
 * An upgrade from release 0.1.0, the last before the doors kept their bookkeeping to themselves,
 * through both doors. What 0.1.0 left behind is written here as it wrote it: the inputs its dynamic
 * door stored (the kind's checked inputs with the `movedSecrets` note, the door's `__owner`, the
 * engine's `__provider`), and the body its create POSTed, the owner mark at the end of the
 * description. A run killed after that POST and before the engine saved the state leaves the
 * endpoint on the server and nothing in the stack: this release's create takes it over by the mark,
 * and refuses it to any other resource; the stored inputs plan no change.
 */

const SECRET = "upgrade-s3cret-password";
const emulator = useProviderEmulator();
const endpointProvider = provider("endpoint");

const DYNAMIC_URN = "urn:pulumi:dev::team-a::pulumi-nodejs:dynamic/aria:Endpoint::ci";
const PLUGIN_URN = "urn:pulumi:dev::team-a::aria:index:Endpoint::ci";
const OTHER_URN = "urn:pulumi:dev::team-b::aria:index:Endpoint::ci";

/** The endpoint as the program declares it. */
const declared = () => ({
  name: "ci",
  type: "jenkins",
  project: "Platform",
  description: "CI server",
  isRestricted: false,
  properties: { url: `${emulator.url}/jenkins`, username: "ci" },
  secretProperties: { password: SECRET },
  validate: false,
});

/** What 0.1.0's create POSTed for the resource `urn`, byte for byte: the declared description, then the mark. */
async function postedByRelease010(urn: string): Promise<string> {
  const body = declared();
  const created = await providerApiClient().createEndpoint({
    name: body.name,
    type: body.type,
    project: body.project,
    description: `${body.description} [pulumi: created for ${urn}]`,
    isRestricted: body.isRestricted,
    properties: { ...body.properties, password: SECRET },
  });
  return created.id;
}

describe("the dynamic door, after 0.1.0", () => {
  it("takes over the endpoint 0.1.0's killed run made for the same resource, and no other's", async () => {
    const id = await postedByRelease010(DYNAMIC_URN);
    const refused = await endpointProvider.create!({
      __provider: "stub",
      ...declared(),
      __owner: OTHER_URN,
    }).catch((e: Error) => e);
    expect((refused as Error).message).toContain(`created by Pulumi for another resource, ${DYNAMIC_URN}`);
    const created = await endpointProvider.create!({
      __provider: "stub",
      ...declared(),
      __owner: DYNAMIC_URN,
    });
    expect(created.id).toBe(id);
    expect(created.outs.description).toBe("CI server");
    expect(await emulator.endpointCount()).toBe(1);
  });

  it("plans no change from the inputs 0.1.0 stored, and reads its endpoint back as declared", async () => {
    const id = await postedByRelease010(DYNAMIC_URN);
    // 0.1.0's stored inputs: a password written among the plain properties, moved by its check and
    // noted; its door's owner; the engine's serialised provider.
    const program = {
      ...declared(),
      properties: { ...declared().properties, password: SECRET },
      secretProperties: {},
    };
    const stored = {
      __provider: "serialised stub of 0.1.0",
      ...declared(),
      movedSecrets: ["password"],
      __owner: DYNAMIC_URN,
    };
    const checked = await endpointProvider.check!(stored, {
      __provider: "stub",
      ...program,
      __owner: DYNAMIC_URN,
    });
    expect(checked.failures ?? []).toEqual([]);
    // The same inputs as 0.1.0 stored, apart from the serialised provider the engine puts back itself.
    const { __provider: _old, ...storedInputs } = stored;
    expect(checked.inputs).toEqual(storedInputs);
    expect(
      (await endpointProvider.diff!(id, stored, { __provider: "stub", ...checked.inputs })).changes,
    ).toBe(false);
    const read = await endpointProvider.read!(id, { __provider: "stub", ...declared(), metadata: {} });
    expect(read.props?.description).toBe("CI server");
    expect(JSON.stringify(read)).not.toContain("created for");
    // The first update writes the declared description: the mark is gone from the server.
    expect(await providerApiClient().getEndpoint(id)).toMatchObject({ createdFor: DYNAMIC_URN });
    await endpointProvider.update!(id, { ...read.props }, { ...declared(), description: "CI" });
    const updated = await providerApiClient().getEndpoint(id);
    expect(updated.description).toBe("CI");
    expect(updated).not.toHaveProperty("createdFor");
  });
});

describe("the plugin door, after 0.1.0", () => {
  const { protocol, call } = inProcessPlugin();

  async function create(urn: string) {
    const request = new protocol.messages.CreateRequest();
    request.setUrn(urn);
    request.setProperties(protocol.struct.Struct.fromJavaScript(declared()));
    const response = await call("create", request);
    return { id: response.getId() as string, outs: response.getProperties().toJavaScript() };
  }

  it("takes over the endpoint 0.1.0's killed run made for the same resource, and no other's", async () => {
    const id = await postedByRelease010(PLUGIN_URN);
    await expect(create(OTHER_URN)).rejects.toThrow(`created by Pulumi for another resource, ${PLUGIN_URN}`);
    const created = await create(PLUGIN_URN);
    expect(created.id).toBe(id);
    expect(created.outs.description).toBe("CI server");
    expect(await emulator.endpointCount()).toBe(1);
  });

  it("notes the secrets its check moved, as 0.1.0 did, and takes inputs stored with the note", async () => {
    const request = new protocol.messages.CheckRequest();
    request.setUrn(PLUGIN_URN);
    request.setOlds(protocol.struct.Struct.fromJavaScript({}));
    request.setNews(
      protocol.struct.Struct.fromJavaScript({
        ...declared(),
        properties: { ...declared().properties, password: SECRET },
        secretProperties: {},
      }),
    );
    const checked = (await call("check", request)).getInputs().toJavaScript();
    expect(checked.movedSecrets).toEqual(["password"]);
    const diff = new protocol.messages.DiffRequest();
    diff.setUrn(PLUGIN_URN);
    diff.setId("any");
    diff.setOlds(protocol.struct.Struct.fromJavaScript(checked));
    diff.setNews(protocol.struct.Struct.fromJavaScript(checked));
    const changes = protocol.messages.DiffResponse.DiffChanges;
    expect((await call("diff", diff)).getChanges()).toBe(changes.DIFF_NONE);
    // An update from inputs bearing the note (as the engine hands them) sends the endpoint only.
    const created = await create(PLUGIN_URN);
    const update = new protocol.messages.UpdateRequest();
    update.setUrn(PLUGIN_URN);
    update.setId(created.id);
    update.setOlds(protocol.struct.Struct.fromJavaScript(created.outs));
    update.setNews(protocol.struct.Struct.fromJavaScript({ ...checked, description: "CI" }));
    const outs = (await call("update", update)).getProperties().toJavaScript();
    expect(outs).toMatchObject({ description: "CI", properties: { url: `${emulator.url}/jenkins` } });
    expect(outs).not.toHaveProperty("movedSecrets");
  });
});
