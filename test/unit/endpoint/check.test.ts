import fc from "fast-check";
import { checkEndpoint, CheckContext } from "../../../provider/endpoint/check";
import { TileCatalogue } from "../../../provider/endpoint/tiles";
import { ProjectCatalogue } from "../../../provider/endpoint/projects";
import { UNKNOWN } from "../../../provider/common/unknowns";
import { apiEndpoint, apiError, fakeApi, PROJECTS, TILES } from "./fakes";

function setup(
  options: { validation?: { status: string; statusMessage?: string }; validateByDefault?: boolean } = {},
) {
  const api = fakeApi({
    getEndpointTiles: jest.fn(async () => TILES),
    listAllProjects: jest.fn(async () => PROJECTS),
    validateEndpoint: jest.fn(async () => options.validation ?? { status: "COMPLETED", statusMessage: "ok" }),
  });
  const context: CheckContext = {
    api: () => api,
    tiles: new TileCatalogue(() => api.getEndpointTiles()),
    projects: new ProjectCatalogue(() => api.listAllProjects()),
    validateByDefault: () => options.validateByDefault ?? true,
    warn: jest.fn(async () => undefined),
  };
  return { api, context };
}

const jenkins = (extra: Record<string, unknown> = {}) => ({
  name: "ci",
  type: "jenkins",
  project: "Platform",
  properties: { url: "https://jenkins.example.com", username: "bot" },
  secretProperties: { password: "s3cret-password" },
  ...extra,
});

describe("checkEndpoint", () => {
  it("accepts a valid endpoint and fills the defaults", async () => {
    const { context, api } = setup();
    const result = await checkEndpoint({}, jenkins(), context);
    expect(result.failures).toBeUndefined();
    expect(result.inputs).toEqual({
      name: "ci",
      type: "jenkins",
      project: "Platform",
      description: "",
      isRestricted: false,
      properties: { url: "https://jenkins.example.com", username: "bot" },
      secretProperties: { password: "s3cret-password" },
    });
    expect(api.validateEndpoint).toHaveBeenCalledTimes(1);
    // The server gets the secret merged into the properties.
    expect(api.validateEndpoint.mock.calls[0][0]).toEqual({
      name: "ci",
      type: "jenkins",
      project: "Platform",
      description: "",
      isRestricted: false,
      properties: { url: "https://jenkins.example.com", username: "bot", password: "s3cret-password" },
    });
  });

  it("names the property path of common-field failures", async () => {
    const { context } = setup();
    const result = await checkEndpoint(
      {},
      jenkins({ name: "", isRestricted: "yes", properties: { url: 1, "": "x" }, colour: "blue" }),
      context,
    );
    const byProperty = Object.fromEntries((result.failures ?? []).map((f) => [f.property, f.reason]));
    expect(byProperty.name).toMatch(/must not be empty/);
    expect(byProperty.isRestricted).toMatch(/expected boolean/);
    expect(byProperty.colour).toMatch(/not an input/);
    expect(Object.keys(byProperty)).toContain('properties[""]');
  });

  it("reports a malformed secret bag on the resource, so that the engine never prints its value", async () => {
    const { context } = setup();
    const result = await checkEndpoint({}, jenkins({ secretProperties: "s3cret-password" }), context);
    expect(result.failures).toEqual([{ property: "", reason: expect.stringMatching(/^secretProperties: /) }]);
    expect(JSON.stringify(result.failures)).not.toContain("s3cret-password");
  });

  it("fails on an unknown type, listing the valid types", async () => {
    const { context, api } = setup();
    const result = await checkEndpoint({}, jenkins({ type: "jenkinz" }), context);
    expect(result.failures).toEqual([
      { property: "type", reason: expect.stringContaining("valid types: agent, jenkins, k8s") },
    ]);
    expect(api.validateEndpoint).not.toHaveBeenCalled();
  });

  it("fails on a missing mandatory property, naming it under its bag", async () => {
    const { context } = setup();
    const noUrl = await checkEndpoint({}, jenkins({ properties: { username: "bot" } }), context);
    expect(noUrl.failures).toEqual([
      {
        property: "properties.url",
        reason: expect.stringMatching(/'url' is required for endpoint type 'jenkins'/),
      },
    ]);
    const noToken = await checkEndpoint(
      {},
      { name: "k", type: "k8s", properties: { kubernetesURL: "https://k", authType: "token" } },
      context,
    );
    expect(noToken.failures?.map((f) => f.property)).toEqual(["secretProperties.token"]);
  });

  it("fails on an unknown property in either bag", async () => {
    const { context } = setup();
    const result = await checkEndpoint(
      {},
      jenkins({ properties: { url: "https://j", colour: "blue" }, secretProperties: { pin: "1234" } }),
      context,
    );
    expect(result.failures?.map((f) => f.property)).toEqual(["properties.colour", "secretProperties.pin"]);
    expect(result.failures?.[0].reason).toMatch(
      /its properties are: fingerprint, password, pollInterval, url, username/,
    );
  });

  it("fails when a property is set both in clear and as a secret", async () => {
    const { context } = setup();
    const result = await checkEndpoint(
      {},
      jenkins({ properties: { url: "https://j", password: "a" }, secretProperties: { password: "b" } }),
      context,
    );
    expect(result.failures).toEqual([
      {
        property: "secretProperties.password",
        reason: expect.stringMatching(/both properties and secretProperties/),
      },
    ]);
  });

  it("turns a FAILED server validation into a failure carrying the server's message, secrets scrubbed", async () => {
    const { context } = setup({
      validation: {
        status: "FAILED",
        statusMessage: "Failed to connect to jenkins server endpoint as s3cret-password",
      },
    });
    const result = await checkEndpoint({}, jenkins(), context);
    expect(result.failures).toHaveLength(1);
    expect(result.failures![0].reason).toMatch(/Failed to connect to jenkins server endpoint/);
    expect(result.failures![0].reason).not.toContain("s3cret-password");
  });

  it("skips the server validation when the resource or the configuration turns it off", async () => {
    const off = setup({ validation: { status: "FAILED" } });
    expect((await checkEndpoint({}, jenkins({ validate: false }), off.context)).failures).toBeUndefined();
    expect(off.api.validateEndpoint).not.toHaveBeenCalled();

    const configOff = setup({ validation: { status: "FAILED" }, validateByDefault: false });
    expect((await checkEndpoint({}, jenkins(), configOff.context)).failures).toBeUndefined();
    expect(configOff.api.validateEndpoint).not.toHaveBeenCalled();
    // The resource's own `validate: true` wins over the configuration.
    expect((await checkEndpoint({}, jenkins({ validate: true }), configOff.context)).failures).toHaveLength(
      1,
    );
  });

  describe("of an adopted endpoint", () => {
    /** The adopted endpoint as declared: no secret, so adoption would write nothing when it matches. */
    const adopted = (extra: Record<string, unknown> = {}) => {
      const declared: Record<string, unknown> = { ...jenkins({ adopt: true }), ...extra };
      delete declared.secretProperties;
      return declared;
    };
    const stored = apiEndpoint({
      name: "ci",
      project: "Platform",
      properties: { url: "https://jenkins.example.com", username: "bot", password: "*****" },
    });

    it("skips the server's validation when the server already holds it as declared", async () => {
      // Its server is unreachable (validation would fail): a preview of it must not depend on that.
      const { context, api } = setup({
        validation: { status: "FAILED", statusMessage: "Failed to connect" },
      });
      api.getEndpointByName.mockResolvedValue(stored);
      const result = await checkEndpoint({}, adopted(), context);
      expect(result.failures).toBeUndefined();
      expect(api.getEndpointByName).toHaveBeenCalledWith("Platform", "ci");
      expect(api.validateEndpoint).not.toHaveBeenCalled();
    });

    it("validates it when adoption would change it, or write a secret, or create it", async () => {
      const { context, api } = setup({
        validation: { status: "FAILED", statusMessage: "Failed to connect" },
      });
      api.getEndpointByName.mockResolvedValue(stored);
      const changed = await checkEndpoint({}, adopted({ description: "changed" }), context);
      expect(changed.failures?.[0].reason).toMatch(/server's validation of the endpoint failed/);
      const withSecret = await checkEndpoint({}, jenkins({ adopt: true }), context);
      expect(withSecret.failures?.[0].reason).toMatch(/server's validation of the endpoint failed/);
      api.getEndpointByName.mockRejectedValue(apiError("NotFound", 404));
      const missing = await checkEndpoint({}, adopted(), context);
      expect(missing.failures?.[0].reason).toMatch(/server's validation of the endpoint failed/);
      expect(api.validateEndpoint).toHaveBeenCalledTimes(3);
    });

    it("looks nothing up when validation is off", async () => {
      const { context, api } = setup({ validateByDefault: false });
      expect((await checkEndpoint({}, adopted(), context)).failures).toBeUndefined();
      expect(api.getEndpointByName).not.toHaveBeenCalled();
      expect(api.validateEndpoint).not.toHaveBeenCalled();
    });
  });

  it("says that only an administrator can handle a restricted endpoint when validation is forbidden", async () => {
    const { context, api } = setup();
    api.validateEndpoint.mockRejectedValue(apiError("Forbidden", 403));
    const result = await checkEndpoint({}, jenkins({ isRestricted: true }), context);
    expect(result.failures?.[0].reason).toMatch(
      /only an administrator can create, update or delete a restricted endpoint/,
    );
  });

  it("makes no API call at all when the inputs are those of the last deployment", async () => {
    const api = fakeApi();
    const context: CheckContext = {
      api: () => api,
      tiles: new TileCatalogue(() => api.getEndpointTiles()),
      projects: new ProjectCatalogue(() => api.listAllProjects()),
      validateByDefault: () => true,
      warn: jest.fn(async () => undefined),
    };
    const olds = (await checkEndpoint({}, jenkins(), setup().context)).inputs as Record<string, unknown>;
    const result = await checkEndpoint(olds, jenkins(), context);
    expect(result.failures).toBeUndefined();
    // After a refresh the old inputs carry the server's project: an omitted project is still "unchanged".
    const noProject = jenkins();
    delete (noProject as Record<string, unknown>).project;
    await checkEndpoint(olds, noProject, context);
    for (const method of Object.values(api)) expect(method).not.toHaveBeenCalled();
  });

  it("validates again when anything changed since the last deployment", async () => {
    const { context, api } = setup();
    const olds = (await checkEndpoint({}, jenkins(), context)).inputs as Record<string, unknown>;
    await checkEndpoint(olds, jenkins({ description: "changed" }), context);
    expect(api.validateEndpoint).toHaveBeenCalledTimes(2);
  });

  it("fetches the tiles once per process, and again only after a failed fetch", async () => {
    const { context, api } = setup();
    api.getEndpointTiles.mockRejectedValueOnce(apiError("ServerError", 503));
    await expect(checkEndpoint({}, jenkins(), context)).rejects.toThrow();
    for (let i = 0; i < 3; i++) await checkEndpoint({}, jenkins({ name: `ci-${i}` }), context);
    expect(api.getEndpointTiles).toHaveBeenCalledTimes(2);
  });

  describe("with values unknown during preview", () => {
    it("skips the tile check when the type is unknown, and never calls the server", async () => {
      const { context, api } = setup();
      const result = await checkEndpoint({}, jenkins({ type: UNKNOWN }), context);
      expect(result.failures).toBeUndefined();
      expect(api.getEndpointTiles).not.toHaveBeenCalled();
      expect(api.validateEndpoint).not.toHaveBeenCalled();
    });

    it("checks what is known and sends nothing while anything is unknown", async () => {
      const { context, api } = setup();
      const result = await checkEndpoint(
        {},
        jenkins({ properties: { url: UNKNOWN, colour: "blue" }, isRestricted: UNKNOWN }),
        context,
      );
      expect(result.failures?.map((f) => f.property)).toEqual(["properties.colour"]);
      const ok = await checkEndpoint({}, jenkins({ properties: { url: UNKNOWN } }), context);
      expect(ok.failures).toBeUndefined();
      expect(ok.inputs).toMatchObject({ properties: { url: UNKNOWN } });
      expect(api.validateEndpoint).not.toHaveBeenCalled();
    });

    it("accepts a whole bag being unknown without reporting missing properties", async () => {
      const { context, api } = setup();
      const result = await checkEndpoint(
        {},
        jenkins({ properties: UNKNOWN, secretProperties: UNKNOWN }),
        context,
      );
      expect(result.failures).toBeUndefined();
      expect(api.validateEndpoint).not.toHaveBeenCalled();
    });

    it("never crashes and never sends the sentinel, whichever field is unknown", async () => {
      const fields = [
        "name",
        "type",
        "project",
        "description",
        "isRestricted",
        "cloudProxyId",
        "properties",
        "secretProperties",
        "validate",
        "adopt",
      ];
      await fc.assert(
        fc.asyncProperty(fc.subarray(fields, { minLength: 1 }), async (unknownFields) => {
          const { context, api } = setup();
          const news: Record<string, unknown> = jenkins({ cloudProxyId: "proxy", adopt: false });
          for (const field of unknownFields) news[field] = UNKNOWN;
          const result = await checkEndpoint({}, news, context);
          expect(result.failures ?? []).toEqual([]);
          expect(JSON.stringify(api.validateEndpoint.mock.calls)).not.toContain(UNKNOWN);
        }),
        { numRuns: 60 },
      );
    });
  });
});
