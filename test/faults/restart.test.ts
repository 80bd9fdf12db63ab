import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BUSY_SERVER_FAULTS } from "../../emulator";
import { AriaClient } from "../../provider/client";
import { Emulator } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";
import { duplicates } from "./fleet";

/*
 * The bench's reliability run (bench/faults-restart.mjs) at CI size: an `up` of a small fleet while
 * the server answers the busy-server mix (503s, 429s, lost answers), answers slower than
 * `vra:apiTimeout` for a while, and restarts in the middle (closed, then started again from its data
 * file on the same port). The `up` succeeds, or fails with a message that names what happened and says
 * to run `pulumi up` again, which then converges: no duplicate, the server equal to the state.
 */

jest.setTimeout(900_000);

const COUNT = Number(process.env.FAULTS_RESTART_ENDPOINTS ?? 30);
/** The slow phase: the first requests after the restart answered after 3 s, with `vra:apiTimeout` at 2 s. */
const SLOW = { kind: "delay" as const, delayMs: 3_000, count: 8, path: "^/(pipeline|iaas)/" };

let dir: string;
let dataFile: string;
let emulator: Emulator;
let admin: AriaClient;
let stack: E2EStack;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-restart-"));
  dataFile = path.join(dir, "emulator.json");
  emulator = await Emulator.start({ dataFile });
  admin = emulator.client();
  stack = await openStack({
    program: "test/e2e/programs/teams-dynamic",
    projectName: "restart",
    emulator: emulator.running,
    config: { team: "restart", shared: "false", ownCount: String(COUNT), "vra:apiTimeout": "2" },
  });
});

afterAll(async () => {
  await stack?.dispose();
  await admin?.close();
  await emulator?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`${COUNT} endpoints under faults, a slow phase and a server restart midway`, () => {
  it("converge in the up, or in the one its message says to run, without a duplicate", async () => {
    const url = emulator.url;
    const port = Number(new URL(url).port);
    await emulator.ops.setFaults(BUSY_SERVER_FAULTS);
    const half = emulator.running.served(
      (e) => e.route === "POST /pipeline/api/endpoints" && e.status < 300 && !e.fault,
      Math.floor(COUNT / 2),
    );
    const running = stack.up();
    const first = await Promise.race([half.then(() => "half"), running.then(() => "ended")]);
    if (first === "ended")
      throw new Error(`the up ended before half the fleet existed: ${up0(await running)}`);
    // The restart, then the slow phase: answers slower than apiTimeout for a while.
    await emulator.close();
    emulator = await Emulator.start({ port, dataFile });
    await emulator.ops.setFaults([...BUSY_SERVER_FAULTS, SLOW]);
    const up = await running;
    await emulator.ops.setFaults(BUSY_SERVER_FAULTS);
    if (!up.ok) {
      // What failed is named with what to do (a timeout: raise apiTimeout or try again later), and
      // the `pulumi up` it says to run converges on the same busy server.
      expect(up.stdout).toMatch(/(raise vra:apiTimeout|try again later|run `pulumi up` again)/i);
      expectOk(await stack.up());
    }
    await emulator.ops.setFaults([]);
    const server = (await admin.listAllEndpoints()).filter((e) => e.name.startsWith("restart-"));
    expect(server).toHaveLength(COUNT);
    expect(duplicates(server.map((e) => e.name))).toEqual([]);
    const outputs = (await stack.run("outputs", {})).outputs;
    expect([...(outputs?.ownIds.value as string[])].sort()).toEqual(server.map((e) => e.id).sort());
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expectOk(await stack.destroy());
    expect(await admin.listAllEndpoints()).toEqual([]);
  });
});

/** The end of a failed operation's output. */
function up0(result: { error?: string }): string {
  return result.error ?? "";
}
