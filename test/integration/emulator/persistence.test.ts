import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../../emulator";
import { Client, jenkinsSpec, waitForRequest } from "./helpers/client";

describe("persistence", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "aria-emulator-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function session<T>(
    dataFile: string,
    run: (client: Client, token: string) => Promise<T>,
    token?: string,
  ): Promise<T> {
    const emulator = await startEmulator({ dataFile, seedResources: 20, requestDelayMs: 50 });
    const client = new Client(emulator.url);
    try {
      return await run(client, token ?? (await client.login("admin")));
    } finally {
      await emulator.close();
      await client.close();
    }
  }

  it("keeps endpoints, resources, requests and tokens across a restart", async () => {
    const file = join(dir, "nested", "state.json");
    const first = await session(file, async (c, token) => {
      const endpoint = (await c.post("/pipeline/api/endpoints", jenkinsSpec("kept"), { token })).body;
      const created = (
        await c.post(
          "/deployment/api/resources",
          { name: "kept-vm", type: "Cloud.vSphere.Machine" },
          { token },
        )
      ).body;
      await waitForRequest(c.as(token), created.requestId);
      const [victim] = (await c.get("/deployment/api/resources?$top=1", { token })).body.content;
      const del = (
        await c.delete(`/deployment/api/deployments/${victim.deploymentId}/resources/${victim.id}`, { token })
      ).body;
      await waitForRequest(c.as(token), del.id);
      return { token, endpoint, created, victim };
    });
    await session(
      file,
      async (c, token) => {
        expect((await c.get(`/pipeline/api/endpoints/${first.endpoint.id}`, { token })).body).toEqual(
          first.endpoint,
        );
        expect((await c.get(`/deployment/api/resources/${first.created.resourceId}`, { token })).status).toBe(
          200,
        );
        expect(
          (await c.get(`/deployment/api/requests/${first.created.requestId}`, { token })).body.status,
        ).toBe("SUCCESSFUL");
        expect((await c.get(`/deployment/api/resources/${first.victim.id}`, { token })).status).toBe(404);
        expect((await c.get("/deployment/api/resources", { token })).body.totalElements).toBe(20);
      },
      first.token,
    );
  });

  it("finishes requests that were still running when it stopped", async () => {
    const file = join(dir, "state.json");
    const created = await session(
      file,
      async (c, token) =>
        (
          await c.post(
            "/deployment/api/resources",
            { name: "slow", type: "t", properties: { emulatorDelayMs: 300 } },
            { token },
          )
        ).body,
    );
    await session(file, async (c, token) => {
      expect((await waitForRequest(c.as(token), created.requestId)).request.status).toBe("SUCCESSFUL");
      expect((await c.get(`/deployment/api/resources/${created.resourceId}`, { token })).status).toBe(200);
    });
  });

  it("writes atomically, leaving only the data file, and stores secrets kept through a masked update", async () => {
    const file = join(dir, "state.json");
    await session(file, async (c, token) => {
      const created = (await c.post("/pipeline/api/endpoints", jenkinsSpec("ci"), { token })).body;
      const masked = jenkinsSpec("ci", { properties: { url: "https://new.test", password: "*****" } });
      expect((await c.put(`/pipeline/api/endpoints/${created.id}`, masked, { token })).status).toBe(200);
    });
    expect(readdirSync(dir)).toEqual(["state.json"]);
    const data = JSON.parse(readFileSync(file, "utf8"));
    expect(data.format).toBe("aria-emulator/1");
    expect(data.endpoints[0].properties).toEqual({ url: "https://new.test", password: "s3cret" });
  });

  it("goes back to the seed on reset and persists that", async () => {
    const file = join(dir, "state.json");
    await session(file, async (c, token) => {
      await c.post("/pipeline/api/endpoints", jenkinsSpec("gone"), { token });
      await c.post("/__emulator/reset");
    });
    await session(file, async (c, token) =>
      expect((await c.get("/pipeline/api/endpoints", { token })).body.totalCount).toBe(0),
    );
  });

  it("refuses to start on a corrupt data file, naming it", async () => {
    const file = join(dir, "state.json");
    writeFileSync(file, "{ half a file");
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(
      `Emulator data file '${file}' is not valid JSON`,
    );
    writeFileSync(file, JSON.stringify({ hello: "world" }));
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(
      /is not in the 'aria-emulator\/1' format/,
    );
  });
});
