import { X509Certificate } from "node:crypto";
import { startHarness, type Harness } from "./helpers/client";
import { makePki, type TestPki } from "../../support/certificates";
import { closedPort, startTcpServer, startTlsServer } from "../../support/tls-servers";

describe("certificates and validation against real servers", () => {
  let h: Harness;
  let pki: TestPki;
  let tls: Awaited<ReturnType<typeof startTlsServer>>;
  let tcp: Awaited<ReturnType<typeof startTcpServer>>;
  let deadPort: number;

  beforeAll(async () => {
    h = await startHarness({ seedResources: 0 });
    pki = await makePki();
    tls = await startTlsServer(pki);
    tcp = await startTcpServer();
    deadPort = await closedPort();
  });
  afterAll(async () => {
    await h.close();
    await tls.close();
    await tcp.close();
  });

  const certificate = (url: string, extra = "") =>
    h.admin.get(`/pipeline/api/endpoint-certificate?url=${encodeURIComponent(url)}${extra}`);
  const validate = (body: Record<string, unknown>) =>
    h.admin.post("/pipeline/api/endpoint-validation", { name: "v", ...body });

  describe("GET /endpoint-certificate", () => {
    it("answers the served chain, leaf first, with upper-case fingerprints without colons", async () => {
      const reply = await certificate(tls.url, "&cloudProxyId=proxy-1");
      expect(reply.status).toBe(200);
      const leaf = new X509Certificate(pki.leafCert);
      expect(reply.body.certificates).toEqual([
        {
          fingerprints: { "SHA-1": leaf.fingerprint.replace(/:/g, ""), "SHA-256": pki.leafSha256 },
          issuedBy: { commonName: "Aria Test CA", organization: "Emulator Tests" },
          issuedTo: {
            commonName: "127.0.0.1",
            organization: "Leaf Org",
            serialNumber: BigInt(`0x${leaf.serialNumber}`).toString(10),
          },
          periodOfValidity: { beginsOn: Date.parse(leaf.validFrom), expiresOn: Date.parse(leaf.validTo) },
        },
        expect.objectContaining({
          fingerprints: expect.objectContaining({ "SHA-256": pki.caSha256 }),
          issuedTo: expect.objectContaining({ commonName: "Aria Test CA" }),
        }),
      ]);
      expect(reply.body.certificates[0].fingerprints["SHA-256"]).toMatch(/^[0-9A-F]{64}$/);
    });

    it("answers a clear 400 when the server is unreachable or the URL is missing or invalid", async () => {
      const unreachable = await certificate(`https://127.0.0.1:${deadPort}`);
      expect(unreachable.status).toBe(400);
      expect(unreachable.body.message).toMatch(
        new RegExp(`Unable to fetch the certificate of 'https://127.0.0.1:${deadPort}': .*ECONNREFUSED`),
      );
      expect((await h.admin.get("/pipeline/api/endpoint-certificate")).body.message).toBe(
        "Required request parameter 'url' is not present",
      );
      expect((await certificate("::not a url::")).body.message).toMatch(/is not a valid URL/);
    });
  });

  describe("POST /endpoint-validation", () => {
    it("completes when the server answers and the fingerprint matches, in any spelling", async () => {
      const withColons = pki.leafSha256.toLowerCase().match(/../g)!.join(":");
      for (const fingerprint of [undefined, pki.leafSha256, withColons]) {
        const reply = await validate({
          type: "jenkins",
          properties: { url: tls.url, ...(fingerprint && { fingerprint }) },
        });
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({
          status: "COMPLETED",
          statusMessage: `Successfully connected to jenkins server endpoint at 127.0.0.1:${tls.port}`,
          output: { certificateFingerprint: pki.leafSha256 },
          duration: expect.any(Number),
        });
      }
    });

    it("fails when the fingerprint does not match the served certificate", async () => {
      const reply = await validate({
        type: "jira",
        properties: { url: tls.url, username: "u", fingerprint: "AB".repeat(32) },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.status).toBe("FAILED");
      expect(reply.body.statusMessage).toBe(
        `Certificate fingerprint mismatch for jira server endpoint: expected ${"AB".repeat(32)} but the server presented ${pki.leafSha256}`,
      );
    });

    it("fails with the connection error when nothing listens", async () => {
      const reply = await validate({ type: "jenkins", properties: { url: `https://127.0.0.1:${deadPort}` } });
      expect(reply.body.status).toBe("FAILED");
      expect(reply.body.statusMessage).toMatch(
        /^Failed to connect to jenkins server endpoint: connect ECONNREFUSED/,
      );
    });

    it("connects over plain TCP for http URLs and mail servers", async () => {
      const http = await validate({
        type: "dockerregistry",
        properties: { serverType: "dockerhub", repoURL: `http://127.0.0.1:${tcp.port}` },
      });
      expect(http.body).toMatchObject({ status: "COMPLETED", output: { tls: false } });
      const email = await validate({
        type: "email",
        properties: {
          senderAddress: "ci@test",
          encryptionMethod: "NONE",
          outboundHost: "127.0.0.1",
          outboundPort: tcp.port,
          outboundProtocol: "smtp",
        },
      });
      expect(email.body.status).toBe("COMPLETED");
    });

    it("fails naming missing or unknown properties before connecting", async () => {
      const missing = await validate({
        type: "k8s",
        properties: { kubernetesURL: tls.url, authType: "token" },
      });
      expect(missing.body).toMatchObject({
        status: "FAILED",
        statusMessage: "Invalid k8s endpoint: Missing mandatory properties for endpoint type 'k8s': token",
      });
      const unknown = await validate({ type: "agent", properties: { leMansAgent: "a", extra: 1 } });
      expect(unknown.body.statusMessage).toMatch(/Unknown properties for endpoint type 'agent': extra/);
    });

    it("checks only the properties of types without a server", async () => {
      const reply = await validate({ type: "agent", properties: { leMansAgent: "proxy-1" } });
      expect(reply.body).toMatchObject({
        status: "COMPLETED",
        statusMessage: "Validated agent endpoint properties",
      });
    });

    it("uses the stored secrets of an existing endpoint when the body carries masks", async () => {
      const created = await h.admin.post("/pipeline/api/endpoints", {
        name: "cluster",
        type: "k8s",
        properties: { kubernetesURL: tls.url, authType: "token", token: "secret-token" },
      });
      const body = { type: "k8s", properties: { kubernetesURL: tls.url, authType: "token", token: "*****" } };
      expect((await validate({ ...body, id: created.body.id })).body.status).toBe("COMPLETED");
      expect((await validate(body)).body.statusMessage).toMatch(/no stored value to keep/);
      expect((await validate({ ...body, id: "nope" })).status).toBe(404);
    });

    it("answers 400 when the body lacks required fields", async () => {
      const reply = await h.admin.post("/pipeline/api/endpoint-validation", {
        type: "jenkins",
        properties: {},
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe("Field 'name' is required");
    });
  });
});
