import * as https from "node:https";
import type { AddressInfo } from "node:net";
import { AriaApiError, AriaClient, AriaConfigError } from "../../../provider/client";
import { adminSettings, clientFor, countOf, developerSettings, rejectionOf, useServer } from "./harness";
import { loopbackCertificate } from "../../support/certificates";

const PROJECT = "Default Project";

describe("endpoint operations", () => {
  const server = useServer({ fresh: true });
  let client: AriaClient;

  beforeAll(() => {
    client = clientFor(adminSettings(server));
  });

  afterAll(() => client.close());

  const jenkins = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: "jenkins",
    project: PROJECT,
    description: "CI server",
    properties: {
      url: "https://jenkins.example.com",
      username: "ci",
      password: "jenkins-secret-1",
      ...extra,
    },
  });

  it("reads the supported API versions", async () => {
    const about = await client.getAbout();
    expect(about.latestApiVersion).toBe("2019-10-17");
    expect(about.supportedApis.map((api) => api.apiVersion)).toContain("2019-10-17");
  });

  it("creates an endpoint and reads it back by id and by project and name", async () => {
    const created = await client.createEndpoint(jenkins("ci server ü/1"));
    expect(created).toMatchObject({ name: "ci server ü/1", type: "jenkins", project: PROJECT });
    expect(created.properties.password).not.toBe("jenkins-secret-1");
    expect((await client.getEndpoint(created.id)).id).toBe(created.id);
    expect((await client.getEndpointByName(PROJECT, "ci server ü/1")).id).toBe(created.id);
  });

  it("pins the server's latest apiVersion on endpoint calls, asking /about once per client", async () => {
    await client.createEndpoint(jenkins("versioned"));
    const fresh = clientFor(adminSettings(server));
    try {
      await server.clearRequests();
      await fresh.listEndpoints();
      await fresh.getEndpointByName(PROJECT, "versioned");
      const log = await server.requests();
      expect(log.counts["GET /pipeline/api/about"]).toBe(1);
      const calls = log.entries.filter((entry) => entry.path.startsWith("/pipeline/api/endpoints"));
      expect(calls).toHaveLength(2);
      for (const call of calls) expect(call.query).toContain("apiVersion=2019-10-17");
    } finally {
      await fresh.close();
    }
  });

  it("rejects a pinned apiVersion the server does not support, listing the supported ones", async () => {
    const pinned = clientFor({ ...adminSettings(server), "vra:apiVersion": "2018-01-01" });
    try {
      const error = await rejectionOf(pinned.listEndpoints());
      expect(error).toBeInstanceOf(AriaConfigError);
      expect(error.message).toContain("2018-01-01");
      expect(error.message).toContain("2019-10-17");
    } finally {
      await pinned.close();
    }
  });

  it("talks to the older /codestream/api base path when configured", async () => {
    const legacy = clientFor({ ...adminSettings(server), "vra:pipelineBasePath": "/codestream/api" });
    try {
      await legacy.createEndpoint(jenkins("legacy"));
      expect((await legacy.getEndpointByName(PROJECT, "legacy")).name).toBe("legacy");
      const paths = (await server.requests()).entries.map((entry) => `${entry.method} ${entry.path}`);
      expect(paths).toContain("POST /codestream/api/endpoints");
      expect(paths.filter((line) => line.includes("/pipeline/api/endpoints"))).toEqual([]);
    } finally {
      await legacy.close();
    }
  });

  it("lists one page in the server's order with counts", async () => {
    for (const name of ["alpha", "bravo", "charlie"]) await client.createEndpoint(jenkins(name));
    const page = await client.listEndpoints({ orderBy: "name asc", top: 2 });
    expect(page.count).toBe(2);
    expect(page.totalCount).toBe(3);
    expect(page.items.map((item) => item.name)).toEqual(["alpha", "bravo"]);
    const desc = await client.listEndpoints({ orderBy: "name desc", skip: 1, top: 5 });
    expect(desc.items.map((item) => item.name)).toEqual(["bravo", "alpha"]);
  });

  it("filters with the vendor's $filter syntax", async () => {
    await client.createEndpoint(jenkins("keep me"));
    await client.createEndpoint(jenkins("other"));
    const page = await client.listEndpoints({ filter: `name eq 'keep me' and project eq '${PROJECT}'` });
    expect(page.items.map((item) => item.name)).toEqual(["keep me"]);
  });

  it("walks every page with $top and $skip", async () => {
    const names = Array.from({ length: 23 }, (_, i) => `ep-${String(i).padStart(2, "0")}`);
    for (const name of names) await client.createEndpoint(jenkins(name));
    await server.clearRequests();
    const all = await client.listAllEndpoints({ orderBy: "name asc", top: 10 });
    expect(all.map((item) => item.name)).toEqual(names);
    expect(await countOf(server, "GET /pipeline/api/endpoints")).toBe(3);
  });

  it("updates by id and by project and name", async () => {
    const created = await client.createEndpoint(jenkins("to update"));
    const byId = await client.updateEndpoint(created.id, { ...jenkins("to update"), description: "changed" });
    expect(byId.description).toBe("changed");
    const byName = await client.updateEndpointByName(PROJECT, "to update", {
      ...jenkins("renamed"),
      description: "again",
    });
    expect(byName).toMatchObject({ id: created.id, name: "renamed", description: "again" });
  });

  it("deletes by id and by project and name, answering the deleted endpoint", async () => {
    const first = await client.createEndpoint(jenkins("delete by id"));
    const second = await client.createEndpoint(jenkins("delete by name"));
    expect((await client.deleteEndpoint(first.id))?.id).toBe(first.id);
    expect((await client.deleteEndpointByName(PROJECT, "delete by name"))?.id).toBe(second.id);
    const error = (await rejectionOf(client.getEndpoint(first.id))) as unknown as AriaApiError;
    expect(error.code).toBe("NotFound");
    expect(error.status).toBe(404);
    expect(error.message).toMatch(
      /^Failed to read endpoint \(GET \/pipeline\/api\/endpoints\/[^)]+\): HTTP 404/,
    );
  });

  it("answers a duplicate name with a Conflict error that says what to do", async () => {
    await client.createEndpoint(jenkins("twice"));
    const error = (await rejectionOf(client.createEndpoint(jenkins("twice")))) as unknown as AriaApiError;
    expect(error.code).toBe("Conflict");
    expect(error.serverMessage).toContain("already exists");
    expect(error.message).toContain("choose another name, or adopt the existing one");
    expect(error.message).not.toContain("jenkins-secret-1");
  });

  it("tells a non-admin that only an administrator can write restricted endpoints", async () => {
    const developer = clientFor(developerSettings(server));
    try {
      const error = (await rejectionOf(
        developer.createEndpoint({ ...jenkins("locked"), isRestricted: true }),
      )) as unknown as AriaApiError;
      expect(error.code).toBe("Forbidden");
      expect(error.message).toContain(
        "Only an administrator can create, update or delete restricted endpoints",
      );
    } finally {
      await developer.close();
    }
  });

  it("reports a bad request with the server's reason and without the request's secrets", async () => {
    const error = (await rejectionOf(
      client.createEndpoint({
        name: "bad",
        type: "no-such-type",
        project: PROJECT,
        properties: { token: "tok-secret-99" },
      }),
    )) as unknown as AriaApiError;
    expect(error.code).toBe("BadRequest");
    expect(error.message).toContain("no-such-type");
    expect(error.message).not.toContain("tok-secret-99");
  });

  it("validates an endpoint: a reachable server completes, an unreachable one fails without an exception", async () => {
    const ok = await client.validateEndpoint({ ...jenkins("v"), properties: { url: server.url } });
    expect(ok.status).toBe("COMPLETED");
    const failed = await client.validateEndpoint({
      ...jenkins("v"),
      properties: { url: "http://127.0.0.1:1" },
    });
    expect(failed.status).toBe("FAILED");
    expect(failed.statusMessage).toMatch(/Failed to connect/);
  });

  it("validates an existing endpoint by id with its masked secrets", async () => {
    const created = await client.createEndpoint({
      ...jenkins("stored"),
      properties: { url: server.url, password: "p-1" },
    });
    const result = await client.validateEndpoint({
      ...jenkins("stored"),
      id: created.id,
      properties: created.properties,
    });
    expect(result.status).toBe("COMPLETED");
  });

  it("lists the endpoint types and reads one of them", async () => {
    const tiles = await client.getEndpointTiles();
    expect(tiles.tiles.map((tile) => tile.tileId)).toEqual(expect.arrayContaining(["jenkins", "git", "k8s"]));
    const tile = await client.getEndpointTile("jenkins");
    expect(tile.tileId).toBe("jenkins");
    expect(tile.inputProperties.url.mandatory).toBe(true);
    expect((await rejectionOf(client.getEndpointTile("nope"))).code).toBe("NotFound");
  });

  it("reads the certificate chain of a TLS server", async () => {
    const certificate = await loopbackCertificate();
    const tlsServer = https.createServer(certificate, (_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    try {
      const port = (tlsServer.address() as AddressInfo).port;
      const chain = await client.getEndpointCertificate(`https://127.0.0.1:${port}`);
      expect(chain.certificates.length).toBeGreaterThan(0);
      expect(chain.certificates[0].fingerprints?.["SHA-256"]).toMatch(/^[0-9A-F]{64}$/);
      const log = await server.requests();
      const call = log.entries.find((entry) => entry.path.endsWith("/endpoint-certificate"));
      expect(call?.query).toContain(`url=${encodeURIComponent(`https://127.0.0.1:${port}`)}`);
    } finally {
      tlsServer.closeAllConnections();
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });
});
