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

  it("destroys everything it made, leaving nothing on the server", async () => {
    await expectDestroyed(opened, ids);
  });
});
