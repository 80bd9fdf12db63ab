import { RESOURCE_KINDS } from "../../../provider/registry/kinds";
import { AriaClient, isPipelinesUnavailable } from "../../../provider/client";
import { systemClock } from "../../../provider/core/clock";
import { clientFor, countOf, rejectionOf, useServer } from "./harness";

/*
 * The client, and the deployment and endpoint kinds over it, against the emulator serving VMware
 * Cloud Foundation (VCF) Automation 9 (`product: "vcf-automation-9"`): the server is told apart by
 * `GET /automation/config.json`, a refresh token signs in at the organization's token endpoint (and
 * no 8.x login is tried), deployment resources work as on 8.x, and nothing pipeline is asked of it.
 */

const ORG = "vm-apps";
const PLATFORM = "7c9d2b4e-1a3f-4e6b-8c5d-2f4a6b8c0d02";
const PROBE = "GET /automation/config.json";
const ORG_TOKEN = "POST /tm/oauth/tenant/{organization}/token";

/** Every client a test made, closed after the file. */
const clients: AriaClient[] = [];
afterAll(() => Promise.all(clients.map((c) => c.close())));

/** A client of `server` with these `vra:` settings. */
function clientOn(server: { url: string }, settings: Record<string, string>): AriaClient {
  const made = clientFor({ "vra:url": server.url, ...settings });
  clients.push(made);
  return made;
}

/** How long the 9.x emulator takes to end a deployment request. */
const REQUEST_DELAY_MS = 100;

describe("a client of VCF Automation 9", () => {
  const server = useServer({ product: "vcf-automation-9", requestDelayMs: REQUEST_DELAY_MS });
  const aria8 = useServer();
  const client = (settings: Record<string, string>) => clientOn(server, settings);

  beforeEach(async () => {
    await server.clearRequests();
    await aria8.clearRequests();
  });

  it("is served by the emulator as the product answers: its version, its token endpoint, no 8.x service", async () => {
    const config = (await (await fetch(`${server.url}/automation/config.json`)).json()) as {
      applicationVersion: string;
    };
    expect(Buffer.from(config.applicationVersion, "base64").toString()).toBe("v9.0.1.0");
    for (const [method, path] of [
      ["POST", "/iaas/api/login"],
      ["POST", "/csp/gateway/am/api/login"],
      ["GET", "/pipeline/api/endpoints"],
      ["GET", "/codestream/api/endpoints"],
    ]) {
      expect([path, (await fetch(`${server.url}${path}`, { method })).status]).toEqual([path, 404]);
    }
    // 8.x has no such file.
    expect((await fetch(`${aria8.url}/automation/config.json`)).status).toBe(404);
    const token = await fetch(`${server.url}/tm/oauth/tenant/${ORG}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&refresh_token=nope",
    });
    expect([token.status, await token.json()]).toEqual([
      400,
      expect.objectContaining({ error: "invalid_grant" }),
    ]);
  });

  it("signs in at the organization's token endpoint, never at an 8.x login, and manages resources", async () => {
    const vcfa = client({ "vra:refreshToken": "developer-refresh-token", "vra:organization": ORG });
    expect(await vcfa.serverGeneration()).toEqual({ product: "vcf-automation-9", version: "9.0.1.0" });
    const created = await vcfa.createResource({ name: "web-9", type: "Custom.Thing", projectId: PLATFORM });
    // The request ends once the emulator's clock is past its duration: moved, not waited for.
    await server.advanceClock(REQUEST_DELAY_MS);
    expect((await vcfa.getRequest(created.requestId)).status).toBe("SUCCESSFUL");
    expect((await vcfa.getResource(created.resourceId)).name).toBe("web-9");
    expect((await vcfa.listAllProjects()).map((p) => p.name)).toContain("Platform");
    const log = await server.requests();
    expect(log.counts[PROBE]).toBe(1);
    expect(log.counts[ORG_TOKEN]).toBe(1);
    expect(log.entries.filter((e) => /login/.test(e.path))).toEqual([]);
    expect(log.entries.find((e) => e.route === ORG_TOKEN)?.path).toBe(`/tm/oauth/tenant/${ORG}/token`);
  });

  it("without an organization, fails naming organization and VCFA_ORGANIZATION, sending no credential", async () => {
    const error = await rejectionOf(
      client({ "vra:refreshToken": "developer-refresh-token" }).listResources(),
    );
    expect(error.message).toMatch(
      /is VMware Cloud Foundation \(VCF\) Automation 9\.0\.1\.0, where a refresh token signs in to one organization: set vra:organization \(VCFA_ORGANIZATION\)/,
    );
    expect(error.message).not.toContain("\n");
    expect((await server.requests()).entries.map((e) => e.route)).toEqual([PROBE]);
  });

  it("names the organization the server does not have, and a refresh token it refuses", async () => {
    const missing = await rejectionOf(
      client({ "vra:refreshToken": "developer-refresh-token", "vra:organization": "nope" }).listResources(),
    );
    expect(missing.message).toMatch(/HTTP 404.*The server has no organization 'nope'.*VCFA_ORGANIZATION/);
    const refused = await rejectionOf(
      client({ "vra:refreshToken": "not-a-token", "vra:organization": ORG }).listResources(),
    );
    expect(refused.message).toMatch(/HTTP 400.*invalid_grant|Invalid refresh token/);
    expect(refused.message).toMatch(/rejected by organization 'vm-apps'/);
    expect(refused.message).not.toContain("not-a-token");
  });

  it("refuses a user name and password, which VCF Automation 9 does not take here", async () => {
    const error = await rejectionOf(
      client({ "vra:username": "admin", "vra:password": "admin-password" }).listResources(),
    );
    expect(error.message).toMatch(/does not take a user name and password here/);
    expect((await server.requests()).entries.map((e) => e.route)).toEqual([PROBE]);
  });

  it("sends no pipeline request: every endpoint call fails first, naming the version and what to do", async () => {
    const vcfa = client({ "vra:refreshToken": "developer-refresh-token", "vra:organization": ORG });
    const error = await rejectionOf(vcfa.listAllEndpoints());
    expect(isPipelinesUnavailable(error)).toBe(true);
    expect(error.message).toMatch(/9\.0\.1\.0, which has no Pipelines service/);
    await rejectionOf(vcfa.getEndpointTiles());
    const routes = (await server.requests()).entries.map((e) => e.route);
    expect(routes).toEqual([PROBE]);
  });

  it("takes an access token as given", async () => {
    const token = await fetch(`${server.url}/tm/oauth/tenant/${ORG}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&refresh_token=developer-refresh-token",
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    await client({ "vra:accessToken": accessToken }).listResources();
    expect(await countOf(server, ORG_TOKEN)).toBe(1); // the test's own
  });

  it("on Aria Automation 8.x, asks /automation/config.json once per client and signs in as before", async () => {
    const eight = clientOn(aria8, { "vra:refreshToken": "developer-refresh-token" });
    await eight.listResources();
    await eight.getEndpointTiles();
    await eight.listEndpoints();
    const log = await aria8.requests();
    // An unmatched path for the 8.x emulator, as for the product.
    expect(log.entries.filter((e) => e.path === "/automation/config.json").map((e) => e.status)).toEqual([
      404,
    ]);
    expect(log.counts["POST /iaas/api/login"]).toBe(1);
  });

  it("says of a login the URL does not answer that the URL is wrong, not that something was deleted", async () => {
    // The origin answers as 8.x (404 for the probe), but the path under it is no Aria Automation.
    const wrong = clientOn({ url: `${aria8.url}/wrong` }, { "vra:refreshToken": "developer-refresh-token" });
    const error = await rejectionOf(wrong.getResource("some-id"));
    expect(error.code).toBe("HttpError");
    expect(error.message).toMatch(
      /\(POST \/iaas\/api\/login\): HTTP 404.*does not answer this as an Aria Automation or VCF Automation login/,
    );
    expect(error.message).not.toMatch(/pulumi refresh|deleted outside Pulumi/);
  });
});

describe("the resource kinds on VCF Automation 9", () => {
  const server = useServer({ product: "vcf-automation-9", requestDelayMs: 200 });
  const clientOf = (settings: Record<string, string>) => clientOn(server, settings);
  const deploymentKind = (client: AriaClient) =>
    RESOURCE_KINDS.deploymentResource.create(() => ({
      api: client,
      clock: systemClock,
      checkSignIn: () => client.checkSignIn(),
    }));
  const inputs = { name: "web-9", type: "Custom.Thing", projectId: PLATFORM, pollIntervalMaxSeconds: 0.2 };

  beforeEach(() => server.clearRequests());

  it("a deployment resource is created, read, found gone and deleted as on 8.x", async () => {
    const kind = deploymentKind(
      clientOf({ "vra:refreshToken": "admin-refresh-token", "vra:organization": ORG }),
    );
    const checked = await kind.check({}, inputs);
    expect(checked.failures ?? []).toEqual([]);
    const created = await kind.create(checked.inputs);
    expect(created.outs).toMatchObject({ name: "web-9", requestStatus: "SUCCESSFUL" });
    const read = await kind.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(read.props).toEqual(created.outs);
    expect(await kind.diff(created.id, read.props!, checked.inputs)).toMatchObject({ changes: false });
    // An import (`pulumi import`: a read without state) declares it as a user would.
    const imported = await kind.read(created.id, {});
    expect(imported.inputs).toMatchObject({ name: "web-9", type: "Custom.Thing", projectId: PLATFORM });
    await kind.delete(created.id, created.outs);
    expect(await kind.read(created.id, created.outs)).toEqual({});
    expect((await server.requests()).counts[ORG_TOKEN]).toBe(1);
  });

  it("a deployment resource's check fails once the server is known to need an organization", async () => {
    const kind = deploymentKind(clientOf({ "vra:refreshToken": "admin-refresh-token" }));
    const checked = await kind.check({}, inputs);
    expect(checked.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(/^pulumi-aria is not configured correctly: .*VCFA_ORGANIZATION/),
      },
    ]);
    await kind.check({}, { ...inputs, name: "web-10" });
    expect((await server.requests()).entries.map((e) => e.route)).toEqual([PROBE]);
  });

  it("an unchanged deployment resource's check asks nothing of the server, as on 8.x", async () => {
    const kind = deploymentKind(clientOf({ "vra:refreshToken": "admin-refresh-token" }));
    expect((await kind.check(inputs, inputs)).failures ?? []).toEqual([]);
    expect((await server.requests()).total).toBe(0);
  });

  it("an endpoint's check fails with the message, once per process, before any pipeline request", async () => {
    const client = clientOf({ "vra:refreshToken": "admin-refresh-token", "vra:organization": ORG });
    const kind = RESOURCE_KINDS.endpoint.create({
      api: () => client,
      validateByDefault: () => true,
    });
    const news = {
      name: "ci",
      type: "jenkins",
      project: "Platform",
      properties: { url: "https://ci.example.com" },
    };
    for (const name of ["ci", "cd"]) {
      const checked = await kind.check({}, { ...news, name });
      expect(checked.failures).toEqual([
        {
          property: "",
          reason: expect.stringMatching(/9\.0\.1\.0, which has no Pipelines service.*aria-export/),
        },
      ]);
    }
    const log = await server.requests();
    expect(log.counts[PROBE]).toBe(1);
    expect(log.entries.filter((e) => /^\/(pipeline|codestream)\//.test(e.path))).toEqual([]);
  });
});
