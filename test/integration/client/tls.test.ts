import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { AriaApiError } from "../../../provider/client";
import { adminSettings, clientFor, rejectionOf, startServer, TestServer, withClient } from "./harness";
import { loopbackCertificate, type Certificate } from "../../support/certificates";

describe("TLS", () => {
  let server: TestServer;
  let certificate: Certificate;
  let tempDir: string;

  beforeAll(async () => {
    certificate = await loopbackCertificate();
    server = await startServer({ tls: certificate });
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "aria-client-tls-"));
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("serves the emulator over https for these tests", () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it("rejects a self-signed server by default, explaining how to trust it", async () => {
    await withClient(clientFor(adminSettings(server)), async (client) => {
      const error = (await rejectionOf(client.getAbout())) as unknown as AriaApiError;
      expect(error).toBeInstanceOf(AriaApiError);
      expect(error.code).toBe("NetworkError");
      expect(error.sentRequest).toBe(false);
      expect(error.message).toContain("vra:caCert");
      expect(error.message).toContain("vra:insecure");
    });
  });

  it("accepts the server with its CA given as PEM text", async () => {
    await withClient(
      clientFor({ ...adminSettings(server), "vra:caCert": certificate.cert }),
      async (client) => {
        expect((await client.getAbout()).latestApiVersion).toBe("2019-10-17");
      },
    );
  });

  it("accepts the server with its CA given as the path of a PEM file", async () => {
    const file = path.join(tempDir, "ca.pem");
    fs.writeFileSync(file, certificate.cert);
    await withClient(clientFor({ ...adminSettings(server), "vra:caCert": file }), async (client) => {
      expect((await client.listEndpoints()).totalCount).toBeGreaterThanOrEqual(0);
    });
  });

  it("accepts the server without verification when insecure is set", async () => {
    await withClient(clientFor({ ...adminSettings(server), "vra:insecure": "true" }), async (client) => {
      expect((await client.getAbout()).latestApiVersion).toBe("2019-10-17");
    });
  });

  it("still rejects the server when the CA bundle is a different certificate", async () => {
    const other = await loopbackCertificate();
    await withClient(clientFor({ ...adminSettings(server), "vra:caCert": other.cert }), async (client) => {
      const error = (await rejectionOf(client.getAbout())) as unknown as AriaApiError;
      expect(error.code).toBe("NetworkError");
    });
  });
});
