import * as path from "node:path";
import { AriaClient, isTerminalRequestStatus } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, OpResult } from "../support/program-stack";

/*
 * VMware Cloud Foundation (VCF) Automation 9 through the real CLI, against the emulator serving it
 * (`product: "vcf-automation-9"`): deployment resources from a TypeScript program (the dynamic door)
 * and from a YAML program (the plugin) go through the organization's token endpoint and converge (up,
 * refresh and preview with nothing to do, deleted out of band, destroy), and no 8.x login is tried; an
 * endpoint program fails in its preview with the message naming the version and the missing Pipelines
 * service, before any pipeline request; a missing `organization` fails the preview with one line.
 */

jest.setTimeout(10 * 60_000);

const ORG = "vm-apps";
const ORG_TOKEN = "POST /tm/oauth/tenant/{organization}/token";
const VCFA = { product: "vcf-automation-9", seedResources: 0, requestDelayMs: 300 } as const;

let stack: E2EStack | undefined;

afterEach(async () => {
  await stack?.dispose();
  stack = undefined;
});

/** A client of the stack's emulator, signing in to the organization as the programs do. */
function clientOf(s: E2EStack): AriaClient {
  return s.client("admin", { "vra:organization": ORG });
}

/** Everything the engine printed, for the messages. */
const printed = (result: OpResult) => `${result.stdout}\n${result.stderr ?? ""}\n${result.error ?? ""}`;

/**
 * Deletes a resource on the server, as someone outside Pulumi would, and ends the request by moving
 * the emulator's clock past its duration (no wait on real time).
 */
async function deleteOutOfBand(s: E2EStack, c: AriaClient, id: string): Promise<void> {
  const resource = await c.getResource(id);
  const request = await c.deleteResource(resource.deploymentId!, id);
  await s.ops.advanceClock(VCFA.requestDelayMs);
  expect(isTerminalRequestStatus((await c.getRequest(request.id)).status)).toBe(true);
}

/** The requests a 9.x server must never see: the 8.x logins and the Pipelines service. */
async function expectNoEightXRequest(s: E2EStack): Promise<void> {
  const paths = (await s.requests()).entries.map((e) => e.path);
  expect(
    paths.filter((p) => /\/iaas\/api\/login|\/csp\/gateway|\/(pipeline|codestream)\/api/.test(p)),
  ).toEqual([]);
}

describe("VCF Automation 9 through the real CLI", () => {
  it("a TypeScript program's deployment resource: up, refresh, deleted out of band, destroy", async () => {
    const s = (stack = await openStack({
      program: "test/e2e/programs/deployment-lifecycle",
      config: { "vra:organization": ORG },
      emulatorOptions: VCFA,
    }));
    const c = clientOf(s);
    const up = expectOk(await s.up());
    expect(changes(up)).toMatchObject({ create: 2 });
    const id = up.outputs!.id.value as string;
    expect(up.outputs!.requestStatus.value).toBe("SUCCESSFUL");
    expect((await c.getResource(id)).name).toBe("e2e-thing");

    expect(changes(expectOk(await s.refresh()))).toEqual({});
    expect(changes(expectOk(await s.preview()))).toEqual({});

    await deleteOutOfBand(s, c, id);
    expect(changes(expectOk(await s.refresh()))).toEqual({ delete: 1 });
    const again = expectOk(await s.up());
    expect(changes(again)).toEqual({ create: 1 });
    const recreated = again.outputs!.id.value as string;

    expectOk(await s.destroy());
    expect((await c.listAllResources()).map((r) => r.id)).not.toContain(recreated);
    expect((await s.requests()).counts[ORG_TOKEN]).toBeGreaterThanOrEqual(1);
    await expectNoEightXRequest(s);
  });

  it("a YAML program's deployment resource and lookup through the plugin: up, refresh, destroy", async () => {
    const s = (stack = await openStack({
      program: "test/e2e/programs/vcf9-yaml",
      namespace: "aria",
      config: { "aria:organization": ORG },
      emulatorOptions: VCFA,
    }));
    const c = clientOf(s);
    const up = expectOk(await s.up());
    expect(changes(up)).toEqual({ create: 2 });
    const id = up.outputs!.thingId.value as string;
    expect(up.outputs!.foundName.value).toBe("yaml-thing-9");
    expect(changes(expectOk(await s.refresh()))).toEqual({});
    expect(changes(expectOk(await s.preview()))).toEqual({});

    await deleteOutOfBand(s, c, id);
    expect(changes(expectOk(await s.refresh()))).toEqual({ delete: 1 });
    expectOk(await s.destroy());
    expect((await s.requests()).counts[ORG_TOKEN]).toBeGreaterThanOrEqual(1);
    await expectNoEightXRequest(s);
    expect(s.rawState()).not.toContain(USERS.admin);
  });

  it("without organization, the preview fails with one line naming organization and VCFA_ORGANIZATION", async () => {
    const s = (stack = await openStack({
      program: "test/e2e/programs/deployment-lifecycle",
      emulatorOptions: VCFA,
    }));
    const preview = await s.preview();
    expect(preview.ok).toBe(false);
    const text = printed(preview);
    const line = text.split("\n").find((l) => l.includes("VCFA_ORGANIZATION"));
    expect(line).toMatch(
      /is VMware Cloud Foundation \(VCF\) Automation 9\.0\.1\.0, where a refresh token signs in to one organization: set vra:organization \(VCFA_ORGANIZATION\)/,
    );
    expect(text).not.toMatch(/^\s+at /m);
    expect(text).not.toContain(USERS.admin);
    // Nothing but the question of which server it is: no credential sent.
    expect((await s.requests()).entries.map((e) => e.path)).toEqual(["/automation/config.json"]);
  });

  it("an endpoint program fails in its preview, naming the version and the missing Pipelines service", async () => {
    const s = (stack = await openStack({
      program: "test/e2e/programs/endpoint-single",
      config: {
        "vra:organization": ORG,
        url: "https://jenkins.example.com",
        password: { value: "e2e-Jenkins-Passw0rd", secret: true },
      },
      emulatorOptions: VCFA,
    }));
    const started = Date.now();
    const preview = await s.preview();
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(preview.ok).toBe(false);
    const text = printed(preview);
    expect(text).toMatch(
      /is VMware Cloud Foundation \(VCF\) Automation 9\.0\.1\.0, which has no Pipelines service: pipeline endpoints exist on Aria Automation 8\.x only/,
    );
    expect(text).toMatch(/aria-export/);
    expect(text).not.toMatch(/^\s+at /m);
    expect(text).not.toContain("e2e-Jenkins-Passw0rd");
    expect(text).not.toContain(USERS.admin);
    await expectNoEightXRequest(s);

    // The tools: the same message, before any pipeline request.
    const bin = (name: string) => path.join(s.workDir, "node_modules", ".bin", name);
    const exported = await s.command(bin("aria-export"), ["--out", path.join(s.workDir, "exported")], {
      VRA_URL: s.url,
      VRA_REFRESH_TOKEN: USERS.admin,
      VCFA_ORGANIZATION: ORG,
    });
    expect(exported.code).not.toBe(0);
    expect(exported.stderr).toMatch(/^aria-export: .*9\.0\.1\.0, which has no Pipelines service/);
    const reconciled = await s.command(bin("aria-reconcile"), ["--stack", s.stackName]);
    expect(reconciled.code).toBe(4);
    expect(reconciled.stderr).toMatch(/9\.0\.1\.0, which has no Pipelines service/);
    for (const output of [exported.stdout, exported.stderr, reconciled.stdout, reconciled.stderr]) {
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain(USERS.admin);
    }
    await expectNoEightXRequest(s);
  });
});
