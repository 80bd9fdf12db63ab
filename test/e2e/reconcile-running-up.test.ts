import { USERS } from "../support/emulator";
import { changeByHand, useReconcileStack } from "./reconcile-helpers";
import { changes, expectOk } from "../support/program-stack";

/*
 * `aria-reconcile` while a real `pulumi up` of the same stack runs, held mid-run by a slow server:
 * the emulator holds the up's update request (a `hold` fault, emulator/README.md) until the test
 * releases it, and the test knows it is held from the emulator itself (`GET
 * /__emulator/faults/held?atLeast=1`): no sleep, no race. While it is held, detection reports as usual
 * (it takes no lock) and `--remediate` ends at once with exit 4 and the lock message; released, the
 * `up` completes and the stack's state is whole.
 */

jest.setTimeout(10 * 60_000);

const PASSWORD = "e2e-RunningUp-Passw0rd";
const GIT_TOKEN = "e2e-RunningUp-Git-T0ken";
const SECRETS = [PASSWORD, GIT_TOKEN, USERS.admin];

describe("aria-reconcile beside a running `pulumi up` of the same stack, held by a slow server", () => {
  afterAll(async () => {
    await fixture.stack?.ops.release().catch(() => 0);
  });
  const fixture = useReconcileStack({
    program: "test/e2e/programs/reconcile-dynamic",
    prefix: "vra",
    password: PASSWORD,
    gitToken: GIT_TOKEN,
  });
  const { reconcileJson } = fixture;

  it("detects as usual, --remediate ends at once with exit 4, and the held up then completes whole", async () => {
    // Drift for the up to put back: the description changed by hand.
    await changeByHand(fixture.client, fixture.jenkinsId, PASSWORD, { description: "changed by hand" });

    // The deployment: `pulumi up --refresh`, whose update of the endpoint the server holds.
    await fixture.stack.ops.setFaults([{ kind: "hold", method: "PUT", path: "/endpoints/" }]);
    const running = fixture.stack.up({ refresh: true });
    // Answered by the emulator once the update is held (or, were it never sent, the up's end fails the test).
    const held = await Promise.race([
      fixture.stack.ops.held(1),
      running.then((r) => {
        throw new Error(`the up ended (ok: ${r.ok}) without its update being held:\n${r.stderr ?? r.stdout}`);
      }),
    ]);
    expect(held).toEqual([{ method: "PUT", path: expect.stringContaining("/endpoints/") }]);

    // Detection while the up holds the stack's lock and its update is in flight: as usual.
    const detected = await reconcileJson([]);
    expect(detected.code).toBe(7);
    expect(detected.report.result).toBe("changes");
    expect(detected.report.drifted).toEqual([
      expect.objectContaining({ name: "jenkins", action: "update", fields: ["description"] }),
    ]);
    expect(detected.report.events).toEqual([
      { event: "drift_detection_succeeded", stack: fixture.stack.stackName },
      { event: "drift_detected", stack: fixture.stack.stackName, drifted: 1 },
    ]);
    // Still held: detection neither waited for the up nor let it go.
    expect(await fixture.stack.ops.held()).toHaveLength(1);

    // --remediate: the update cannot take the lock; it ends at once, naming it, with exit 4.
    const remediate = await reconcileJson(["--remediate"]);
    expect(remediate.code).toBe(4);
    expect(remediate.report.result).toBe("error");
    expect(remediate.report.error!.message).toContain(
      `Stack ${fixture.stack.stackName} is locked by another operation`,
    );
    expect(remediate.report.events.at(-1)).toMatchObject({
      event: "drift_remediation_failed",
      stack: fixture.stack.stackName,
    });
    expect(await fixture.stack.ops.held()).toHaveLength(1);

    // Released, the up completes as if nothing had run beside it.
    await fixture.stack.ops.clearFaults();
    const up = expectOk(await running);
    expect(changes(up)).toMatchObject({ update: 1 });
    expect((await fixture.client.getEndpoint(fixture.jenkinsId)).description).toBe("CI server");

    // The state is whole: no pending operation, the lock gone, nothing drifted or unmanaged.
    const exported = await fixture.stack.pulumi(["stack", "export", "--stack", fixture.stack.stackName]);
    expect(exported.code).toBe(0);
    const deployment = JSON.parse(exported.stdout).deployment;
    expect(deployment.pending_operations ?? []).toEqual([]);
    expect(deployment.resources.filter((r: { id?: string }) => r.id === fixture.jenkinsId)).toHaveLength(1);
    const after = await reconcileJson([]);
    expect({ code: after.code, drifted: after.report.drifted, unmanaged: after.report.unmanaged }).toEqual({
      code: 0,
      drifted: [],
      unmanaged: [],
    });
    // And a remediation now takes the lock and finds nothing to do.
    expect((await reconcileJson(["--remediate"])).code).toBe(0);
  });

  it("printed no secret in any output", () => {
    expect(fixture.outputs.length).toBeGreaterThan(0);
    for (const output of fixture.outputs) for (const secret of SECRETS) expect(output).not.toContain(secret);
  });
});
