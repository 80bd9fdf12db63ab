/*
 * One endpoint's whole life through the CLI on the runtime leg this jest process runs on
 * (scripts/runtimes.js; `node scripts/test.mjs --leg <name> cli`): the program, its language host and
 * the dynamic-provider process on the leg's Node, with the leg's @pulumi/pulumi installed.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { activeLeg } from "../../scripts/runtimes";
import { changes, E2EStack, expectOk, openStack, programRuntimes } from "../support/program-stack";

jest.setTimeout(10 * 60 * 1000);

const leg = activeLeg();

describe(`the '${leg.name}' runtime leg (Node ${leg.nodeMajor}, @pulumi/pulumi ${leg.sdk})`, () => {
  let stack: E2EStack | undefined;
  let reportDir: string;
  afterAll(async () => {
    await stack?.dispose();
    fs.rmSync(reportDir, { recursive: true, force: true });
  });

  it("runs up, a preview and a refresh with nothing to do, an update and destroy", async () => {
    reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "aria-leg-"));
    const report = path.join(reportDir, "runtime.jsonl");
    stack = await openStack({
      program: "test/e2e/programs/runtime-leg",
      // The leg's compile of a user's program against its @pulumi/pulumi is part of what it proves.
      typeCheck: true,
      env: { ARIA_RUNTIME_REPORT: report },
      config: {
        name: `leg-${leg.name}`,
        url: "https://jenkins.leg.example",
        password: { value: "leg-password", secret: true },
      },
    });
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 2 });
    // The program really ran on the leg: its Node major and its @pulumi/pulumi release.
    const runs = programRuntimes(report);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(Number(run.node.split(".")[0])).toBe(leg.nodeMajor);
      expect(run.sdk).toBe(leg.sdk);
    }
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expect(changes(expectOk(await stack.refresh()))).toEqual({});

    stack.setConfig("description", "changed on the leg");
    const update = expectOk(await stack.up());
    expect(changes(update)).toEqual({ update: 1 });
    expect(update.outputs?.description.value).toBe("changed on the leg");
    expect(stack.rawState()).not.toContain("leg-password");

    expect(changes(expectOk(await stack.destroy()))).toEqual({ delete: 2 });
    const log = await stack.requests();
    expect(log.counts["DELETE /pipeline/api/endpoints/{id}"]).toBe(1);
  });
});
