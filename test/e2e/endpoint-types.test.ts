import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { makePki, type TestPki } from "../support/certificates";
import { startTlsServer } from "../support/tls-servers";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack } from "../support/program-stack";

/*
 * Every published endpoint type in its real shape (git with a password, with a private token and on
 * GitLab-Enterprise, dockerregistry, docker with and without TLS, k8s with a token and with
 * certificates, email, jira, jenkins, gerrit, agent), declared with its typed resource and with the
 * generic `Endpoint`, in a project seeded when the emulator starts, through the `pulumi` CLI: up,
 * then preview and refresh show no change.
 */

jest.setTimeout(900_000);

const SECRET = "e2e-types-Secret-9";
const PROJECT = "Fidelity Team";
const SHAPES = [
  "git-password",
  "git-token",
  "git-gitlab-enterprise",
  "registry",
  "docker-plain",
  "docker-tls",
  "k8s-token",
  "k8s-certificates",
  "email",
  "jira",
  "jenkins",
  "gerrit",
  "agent",
];

let stack: E2EStack;
let client: AriaClient;
let tls: Awaited<ReturnType<typeof startTlsServer>>;
let pki: TestPki;

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

beforeAll(async () => {
  pki = await makePki();
  tls = await startTlsServer(pki);
  stack = await openStack({
    program: "test/e2e/programs/endpoint-types",
    emulatorOptions: { seedResources: 0, projects: [PROJECT] },
  });
  stack.setConfig("url", stack.url);
  stack.setConfig("tlsUrl", tls.url);
  stack.setConfig("fingerprint", pki.leafSha256);
  stack.setConfig("project", PROJECT);
  stack.setConfig("caCert", b64(pki.caCert));
  stack.setConfig("leafCert", b64(pki.leafCert));
  stack.setConfig("leafKey", { value: b64(pki.leafKey), secret: true });
  stack.setConfig("secret", { value: SECRET, secret: true });
  client = createClient(resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}));
});

afterAll(async () => {
  await client?.close();
  await stack?.dispose();
  await tls?.close();
});

describe("every published endpoint type, typed and generic, through the pulumi CLI", () => {
  it("creates them all in a seeded project, the typed and the generic declaration alike on the server", async () => {
    const up = expectOk(await stack.up());
    expect(changes(up)).toEqual({ create: 2 * SHAPES.length + 1 }); // + the stack itself
    const onServer = await client.listAllEndpoints({ filter: `project eq '${PROJECT}'` });
    expect(onServer).toHaveLength(2 * SHAPES.length);
    const byName = new Map(onServer.map((e) => [e.name, e]));
    for (const shape of SHAPES) {
      const typed = byName.get(`typed-${shape}`);
      const generic = byName.get(`generic-${shape}`);
      expect({ shape, typed: typed?.type, properties: typed?.properties }).toEqual({
        shape,
        typed: generic?.type,
        properties: generic?.properties,
      });
    }
    expect(new Set(onServer.map((e) => e.type))).toEqual(
      new Set(["git", "dockerregistry", "docker", "k8s", "email", "jira", "jenkins", "gerrit", "agent"]),
    );
    expect(byName.get("typed-docker-plain")?.properties).toEqual({
      url: stack.url,
      certificate: "",
      sharedPath: "/var/tmp/ci",
      pollInterval: 5,
    });
    expect(byName.get("typed-git-gitlab-enterprise")?.properties).toMatchObject({
      userName: "svc-gitlab",
      authType: "password",
      password: "${var.GITLAB_PASSWORD}",
    });
    expect(byName.get("typed-email")?.properties.outboundPort).toBe(Number(new URL(stack.url).port));
  });

  it("previews no change", async () => {
    const preview = expectOk(await stack.preview());
    expect(changes(preview)).toEqual({});
  });

  it("refreshes with no change, then previews no change", async () => {
    const refresh = expectOk(await stack.refresh());
    expect(changes(refresh)).toEqual({});
    expect(changes(expectOk(await stack.preview()))).toEqual({});
  });

  it("keeps the secrets out of the state file and the engine's output", async () => {
    expect(stack.rawState()).not.toContain(SECRET);
    expect(stack.rawState()).not.toContain(pki.leafKey.split("\n")[1]);
    const preview = expectOk(await stack.preview({ diff: true }));
    expect(preview.stdout).not.toContain(SECRET);
  });

  it("destroys them all, leaving the project empty", async () => {
    const destroy = expectOk(await stack.destroy());
    expect(changes(destroy)).toEqual({ delete: 2 * SHAPES.length + 1 });
    expect(await client.listAllEndpoints({ filter: `project eq '${PROJECT}'` })).toEqual([]);
  });
});
