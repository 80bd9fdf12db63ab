import * as fs from "node:fs";
import * as path from "node:path";
import { AriaClient } from "../../provider/client";
import { changes, E2EStack, expectOk } from "../support/program-stack";
import {
  closePluginStack,
  expectDestroyed,
  expectFirstUp,
  expectSecretsEncrypted,
  JENKINS_PASSWORD,
  openPluginYamlStack,
  PluginIds,
  PluginStack,
} from "./plugin-helpers";

/*
 * The `aria` provider plugin from a Pulumi YAML program, through the real CLI: the launcher the npm
 * package installs (node_modules/.bin/pulumi-resource-aria), found through `plugins:` in Pulumi.yaml,
 * configured with `aria:` settings. Endpoints (typed and generic), a deployment resource and lookups:
 * up, a preview and a refresh with nothing to do, drift, an out-of-band deletion, destroy with nothing
 * left on the server, and secrets never in clear in the state.
 */

/** The policy pack, where docs/guides/pr-previews.md tells users to find it, relative to the program directory. */
const POLICY_PACK = "node_modules/pulumi-aria/dist/provider/policy/pack";

jest.setTimeout(600_000);

let opened: PluginStack;
let stack: E2EStack;
let client: AriaClient;
let ids: PluginIds;

beforeAll(async () => {
  opened = await openPluginYamlStack();
  ({ stack, client } = opened);
});

afterAll(async () => {
  await closePluginStack(opened);
});

describe("the aria plugin from a YAML program", () => {
  it("creates endpoints and a deployment resource, and answers the lookups", async () => {
    ids = await expectFirstUp(opened);
  });

  it("keeps the secrets encrypted in the state", () => {
    expectSecretsEncrypted(stack);
  });

  it("previews and refreshes with nothing to do", async () => {
    expect(changes(expectOk(await stack.preview()))).toEqual({});
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({});
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("shows drift made out of band, and puts it back", async () => {
    const current = await client.getEndpoint(ids.jenkins);
    await client.updateEndpoint(ids.jenkins, {
      name: current.name,
      type: current.type,
      project: current.project ?? undefined,
      description: "changed by hand",
      properties: { ...current.properties, password: JENKINS_PASSWORD },
    });
    const refresh = expectOk(await stack.refresh({ skipPreview: true }));
    expect(changes(refresh)).toEqual({ update: 1 });
    expect(refresh.stdout).not.toContain(JENKINS_PASSWORD);
    expect(changes(expectOk(await stack.up()))).toEqual({ update: 1 });
    expect((await client.getEndpoint(ids.jenkins)).description).toBe("CI server");
  });

  it("re-creates an endpoint deleted out of band", async () => {
    await client.deleteEndpoint(ids.git);
    expect(changes(expectOk(await stack.refresh({ skipPreview: true })))).toEqual({ delete: 1 });
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 1 });
    ids.git = up.outputs!.gitId.value as string;
    expect((await client.getEndpoint(ids.git)).name).toBe("app-repo");
  });

  it.each([
    [
      "an unknown endpoint type",
      "      type: git\n      project: Platform",
      "      type: gitt\n      project: Platform",
      /'gitt' is not an endpoint type of this server; valid types: .*git/,
    ],
    [
      "a property of the wrong type",
      "      username: ci\n",
      "      username: ci\n      retryCount: many\n",
      /retryCount.*(number|integer)|(number|integer).*retryCount/i,
    ],
    [
      "a lookup by a name no endpoint has yet (YAML invokes run once their arguments are known)",
      "        id: ${jenkins.id}",
      "        project: Platform\n        name: ${git.name}-next",
      /app-repo-next.*not found[\s\S]*look it up by its id instead/,
    ],
  ])("fails a preview on %s, naming the field", async (_what, from, to, message) => {
    const file = path.join(stack.workDir, "Pulumi.yaml");
    const program = fs.readFileSync(file, "utf8");
    expect(program).toContain(from);
    fs.writeFileSync(file, program.replace(from, to));
    try {
      const preview = await stack.preview();
      expect(preview.ok).toBe(false);
      expect(`${preview.stdout}\n${preview.stderr ?? ""}`).toMatch(message);
    } finally {
      fs.writeFileSync(file, program);
    }
  });

  it("is checked by the policy pack as the dynamic endpoints are", async () => {
    const file = path.join(stack.workDir, "Pulumi.yaml");
    const program = fs.readFileSync(file, "utf8");
    fs.writeFileSync(
      file,
      program.replace("url: https://jenkins.example.com", "url: http://jenkins.example.com"),
    );
    try {
      const preview = await stack.preview({ diff: false, policyPacks: [POLICY_PACK] });
      expect(preview.ok).toBe(false);
      expect(preview.stdout).toMatch(
        /\[mandatory\]\s+aria-endpoint-plain-http\s+\(aria:index:JenkinsEndpoint: jenkins\)/,
      );
      expect(preview.stdout).not.toContain(JENKINS_PASSWORD);
    } finally {
      fs.writeFileSync(file, program);
    }
  });

  it("awaits a deployment request pending approval (exit 10), then continues it with no second POST", async () => {
    const file = path.join(stack.workDir, "Pulumi.yaml");
    const program = fs.readFileSync(file, "utf8");
    const awaited = (name: string) =>
      `  ${name}:\n    type: aria:index:DeploymentResource\n    properties:\n      name: yaml-${name}\n` +
      "      type: Custom.E2E.Approved\n      pollIntervalMaxSeconds: 0.5\n";
    const beside =
      "  beside:\n    type: aria:index:JenkinsEndpoint\n    properties:\n      project: Platform\n" +
      "      url: https://beside.example.com\n      username: ci\n      password: e2e-Jenkins-Passw0rd\n";
    const withResources = (...added: string[]) =>
      program.replace("resources:\n", `resources:\n${added.join("")}`);
    const up = () =>
      stack.command("pulumi", [
        "up",
        "--yes",
        "--skip-preview",
        "--stack",
        stack.stackName,
        "--non-interactive",
      ]);
    const pending = async () => (await stack.ops.approvals()).pending.map((request) => String(request.id));
    await stack.ops.setApprovalPolicies([{ type: "Custom.E2E.Approved" }]);
    stack.setConfig("aria:awaitApprovalAfter", "0");
    await stack.resetRequests();
    try {
      fs.writeFileSync(file, withResources(awaited("approved"), beside));
      const first = await up();
      expect(first.code).toBe(10);
      expect(first.stdout).toContain("aria:index:DeploymentResource approved **create awaiting**");
      expect(first.stdout).toMatch(/is APPROVAL_PENDING after 0s; awaiting it \(aria:awaitApprovalAfter\)/);
      const [approvedRequest] = await pending();
      expect(approvedRequest).toBeDefined();
      expect(stack.rawState()).not.toContain("yaml-approved");
      expect((await client.listAllEndpoints()).map((e) => e.name)).toContain("beside");

      await stack.ops.decide(approvedRequest, { decision: "APPROVE" });
      const second = await up();
      expect({ code: second.code, stderr: second.stderr }).toMatchObject({ code: 0 });
      expect(stack.rawState()).toContain("yaml-approved");
      expect((await stack.requests()).counts["POST /deployment/api/resources"]).toBe(1);

      fs.writeFileSync(file, withResources(awaited("approved"), beside, awaited("refused")));
      expect((await up()).code).toBe(10);
      const [refusedRequest] = await pending();
      await stack.ops.decide(refusedRequest, { decision: "REJECT", approver: "alice", reason: "too large" });
      const third = await up();
      expect(third.code).not.toBe(0);
      expect(third.code).not.toBe(10);
      expect(third.stdout).toContain(
        `request ${refusedRequest} was rejected by its approver: APPROVAL_REJECTED (Rejected by alice: too large)`,
      );
      expect((await stack.requests()).counts["POST /deployment/api/resources"]).toBe(2);
      fs.writeFileSync(file, program);
      expect(changes(expectOk(await stack.up({ skipPreview: true })))).toEqual({ delete: 2 });
    } finally {
      fs.writeFileSync(file, program);
      await stack.ops.setApprovalPolicies([]);
    }
  });

  it("destroys everything it made, leaving nothing on the server", async () => {
    await expectDestroyed(opened, ids);
  });
});
