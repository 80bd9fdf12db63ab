import { createEndpointProvider } from "../../../provider/dynamic/providers";
import { provider } from "../../../provider/dynamic/impl";
import { UNKNOWN } from "../../../provider/common/unknowns";
import { providerApiClient, providerSettingValue } from "../../../provider/runtime/context";
import { changeByHand } from "../../support/by-hand";
import { configureProvider, useProviderEmulator } from "./helpers";
import { checkThenCreate, PROVIDER } from "../dynamic-door";

/** The provider process's endpoint kind, as the stub reaches it. */
const endpointProvider = provider("endpoint");

/*
 * The endpoint provider called as the engine calls it (check → create → read → diff → update →
 * delete), in-process, against the emulator on an ephemeral port.
 */

const SECRET = "integration-s3cret-password";

const emulator = useProviderEmulator();
/** A URL the emulator's validation can connect to (the emulator itself). */
let reachable: string;

beforeAll(async () => {
  reachable = emulator.url;
});

const jenkins = (extra: Record<string, unknown> = {}) => ({
  ...PROVIDER,
  name: "ci",
  type: "jenkins",
  project: "Platform",
  properties: { url: reachable, username: "bot", pollInterval: 10 },
  secretProperties: { password: SECRET },
  ...extra,
});

/** A fresh provider (own tile cache) over the process's configured client. */
function freshProvider() {
  return createEndpointProvider({
    api: providerApiClient,
    validateByDefault: () => providerSettingValue("validateEndpoints"),
  });
}

const createChecked = checkThenCreate(endpointProvider);

function routeCount(log: { counts: Record<string, number> }, route: string): number {
  return log.counts[route] ?? 0;
}

describe("endpoint provider against the emulator", () => {
  it("runs the whole lifecycle: create, read with no drift, update in place, delete", async () => {
    const { inputs, id, outs } = await createChecked(jenkins());
    expect(outs).toMatchObject({
      name: "ci",
      project: "Platform",
      metadata: { projectId: expect.any(String), createdBy: "admin", link: `/pipeline/api/endpoints/${id}` },
      secretProperties: { password: SECRET },
    });

    const read = await endpointProvider.read(id, outs);
    const { __provider: _p, ...declared } = inputs;
    expect(read.inputs).toEqual(declared);
    expect((await endpointProvider.diff(id, { ...read.props, ...PROVIDER }, inputs)).changes).toBe(false);

    const news = (await endpointProvider.check(inputs, jenkins({ name: "ci-renamed", description: "CI" })))
      .inputs!;
    const diff = await endpointProvider.diff(id, outs, news);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await endpointProvider.update!(id, outs, { ...news, ...PROVIDER });
    expect(updated.outs).toMatchObject({
      name: "ci-renamed",
      description: "CI",
      metadata: { link: `/pipeline/api/endpoints/${id}` },
    });
    expect((await emulator.client().getEndpoint(id)).name).toBe("ci-renamed");

    await endpointProvider.delete(id, updated.outs);
    expect(await emulator.endpointCount()).toBe(0);
    expect(await endpointProvider.read(id, updated.outs)).toEqual({});
    // A second delete (the endpoint is gone) is not an error.
    await endpointProvider.delete(id, updated.outs);
  });

  describe("check", () => {
    it("fails an unknown type with the server's list of types", async () => {
      const result = await endpointProvider.check({}, jenkins({ type: "jenkinz" }));
      expect(result.failures).toEqual([
        {
          property: "type",
          reason: expect.stringMatching(/'jenkinz' is not an endpoint type.*jenkins.*k8s/),
        },
      ]);
    });

    it("fails a missing mandatory property and an unknown one, naming them", async () => {
      const result = await endpointProvider.check({}, jenkins({ properties: { colour: "blue" } }));
      expect(result.failures?.map((f) => f.property).sort()).toEqual(["properties.colour", "properties.url"]);
    });

    it("fails when the server's validation fails, with the server's reason", async () => {
      const result = await endpointProvider.check({}, jenkins({ properties: { url: "http://127.0.0.1:1" } }));
      expect(result.failures).toHaveLength(1);
      expect(result.failures![0].reason).toMatch(/Failed to connect to jenkins server endpoint/);
      expect(JSON.stringify(result.failures)).not.toContain(SECRET);
    });

    it("skips the server's validation when vra:validateEndpoints is false", async () => {
      await configureProvider(emulator.url, "admin", { validateEndpoints: "false" });
      await emulator.clearRequests();
      const result = await endpointProvider.check({}, jenkins({ properties: { url: "http://127.0.0.1:1" } }));
      expect(result.failures).toBeUndefined();
      expect(routeCount(await emulator.requests(), "POST /pipeline/api/endpoint-validation")).toBe(0);
    });

    it("sends nothing while values are unknown", async () => {
      const provider = freshProvider();
      await emulator.clearRequests();
      const result = await provider.check({}, jenkins({ type: UNKNOWN, properties: UNKNOWN }));
      expect(result.failures).toBeUndefined();
      const withUnknownUrl = await provider.check({}, jenkins({ properties: { url: UNKNOWN } }));
      expect(withUnknownUrl.failures).toBeUndefined();
      const log = await emulator.requests();
      expect(routeCount(log, "POST /pipeline/api/endpoint-validation")).toBe(0);
      expect(log.entries.some((e) => e.query.includes(UNKNOWN) || e.path.includes(UNKNOWN))).toBe(false);
    });

    it("makes no request for inputs unchanged since the last deployment, and fetches tiles once", async () => {
      const provider = freshProvider();
      const first = await provider.check({}, jenkins());
      await emulator.clearRequests();
      for (let i = 0; i < 3; i++) await provider.check({ ...first.inputs, ...PROVIDER }, jenkins());
      expect((await emulator.requests()).total).toBe(0);
      for (let i = 0; i < 3; i++) await provider.check({}, jenkins({ name: `ci-${i}`, validate: false }));
      expect((await emulator.requests()).total).toBe(0);
    });
  });

  describe("read", () => {
    it("shows drift made out of band, keeping the secret the server masks", async () => {
      const { id, outs, inputs } = await createChecked(jenkins());
      const client = emulator.client();
      await changeByHand(client, id, SECRET, {
        description: "changed by hand",
        properties: { username: "someone-else" },
      });
      await client.close();

      const read = await endpointProvider.read(id, outs);
      expect(read.props).toMatchObject({
        description: "changed by hand",
        properties: { url: reachable, username: "someone-else", pollInterval: 10 },
        secretProperties: { password: SECRET },
      });
      const diff = await endpointProvider.diff(id, { ...read.props, ...PROVIDER }, inputs);
      expect(diff).toMatchObject({ changes: true, replaces: [] });

      // `up` puts the declared state back.
      const reverted = await endpointProvider.update!(id, { ...read.props, ...PROVIDER }, inputs);
      expect(reverted.outs).toMatchObject({ description: "", properties: { username: "bot" } });
    });

    it("answers an empty id for an endpoint deleted out of band", async () => {
      const { id, outs } = await createChecked(jenkins());
      const client = emulator.client();
      await client.deleteEndpoint(id);
      await client.close();
      expect(await endpointProvider.read(id, outs)).toEqual({});
    });

    it("makes exactly one GET per endpoint", async () => {
      const { id, outs } = await createChecked(jenkins());
      await emulator.clearRequests();
      await endpointProvider.read(id, outs);
      const log = await emulator.requests();
      expect(log.total).toBe(1);
      expect(routeCount(log, "GET /pipeline/api/endpoints/{id}")).toBe(1);
    });
  });

  describe("create", () => {
    it("explains how to adopt when a different endpoint of that name already exists", async () => {
      await createChecked(jenkins({ description: "made by hand" }));
      await expect(
        endpointProvider.create({ ...(await endpointProvider.check({}, jenkins())).inputs }),
      ).rejects.toThrow(/already exists in the project.*adopt: true/s);
    });

    it("recognises the endpoint an interrupted run of the same resource created, and no one else's", async () => {
      const mine = { __owner: "urn:pulumi:dev::a::pulumi-nodejs:dynamic/aria:Endpoint::ci" };
      const first = await createChecked({ ...jenkins(), ...mine });
      // The engine forgot it (the run was killed): the same resource's create takes it back.
      const again = await endpointProvider.create({
        ...(await endpointProvider.check({}, { ...jenkins(), ...mine })).inputs,
      });
      expect(again.id).toBe(first.id);
      // Identical, but declared by another stack: refused.
      const theirs = { __owner: "urn:pulumi:dev::b::pulumi-nodejs:dynamic/aria:Endpoint::ci" };
      await expect(
        endpointProvider.create({
          ...(await endpointProvider.check({}, { ...jenkins(), ...theirs })).inputs,
        }),
      ).rejects.toThrow(/already exists in the project.*set `adopt: true`/s);
      expect(await emulator.endpointCount()).toBe(1);
    });

    it("adopts an existing endpoint and brings it to the declared state", async () => {
      const client = emulator.client();
      const existing = await client.createEndpoint({
        name: "ci",
        type: "jenkins",
        project: "Platform",
        description: "made by hand",
        properties: { url: "https://old.example.com", password: "old-password" },
      });
      await client.close();
      const { id, outs } = await createChecked(jenkins({ adopt: true, validate: false }));
      expect(id).toBe(existing.id);
      expect(outs).toMatchObject({ description: "", properties: { url: reachable, username: "bot" } });
      expect(await emulator.endpointCount()).toBe(1);
    });

    it("takes the endpoint created by a POST whose answer was lost, never a duplicate", async () => {
      await emulator.faults([{ method: "POST", path: "^/pipeline/api/endpoints$", kind: "cut", count: 1 }]);
      const { id } = await createChecked(jenkins({ validate: false }));
      expect(await emulator.endpointCount()).toBe(1);
      const log = await emulator.requests();
      expect(routeCount(log, "POST /pipeline/api/endpoints")).toBe(1);
      expect(routeCount(log, "GET /pipeline/api/endpoints/{project}/{name}")).toBe(1);
      expect(id).toEqual(expect.any(String));
    });
  });

  describe("restricted endpoints", () => {
    it("tells a non-administrator that only an administrator can create one", async () => {
      await configureProvider(emulator.url, "developer", { validateEndpoints: "false" });
      const checked = await endpointProvider.check({}, jenkins({ isRestricted: true }));
      await expect(endpointProvider.create({ ...checked.inputs, ...PROVIDER })).rejects.toThrow(
        /only an administrator can create, update or delete a restricted endpoint/,
      );
    });

    it("tells a non-administrator that only an administrator can update or delete one", async () => {
      const { id, outs, inputs } = await createChecked(jenkins({ isRestricted: true, validate: false }));
      await configureProvider(emulator.url, "developer");
      await expect(endpointProvider.update!(id, outs, { ...inputs, description: "x" })).rejects.toThrow(
        /only an administrator can create, update or delete a restricted endpoint/,
      );
      await expect(endpointProvider.delete(id, outs)).rejects.toThrow(
        /only an administrator can create, update or delete a restricted endpoint/,
      );
    });
  });
});
