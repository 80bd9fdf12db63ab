import * as fs from "node:fs";
import * as path from "node:path";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { changes, E2EStack, expectOk, openStack, USERS } from "./harness";

/*
 * The `aria` provider plugin from a Pulumi YAML program, through the real CLI: the launcher the npm
 * package installs (node_modules/.bin/pulumi-resource-aria), found through `plugins:` in Pulumi.yaml,
 * configured with `aria:` settings. Endpoints (typed and generic), a deployment resource and lookups:
 * up, a preview and a refresh with nothing to do, drift, an out-of-band deletion, destroy with nothing
 * left on the server, and secrets never in clear in the state.
 */

const JENKINS_PASSWORD = "e2e-Jenkins-Passw0rd";
const GIT_TOKEN = "e2e-Git-T0ken";
/** The policy pack, where the README tells users to find it, relative to the program directory. */
const POLICY_PACK = "node_modules/pulumi-aria/dist/provider/policy/pack";

jest.setTimeout(600_000);

let stack: E2EStack;
let client: AriaClient;
let ids: { jenkins: string; git: string; thing: string };

beforeAll(async () => {
  stack = await openStack({ program: "test/e2e/programs/plugin-yaml", noCredentials: true });
  stack.setConfig("aria:url", stack.url);
  stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
  stack.setConfig("aria:validateEndpoints", "false");
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
});

describe("the aria plugin from a YAML program", () => {
  it("creates endpoints and a deployment resource, and answers the lookups", async () => {
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 4 }); // the stack and its 3 resources
    const outputs = up.outputs!;
    ids = {
      jenkins: outputs.jenkinsId.value as string,
      git: outputs.gitId.value as string,
      thing: outputs.thingId.value as string,
    };
    expect(outputs.foundName.value).toBe("jenkins");
    expect(outputs.foundType.value).toBe("jenkins");
    expect((outputs.firstTile.value as { tileId: string }).tileId).toEqual(expect.any(String));

    const jenkins = await client.getEndpoint(ids.jenkins);
    expect(jenkins).toMatchObject({ name: "jenkins", type: "jenkins", project: "Platform" });
    expect(jenkins.properties).toMatchObject({ url: "https://jenkins.example.com", username: "ci" });
    const git = await client.getEndpoint(ids.git);
    expect(git).toMatchObject({ name: "app-repo", type: "git" });
    expect((await client.getResource(ids.thing)).name).toBe("yaml-thing");
  });

  it("keeps the secrets encrypted in the state", () => {
    const state = stack.rawState();
    expect(state).not.toContain(JENKINS_PASSWORD);
    expect(state).not.toContain(GIT_TOKEN);
    expect(state).not.toContain(USERS.admin);
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
    const destroyed = expectOk(await stack.destroy());
    expect(changes(destroyed)).toEqual({ delete: 4 });
    for (const id of [ids.jenkins, ids.git]) {
      await expect(client.getEndpoint(id)).rejects.toMatchObject({ code: "NotFound" });
    }
    await expect(client.getResource(ids.thing)).rejects.toMatchObject({ code: "NotFound" });
  });
});
