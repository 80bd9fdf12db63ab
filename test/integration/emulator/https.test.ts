import { startEmulator } from "../../../emulator";
import { Client } from "./helpers/client";
import { makePki } from "../../support/certificates";

describe("serving https", () => {
  it("serves the API over TLS with the given key and certificate", async () => {
    const pki = await makePki();
    const emulator = await startEmulator({ tls: { key: pki.leafKey, cert: pki.leafCert }, seedResources: 0 });
    const client = new Client(emulator.url);
    try {
      expect(emulator.url).toBe(`https://127.0.0.1:${emulator.port}`);
      const token = await client.login("admin");
      expect((await client.get("/pipeline/api/about", { token })).status).toBe(200);
      const cert = await client.get(
        `/pipeline/api/endpoint-certificate?url=${encodeURIComponent(emulator.url)}`,
        { token },
      );
      expect(cert.body.certificates[0].fingerprints["SHA-256"]).toBe(pki.leafSha256);
    } finally {
      await emulator.close();
      await client.close();
    }
  });
});
