import { performance } from "node:perf_hooks";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { Client, qs } from "./helpers/client";

/**
 * 10,000 endpoints: creation throughput and list/filter latency. Set EMULATOR_PERF=1 to print
 * the figures (emulator/README.md quotes them).
 */
describe("performance", () => {
  const COUNT = 10_000;
  const PROJECTS = ["Default Project", "Platform", "Payments"];
  let emulator: RunningEmulator;
  let client: Client;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    const started = performance.now();
    emulator = await startEmulator();
    figures["start (300 seeded resources), ms"] = performance.now() - started;
    const anonymous = new Client(emulator.url);
    client = anonymous.as(await anonymous.login("admin"));
  });
  afterAll(async () => {
    await emulator.close();
    await client.close();
    if (process.env.EMULATOR_PERF)
      process.stdout.write(
        `${JSON.stringify(figures, (_k, v) => (typeof v === "number" ? Math.round(v * 100) / 100 : v), 2)}\n`,
      );
  });

  async function median(path: string, runs = 25): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const reply = await client.get(path);
      times.push(performance.now() - started);
      expect(reply.status).toBe(200);
    }
    return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
  }

  const scan = `/pipeline/api/endpoints${qs({ $filter: "startswith(name,'ep-0999') and type eq 'jenkins'" })}`;
  const indexed = (n: number) =>
    `/pipeline/api/endpoints${qs({ $filter: `name eq 'ep-${String(n).padStart(5, "0")}' and project eq '${PROJECTS[n % 3]}'` })}`;

  it("starts in well under a second", () => {
    expect(figures["start (300 seeded resources), ms"]).toBeLessThan(1000);
  });

  it("holds 10,000 endpoints with flat list and filter latency", async () => {
    const small = { indexed: await median(indexed(7)), scan: await median(scan) };
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < COUNT) {
        const n = next++;
        const reply = await client.post("/pipeline/api/endpoints", {
          name: `ep-${String(n).padStart(5, "0")}`,
          type: n % 2 === 0 ? "jenkins" : "jira",
          project: PROJECTS[n % 3],
          properties:
            n % 2 === 0
              ? { url: "https://ci.test", password: "p" }
              : { url: "https://jira.test", username: "u" },
        });
        if (reply.status !== 200) throw new Error(`create ${n}: ${reply.status} ${reply.text}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    figures["create 10,000 endpoints (16 concurrent), ms"] = performance.now() - started;
    figures["median GET by name+project filter at ~0 endpoints, ms"] = small.indexed;
    figures["median GET by name+project filter at 10,000, ms"] = await median(indexed(9876));
    figures["median GET startswith() filter (full scan) at 10,000, ms"] = await median(scan);
    figures["median GET default list (top 25, name desc) at 10,000, ms"] =
      await median("/pipeline/api/endpoints");
    figures["median GET $skip=9990 at 10,000, ms"] = await median("/pipeline/api/endpoints?$skip=9990");
    figures["median GET by id at 10,000, ms"] = await median("/pipeline/api/endpoints/Platform/ep-04444");

    const total = (await client.get(`/pipeline/api/endpoints${qs({ $filter: "type eq 'jira'", $top: 1 })}`))
      .body.totalCount;
    expect(total).toBe(COUNT / 2);
    // Generous bounds: the point is "no O(n) per index lookup, no O(n²) anywhere".
    expect(figures["median GET by name+project filter at 10,000, ms"]).toBeLessThan(
      Math.max(20, small.indexed * 5),
    );
    expect(figures["median GET startswith() filter (full scan) at 10,000, ms"]).toBeLessThan(150);
    expect(figures["median GET default list (top 25, name desc) at 10,000, ms"]).toBeLessThan(150);
  }, 120_000);
});
