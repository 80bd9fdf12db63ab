import { startEmulator, type RunningEmulator } from "../../emulator";
import * as aria from "../../provider";

/*
 * A user's integration test, as docs/guides/testing.md shows it: the shipped emulator
 * (`pulumi-aria/emulator`) stands in for Aria Automation, and the program's data functions run
 * against it with the same settings a stack would give them (here from the environment).
 */

let emulator: RunningEmulator;
const saved = { url: process.env.VRA_URL, token: process.env.VRA_REFRESH_TOKEN };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seedResources: 0 });
  process.env.VRA_URL = emulator.url;
  process.env.VRA_REFRESH_TOKEN = "admin-refresh-token"; // the emulator's default admin
});

afterAll(async () => {
  await emulator.close();
  for (const [key, value] of [
    ["VRA_URL", saved.url],
    ["VRA_REFRESH_TOKEN", saved.token],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("a program's data functions against the shipped emulator", () => {
  it("finds the endpoint type the program declares, with the properties it sets", async () => {
    const tile = await aria.getEndpointTile({ type: "jenkins" });
    expect(Object.keys(tile.inputProperties)).toEqual(
      expect.arrayContaining(["url", "username", "password"]),
    );
  });

  it("lists no endpoint in a fresh emulator's default project", async () => {
    const listed = await aria.getEndpoints({ project: "Default Project" });
    expect(listed).toEqual({ endpoints: [], ids: [], totalCount: 0 });
  });
});
