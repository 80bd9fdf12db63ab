import { checkEndpoint, CheckContext } from "../../../provider/endpoint/check";
import { ProjectCatalogue } from "../../../provider/endpoint/projects";
import { TileCatalogue } from "../../../provider/endpoint/tiles";
import { UNKNOWN } from "../../../provider/common/unknowns";
import type { Tiles } from "../../../provider/client";
import { apiError, fakeApi, KUBERNETES_TILE, PROJECTS, TILES } from "./fakes";

/** Tiles in the server's shape, with the allowed values only in the description, as servers publish them. */
const RULE_TILES: Tiles = {
  tiles: [
    ...TILES.tiles.filter((tile) => tile.tileId === "jenkins"),
    {
      tileId: "email",
      inputProperties: {
        senderAddress: { type: "String", mandatory: true },
        encryptionMethod: {
          type: "String",
          mandatory: true,
          description: "Encryption. One of: TLS, SSL, NONE.",
        },
        outboundPort: { type: "Integer", mandatory: true },
        outboundPassword: { type: "String", mandatory: false, secret: true },
      },
      outputProperties: {},
    },
    KUBERNETES_TILE,
    {
      // A tile in the published shape only ({type, description, mandatory}): no `secret` flag at all.
      tileId: "gerrit",
      inputProperties: {
        url: { type: "String", mandatory: true },
        username: { type: "String", mandatory: false },
        passPhrase: { type: "String", mandatory: false },
        privateKey: { type: "String", mandatory: false },
        fingerprint: { type: "String", mandatory: false },
        apiCredential: { type: "Password", mandatory: false },
      },
      outputProperties: {},
    },
    {
      // A type this package has no resource for: only the server knows that `secretKey` is secret.
      tileId: "bamboo",
      inputProperties: {
        url: { type: "String", mandatory: true },
        secretKey: { type: "String", mandatory: false, secret: true },
      },
      outputProperties: {},
    },
  ],
};

const SECRET = "hunter2-Very-Secret";

function setup() {
  const api = fakeApi({
    getEndpointTiles: jest.fn(async () => RULE_TILES),
    listAllProjects: jest.fn(async () => PROJECTS),
    validateEndpoint: jest.fn(async () => ({ status: "COMPLETED" })),
  });
  const warn = jest.fn(async (_message: string) => undefined);
  const context: CheckContext = {
    api: () => api,
    tiles: new TileCatalogue(() => api.getEndpointTiles()),
    projects: new ProjectCatalogue(() => api.listAllProjects()),
    validateByDefault: () => false,
    warn,
  };
  return { api, context, warn };
}

const endpoint = (
  type: string,
  properties: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  name: "ci",
  type,
  project: "Platform",
  properties,
  secretProperties: {},
  ...extra,
});

const jenkins = (properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  endpoint("jenkins", { url: "https://jenkins.example.com", ...properties }, extra);

describe("check handles a secret written among the plain properties", () => {
  it("moves a property the tile marks secret into secretProperties and warns, naming the field and not the value", async () => {
    const { context, warn } = setup();
    const result = await checkEndpoint({}, jenkins({ username: "bot", password: SECRET }), context);
    expect(result.failures).toBeUndefined();
    expect(result.inputs.properties).toEqual({ url: "https://jenkins.example.com", username: "bot" });
    expect(result.inputs.secretProperties).toEqual({ password: SECRET });
    // Named (never valued) beside the checked inputs: the door notes it in them for the policy pack.
    expect(result.moved).toEqual(["password"]);
    expect(Object.keys(result.inputs).sort()).toEqual([
      "description",
      "isRestricted",
      "name",
      "project",
      "properties",
      "secretProperties",
      "type",
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = warn.mock.calls[0][0];
    expect(message).toContain("properties.password");
    expect(message).toContain("secretProperties");
    expect(message).toContain("additionalSecretProperties");
    expect(message).not.toContain(SECRET);
  });

  it("moves a secret of a type only the server knows, from the server's tile", async () => {
    const { context, warn } = setup();
    const result = await checkEndpoint(
      {},
      endpoint("bamboo", { url: "https://b", secretKey: SECRET }),
      context,
    );
    expect(result.failures).toBeUndefined();
    expect(result.inputs.secretProperties).toEqual({ secretKey: SECRET });
    expect(result.inputs.properties).toEqual({ url: "https://b" });
    expect(warn.mock.calls[0][0]).toContain("properties.secretKey");
  });

  it("takes the product's secret names, and a Password type, for secrets where the tile flags none", async () => {
    const { context, warn } = setup();
    const properties = {
      url: "https://g",
      username: "bot",
      passPhrase: SECRET,
      privateKey: `${SECRET}-key`,
      fingerprint: "AB",
      apiCredential: `${SECRET}-api`,
    };
    const result = await checkEndpoint({}, endpoint("gerrit", properties), context);
    expect(result.failures).toBeUndefined();
    expect(result.inputs.properties).toEqual({ url: "https://g", username: "bot", fingerprint: "AB" });
    expect(Object.keys(result.inputs.secretProperties as object).sort()).toEqual([
      "apiCredential",
      "passPhrase",
      "privateKey",
    ]);
    expect(warn.mock.calls[0][0]).toMatch(
      /properties\.passPhrase, properties\.privateKey, properties\.apiCredential are secrets/,
    );
    expect(warn.mock.calls[0][0]).not.toContain(SECRET);
  });

  it("leaves a pipeline-variable reference and an empty string where they are, without a warning", async () => {
    const { context, warn } = setup();
    const result = await checkEndpoint({}, jenkins({ password: "${var.jenkinsPassword}" }), context);
    expect(result.inputs.properties).toEqual({
      url: "https://jenkins.example.com",
      password: "${var.jenkinsPassword}",
    });
    expect(result.moved).toBeUndefined();
    await checkEndpoint({}, jenkins({ password: "" }), context);
    expect(warn).not.toHaveBeenCalled();
  });

  it("keeps a stored secret secret without asking the server when nothing else changed", async () => {
    const { context, api, warn } = setup();
    const first = await checkEndpoint({}, jenkins({ password: SECRET }), context);
    api.getEndpointTiles.mockClear();
    api.listAllProjects.mockClear();
    const again = await checkEndpoint(first.inputs, jenkins({ password: SECRET }), context);
    expect(again.failures).toBeUndefined();
    expect(again.inputs.secretProperties).toEqual({ password: SECRET });
    expect(again.inputs.properties).not.toHaveProperty("password");
    expect(again.moved).toEqual(["password"]);
    expect(api.getEndpointTiles).not.toHaveBeenCalled();
    expect(api.listAllProjects).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("moves nothing and fails nothing while the secret bag is unknown in preview", async () => {
    const { context } = setup();
    const result = await checkEndpoint(
      {},
      jenkins({ password: SECRET }, { secretProperties: UNKNOWN }),
      context,
    );
    expect(result.failures).toBeUndefined();
  });

  it("never prints a whole property bag: a failure about one is reported on the resource", async () => {
    const { context } = setup();
    const result = await checkEndpoint({}, jenkins({}, { properties: "not a bag" }), context);
    expect(result.failures?.length).toBeGreaterThan(0);
    for (const failure of result.failures ?? []) expect(failure.property).not.toBe("properties");
  });
});

describe("check refuses in preview what the server would refuse", () => {
  it("fails on an object or a list where the tile expects a single value, naming the field", async () => {
    const { context, api } = setup();
    const result = await checkEndpoint(
      {},
      jenkins({ username: { first: "a" }, fingerprint: ["x"] }),
      context,
    );
    expect(result.failures).toEqual(
      expect.arrayContaining([
        {
          property: "properties.username",
          reason: expect.stringMatching(/single String value, not an object/),
        },
        { property: "properties.fingerprint", reason: expect.stringMatching(/not a list/) },
      ]),
    );
    expect(api.validateEndpoint).not.toHaveBeenCalled();
  });

  it("fails on a value outside the tile's allowed values and on a non-integer, without quoting the value", async () => {
    const { context } = setup();
    const result = await checkEndpoint(
      {},
      endpoint("email", { senderAddress: "ci@x", encryptionMethod: "STARTTLS-xyz", outboundPort: "5x87" }),
      context,
    );
    expect(result.failures).toEqual([
      {
        property: "properties.encryptionMethod",
        reason: "'encryptionMethod' must be one of: TLS, SSL, NONE",
      },
      { property: "properties.outboundPort", reason: expect.stringMatching(/must be an integer/) },
    ]);
    expect(JSON.stringify(result.failures)).not.toContain("STARTTLS-xyz");
  });

  it("accepts integers written as numbers or digit strings, and allowed values", async () => {
    const { context } = setup();
    for (const port of [587, "587"]) {
      const result = await checkEndpoint(
        {},
        endpoint("email", { senderAddress: "ci@x", encryptionMethod: "TLS", outboundPort: port }),
        context,
      );
      expect(result.failures).toBeUndefined();
    }
  });

  it("requires the properties an authType needs, in the bag where they belong", async () => {
    const { context } = setup();
    const token = await checkEndpoint(
      {},
      endpoint("k8s", { kubernetesURL: "https://k", authType: "token" }),
      context,
    );
    expect(token.failures).toEqual([
      {
        property: "secretProperties.token",
        reason: "'token' is required for endpoint type 'k8s' when authType is 'token'",
      },
    ]);
    const basic = await checkEndpoint(
      {},
      endpoint(
        "k8s",
        { kubernetesURL: "https://k", authType: "basicAuth" },
        { secretProperties: { password: "p" } },
      ),
      context,
    );
    expect(basic.failures?.map((f) => f.property)).toEqual(["properties.userName"]);
    const unknownAuth = await checkEndpoint(
      {},
      endpoint("k8s", { kubernetesURL: "https://k", authType: UNKNOWN }),
      context,
    );
    expect(unknownAuth.failures).toBeUndefined();
  });

  it("lets an adopted endpoint leave its required secrets to the server, but not its plain properties", async () => {
    const { context } = setup();
    const adopted = await checkEndpoint(
      {},
      endpoint("k8s", { kubernetesURL: "https://k", authType: "certificate" }, { adopt: true }),
      context,
    );
    expect(adopted.failures?.map((f) => f.property)).toEqual(["properties.certData"]);
    const declaredEmpty = await checkEndpoint(
      {},
      endpoint(
        "k8s",
        { kubernetesURL: "https://k", authType: "token" },
        { adopt: true, secretProperties: { token: "" } },
      ),
      context,
    );
    expect(declaredEmpty.failures?.map((f) => f.property)).toEqual(["secretProperties.token"]);
    const created = await checkEndpoint(
      {},
      endpoint("k8s", { kubernetesURL: "https://k", authType: "token" }, { adopt: false }),
      context,
    );
    expect(created.failures?.map((f) => f.property)).toEqual(["secretProperties.token"]);
  });

  it("fails on a project the server does not list, naming the field and the projects there are", async () => {
    const { context, api } = setup();
    const result = await checkEndpoint({}, jenkins({}, { project: "Nope" }), context);
    expect(result.failures).toEqual([
      { property: "project", reason: expect.stringContaining("no project 'Nope'") },
    ]);
    expect(result.failures?.[0].reason).toContain("'Default Project', 'Platform'");
    expect(api.createEndpoint).not.toHaveBeenCalled();
  });

  it("lists the projects once per process, and once more for a name it did not find", async () => {
    const { context, api } = setup();
    for (let i = 0; i < 3; i++) await checkEndpoint({}, jenkins({}, { name: `ci-${i}` }), context);
    expect(api.listAllProjects).toHaveBeenCalledTimes(1);
    api.listAllProjects.mockResolvedValueOnce([...PROJECTS, { id: "p-3", name: "New" }]);
    const result = await checkEndpoint({}, jenkins({}, { project: "New" }), context);
    expect(result.failures).toBeUndefined();
    expect(api.listAllProjects).toHaveBeenCalledTimes(2);
  });

  it("says nothing about the project when the server will not list projects to these credentials", async () => {
    const { context, api } = setup();
    api.listAllProjects.mockRejectedValue(apiError("Forbidden", 403));
    const result = await checkEndpoint({}, jenkins({}, { project: "Nope" }), context);
    expect(result.failures).toBeUndefined();
  });

  it("does not look up a project that is unknown in preview, or omitted", async () => {
    const { context, api } = setup();
    await checkEndpoint({}, jenkins({}, { project: UNKNOWN }), context);
    await checkEndpoint({}, jenkins({}, { project: undefined }), context);
    expect(api.listAllProjects).not.toHaveBeenCalled();
  });

  it.each([["a/b"], ["a\\b"], ["100%"], ["a;b"], [".."]])(
    "fails on the name %p, which the server cannot address by project and name",
    async (name) => {
      const { context } = setup();
      const result = await checkEndpoint({}, jenkins({}, { name }), context);
      expect(result.failures).toEqual([
        { property: "name", reason: expect.stringMatching(/^the name must not/) },
      ]);
    },
  );

  it("fails on a project name the server cannot address", async () => {
    const { context } = setup();
    const result = await checkEndpoint({}, jenkins({}, { project: "Team/Platform" }), context);
    expect(result.failures).toEqual([
      { property: "project", reason: expect.stringMatching(/^the project must not/) },
    ]);
  });

  it("accepts names with spaces and unicode", async () => {
    const { context } = setup();
    const result = await checkEndpoint(
      {},
      jenkins({}, { name: "CI für Plattform 2", project: "Default Project" }),
      context,
    );
    expect(result.failures).toBeUndefined();
  });
});
