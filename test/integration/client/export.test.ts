import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { AriaClient } from "../../../provider/client";
import { adminSettings, clientFor, rejectionOf, useServer, withClient } from "./harness";

const PROJECT = "Default Project";
const SECRET = "export-s3cret-value";

describe("exportEndpoint against the emulator", () => {
  const server = useServer();
  let client: AriaClient;

  beforeAll(() => {
    client = clientFor(adminSettings(server));
  });

  afterAll(() => client.close());

  it("answers the endpoint's document with its secrets in clear, which a listing masks", async () => {
    await client.createEndpoint({
      name: "ci / prod",
      type: "jenkins",
      project: PROJECT,
      properties: { url: "https://jenkins.example.com", username: "ci", password: SECRET, pollInterval: 5 },
    });
    await server.clearRequests();
    const exported = await client.exportEndpoint(PROJECT, "ci / prod");
    expect(exported).toMatchObject({
      project: PROJECT,
      kind: "ENDPOINT",
      name: "ci / prod",
      type: "jenkins",
      properties: { url: "https://jenkins.example.com", username: "ci", password: SECRET, pollInterval: 5 },
    });
    const listed = await client.getEndpointByName(PROJECT, "ci / prod");
    expect(listed.properties.password).not.toBe(SECRET);
    const log = await server.requests();
    expect(log.entries[0]).toMatchObject({ method: "GET", path: "/pipeline/api/export", status: 200 });
    expect(log.entries[0].query).toContain("endpoints=ci%20%2F%20prod");
  });

  it("fails as NotFound for an endpoint that does not exist", async () => {
    const error = await rejectionOf(client.exportEndpoint(PROJECT, "nope"));
    expect(error.code).toBe("NotFound");
    expect(error.message).toMatch(/export endpoint/);
  });
});

describe("exportEndpoint against a server that echoes secrets", () => {
  let server: http.Server;
  let url: string;
  let accept: string | undefined;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      // An Aria Automation 8.x server: it has no /automation/config.json (VCF Automation 9 has).
      if (req.url === "/automation/config.json") {
        res.writeHead(404).end();
        return;
      }
      if (req.url?.startsWith("/pipeline/api/about")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ latestApiVersion: "2019-10-17", supportedApis: [] }));
        return;
      }
      if (req.url?.startsWith("/pipeline/api/export")) {
        accept = req.headers.accept;
        res.writeHead(200, { "content-type": "application/x-yaml;charset=UTF-8" });
        res.end(`---\nname: ci\ntype: jenkins\nproperties:\n  password: ${SECRET}\n`);
        return;
      }
      // Any other call fails with a body that repeats the secret, as a careless server might.
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: `could not read ${SECRET}`, status: 500 }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("asks for YAML, and keeps the exported secrets out of the client's later error messages", async () => {
    await withClient(
      clientFor({ "vra:url": url, "vra:accessToken": "an-access-token" }, { maxRetries: 0 }),
      async (client) => {
        expect((await client.exportEndpoint("p", "ci")).properties.password).toBe(SECRET);
        expect(accept).toMatch(/^application\/x-yaml/);
        const error = await rejectionOf(client.getEndpoint("x"));
        expect(error.message).toContain("could not read");
        expect(error.message).not.toContain(SECRET);
      },
    );
  });
});
