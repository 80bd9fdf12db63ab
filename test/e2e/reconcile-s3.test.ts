import { USERS } from "../support/emulator";
import { S3Server, startS3Server } from "../support/s3-server";
import { changeByHand, useReconcileStack } from "./reconcile-helpers";

/*
 * aria-reconcile on a stack whose state is in S3: an S3-compatible server on loopback (moto_server,
 * ../support/s3-server.ts) that the Pulumi CLI reaches through its own S3 driver, as it reaches AWS.
 * The Pulumi YAML program on the plugin: in sync, a description changed out of band (exit 7), and
 * `--remediate` through the backend's lock in the bucket (exit 0).
 */

jest.setTimeout(10 * 60_000);

const PASSWORD = "e2e-ReconcileS3-Passw0rd";
const GIT_TOKEN = "e2e-ReconcileS3-Git-T0ken";

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});
const fixture = useReconcileStack({
  program: "test/e2e/programs/reconcile-yaml",
  prefix: "aria",
  password: PASSWORD,
  gitToken: GIT_TOKEN,
  get env() {
    return s3.env;
  },
});
const { reconcileJson } = fixture;

it("reads the state from the bucket: in sync, then drift found and put back through the bucket's lock", async () => {
  expect(await s3.keys(".pulumi/stacks/")).toContain(
    `.pulumi/stacks/reconcile-yaml/${fixture.stack.stackName}.json`,
  );
  const inSync = await reconcileJson([]);
  expect({ code: inSync.code, events: inSync.report.events }).toEqual({
    code: 0,
    events: [{ event: "drift_detection_succeeded", stack: fixture.stack.stackName }],
  });

  await changeByHand(fixture.client, fixture.jenkinsId, PASSWORD, { description: "changed by hand" });
  const drifted = await reconcileJson([]);
  expect(drifted.code).toBe(7);
  expect(drifted.report.drifted.map((d) => [d.name, d.fields])).toEqual([["jenkins", ["description"]]]);

  const remediated = await reconcileJson(["--remediate"]);
  expect({ code: remediated.code, result: remediated.report.result }).toEqual({
    code: 0,
    result: "remediated",
  });
  expect((await fixture.client.getEndpoint(fixture.jenkinsId)).description).toBe("CI server");
  // The update's lock was taken in the bucket and let go.
  expect(await s3.keys(".pulumi/locks/")).toEqual([]);
});

it("printed no secret", () => {
  expect(fixture.outputs.length).toBeGreaterThan(0);
  for (const text of fixture.outputs)
    for (const secret of [PASSWORD, GIT_TOKEN, USERS.admin]) expect(text).not.toContain(secret);
});
