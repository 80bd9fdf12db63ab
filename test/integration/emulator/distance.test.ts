import { Agent } from "undici";
import { emulatorOps, startEmulator, type RunningEmulator } from "../../../emulator";
import { Client } from "./helpers/client";

/*
 * The distant server (`latencyMs`, `rateLimit`): both on the emulator's clock, which stands still here
 * so that the test decides when a round trip ends and when the bucket refills; nothing is timed.
 */

const T0 = Date.UTC(2026, 0, 1);
const still = { now: () => T0 };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("an emulator far away", () => {
  let emulator: RunningEmulator | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await emulator?.close();
    await client?.close();
    emulator = client = undefined;
  });

  it("answers a request one round trip after it arrives, a new connection's first one later still", async () => {
    const far = (emulator = await startEmulator({ port: 0, clock: still, latencyMs: 100 }));
    // One connection, so that the second request reuses the first one's.
    const http = (client = new Client(far.url, null, new Agent({ connections: 1 })));
    const ops = emulatorOps(far.url);
    let answered = false;
    const arrived = far.arrived((r) => r.path === "/pipeline/api/endpoints");
    const first = http.get("/pipeline/api/endpoints").then((reply) => ((answered = true), reply));
    await arrived;
    await ops.advanceClock(100); // the round trip, but not the handshake
    await settle();
    expect(answered).toBe(false);
    await ops.advanceClock(100);
    expect((await first).status).toBe(401); // no token: answered, after the distance
    // The same connection again: one round trip only.
    const again = far.arrived((r) => r.path === "/pipeline/api/endpoints");
    const second = http.get("/pipeline/api/endpoints");
    await again;
    await ops.advanceClock(100);
    expect((await second).status).toBe(401);
    // The operations surface is never far away.
    expect((await ops.health()).status).toBe("UP");
  });

  it("refuses requests beyond the rate limit with 429 and Retry-After, until the bucket refills", async () => {
    const limited = (emulator = await startEmulator({ port: 0, clock: still, rateLimit: 2 }));
    const http = (client = new Client(limited.url));
    const ops = emulatorOps(limited.url);
    const statuses = async (n: number) => {
      const replies = [];
      for (let i = 0; i < n; i++) replies.push(await http.get("/pipeline/api/endpoints"));
      return replies;
    };
    const burst = await statuses(3);
    expect(burst.map((r) => r.status)).toEqual([401, 401, 429]);
    expect(burst[2].headers["retry-after"]).toBe("1");
    expect(burst[2].body).toMatchObject({
      status: 429,
      path: "/pipeline/api/endpoints",
      message: expect.stringMatching(/accepts 2 requests per second; retry after 1 s/),
    });
    await ops.advanceClock(500); // one token back
    expect((await statuses(2)).map((r) => r.status)).toEqual([401, 429]);
    await ops.advanceClock(5_000); // never more than one second's worth
    expect((await statuses(3)).map((r) => r.status)).toEqual([401, 401, 429]);
    // A refused request was not performed, and the log shows it as answered 429.
    const log = await ops.requests();
    expect(log.entries.filter((e) => e.status === 429)).toHaveLength(3);
    expect((await ops.health()).status).toBe("UP");
  });

  it("names a bad setting", async () => {
    await expect(startEmulator({ latencyMs: -1 })).rejects.toThrow(
      /'latencyMs' must be a non-negative number/,
    );
    await expect(startEmulator({ rateLimit: Number.NaN })).rejects.toThrow(/'rateLimit'/);
  });
});
