import { EndpointReads } from "../../../provider/endpoint/reads";
import { systemClock } from "../../../provider/core/clock";
import type { AriaClient } from "../../../provider/client";
import { useEmulator } from "../../support/emulator";

/*
 * Reads from a project's listing against the emulator: the documents a listing answers are the ones
 * GET answers (secrets masked alike), in a project whose name needs quoting.
 */

const PROJECT = "Team O'Brien";
const emulator = useEmulator({ seedResources: 0, projects: [{ name: PROJECT, description: "" }] });
let client: AriaClient;
const ids: string[] = [];

beforeAll(async () => {
  client = emulator.client();
  for (let i = 0; i < 30; i++) {
    const created = await client.createEndpoint({
      name: `ep ${i}`,
      type: "jenkins",
      project: PROJECT,
      description: `number ${i}`,
      properties: { url: "https://jenkins.example.com", username: "bot", password: `secret-${i}` },
    });
    ids.push(created.id);
  }
  await client.createEndpoint({
    name: "elsewhere",
    type: "jenkins",
    project: "Platform",
    properties: { url: "https://x" },
  });
});

afterAll(async () => {
  await client?.close();
});

it("answers reads past the tenth from the project's listing, with the documents GET answers", async () => {
  const expected = await Promise.all(ids.map((id) => client.getEndpoint(id)));
  await emulator.clearRequests();
  const reads = new EndpointReads(() => client, systemClock);
  const got = await Promise.all(ids.map((id) => reads.read(id, PROJECT)));
  expect(got).toEqual(expected);
  expect(got[20].properties).toMatchObject({ password: "*****" });
  const log = await emulator.requests();
  expect(log.counts).toEqual({ "GET /pipeline/api/endpoints/{id}": 10, "GET /pipeline/api/endpoints": 1 });
});
