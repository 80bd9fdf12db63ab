import { emulatorOps, startEmulator, type RunningEmulator } from "../../../emulator";
import type { AriaClient } from "../../../provider/client";
import { ManualClock } from "../../support/clock";
import { adminSettings, clientFor } from "./harness";

/*
 * A rate-limited server and one client's concurrent requests, on one clock that stands still until
 * the test moves it (the emulator's bucket refills on it, the client's waits end on it): a 429 with
 * Retry-After holds every request of the client, so the requests made during the pause do not reach
 * the server to be refused in turn; after it, the client's adaptive rate paces them.
 */

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a client behind a rate limit", () => {
  let emulator: RunningEmulator;
  let client: AriaClient;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seedResources: 0, rateLimit: 3, clock });
    client = clientFor(adminSettings({ url: emulator.url }), {}, clock);
    await client.serverGeneration(); // GET /automation/config.json (8.x answers 404), once per client
    clock.advance(1_000);
    await client.getAbout(); // the token exchange and /about: two of the three tokens
    clock.advance(1_000); // a full bucket again
  });

  afterAll(async () => {
    await client.close();
    await emulator.close();
  });

  it("holds every request while the server asks to wait, and sends each once after", async () => {
    const isList = (e: { route: string }) => e.route === "GET /pipeline/api/endpoint-tiles";
    const answered = emulator.served((e) => isList(e) && e.status === 200, 6);
    const first = [1, 2, 3, 4].map(() => client.getEndpointTiles());
    await clock.someoneSleeps(); // three went through, the fourth was refused: the client pauses 1 s
    const during = [5, 6].map(() => client.getEndpointTiles());
    await settle();
    expect(clock.sleeping).toBe(3); // the refused request and the two new ones wait together
    // The pause (1 s and its jitter), then the client's own pace after a throttle: time moves on
    // while someone waits, until every request is answered.
    let answeredAll = false;
    const all = Promise.all([...first, ...during]).then(() => (answeredAll = true));
    while (!answeredAll) {
      if (clock.sleeping > 0) clock.advance(100);
      await settle();
    }
    await all;
    await answered;
    // Nothing made during the pause reached the server before it ended: one 429 in all.
    const log = await emulatorOps(emulator.url).requests();
    const statuses = log.entries.filter(isList).map((e) => e.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});
