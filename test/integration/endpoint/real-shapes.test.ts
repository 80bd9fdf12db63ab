import type { Endpoint as ApiEndpoint } from "../../../provider/client/schemas";
import { provider } from "../../../provider/dynamic/impl";

/** The provider process's endpoint kind, as the stub reaches it. */
const endpointProvider = provider("endpoint");
import { resetRuntimeContext } from "../../../provider/runtime/context";
import { makePki, type TestPki } from "../../support/certificates";
import { startTlsServer } from "../../support/tls-servers";
import { useEmulator } from "../../support/emulator";
import { configureProvider } from "./helpers";

/*
 * Every published endpoint type in the shape real servers store it (the product's documented keys,
 * and endpoint documents exported from real servers, as emulator/README.md lists them per type): created through the provider (check with validation on,
 * then create), read back, listed, and every non-secret property back exactly as given: same
 * names, numbers still numbers, empty strings still empty.
 */

const PROVIDER = { __provider: "serialised stub" };

interface Shape {
  readonly label: string;
  readonly type: string;
  readonly properties: Record<string, string | number | boolean>;
  readonly secretProperties: Record<string, string>;
}

const emulator = useEmulator({ seedResources: 0, projects: ["Real Shapes"] });
let tls: Awaited<ReturnType<typeof startTlsServer>>;
let pki: TestPki;

beforeAll(async () => {
  pki = await makePki();
  tls = await startTlsServer(pki);
  await configureProvider(emulator.url);
});

afterAll(async () => {
  await resetRuntimeContext();
  await tls.close();
});

/** The shapes, pointing at servers the emulator's validation reaches (itself over http, `tls` over https). */
function shapes(): Shape[] {
  const http = emulator.url;
  const https = tls.url;
  const host = new URL(http);
  return [
    {
      label: "git with a password",
      type: "git",
      properties: {
        serverType: "GitHub",
        repoURL: `${http}/org/app.git`,
        branch: "main",
        authType: "password",
        userName: "ci-bot",
      },
      secretProperties: { password: "git-password-1" },
    },
    {
      label: "git with a private token",
      type: "git",
      properties: {
        serverType: "GitLab",
        repoURL: `${https}/group/app.git`,
        branch: "release/1.x",
        authType: "privateToken",
        fingerprint: pki.leafSha256,
      },
      secretProperties: { privateToken: "glpat-token-2" },
    },
    {
      label: "git on GitLab-Enterprise",
      type: "git",
      properties: {
        serverType: "GitLab-Enterprise",
        repoURL: `${https}/platform/infra.git`,
        branch: "main",
        authType: "password",
        userName: "svc-gitlab",
        fingerprint: "",
      },
      secretProperties: { password: "${var.GITLAB_PASSWORD}" },
    },
    {
      label: "dockerregistry",
      type: "dockerregistry",
      properties: {
        serverType: "dockerhub",
        repoURL: `${https}/v2/`,
        username: "pusher",
        fingerprint: pki.leafSha256,
      },
      secretProperties: { password: "registry-password-3" },
    },
    {
      label: "docker without TLS",
      type: "docker",
      properties: {
        url: `${http}`,
        certificate: "",
        sharedPath: "/var/tmp/ci",
        pollInterval: 5,
        fingerprint: "",
      },
      secretProperties: {},
    },
    {
      label: "docker with TLS",
      type: "docker",
      properties: {
        url: `${https}`,
        certificate: pki.caCert,
        sharedPath: "/opt/shared",
        pollInterval: 30,
        fingerprint: pki.leafSha256,
      },
      secretProperties: {},
    },
    {
      label: "k8s with a token",
      type: "k8s",
      properties: { kubernetesURL: `${https}`, authType: "token", fingerprint: pki.leafSha256 },
      secretProperties: { token: "k8s-bearer-token-4" },
    },
    {
      label: "k8s with certificates",
      type: "k8s",
      properties: {
        kubernetesURL: `${https}`,
        authType: "certificate",
        certAuthorityData: pki.caCert,
        certData: pki.leafCert,
      },
      secretProperties: { certKeyData: pki.leafKey },
    },
    {
      label: "email",
      type: "email",
      properties: {
        senderAddress: "ci@example.com",
        encryptionMethod: "NONE",
        outboundHost: host.hostname,
        outboundPort: Number(host.port),
        outboundProtocol: "smtp",
        outboundUsername: "mailer",
      },
      secretProperties: { outboundPassword: "mail-password-5" },
    },
    {
      label: "jira",
      type: "jira",
      properties: { url: `${https}`, username: "jira-bot", fingerprint: pki.leafSha256 },
      secretProperties: { password: "jira-token-6" },
    },
    {
      label: "jenkins",
      type: "jenkins",
      properties: {
        url: `${http}/jenkins`,
        username: "jenkins-bot",
        folderPath: "",
        pollInterval: 15,
        retryCount: 3,
        retryWaitSeconds: 10,
        fingerprint: "",
      },
      secretProperties: { password: "jenkins-token-7" },
    },
    {
      label: "gerrit",
      type: "gerrit",
      properties: { url: `${http}/gerrit`, username: "gerrit-bot", fingerprint: "", leMansAgent: "" },
      secretProperties: { password: "gerrit-http-8", privateKey: pki.leafKey, passPhrase: "phrase-9" },
    },
    {
      label: "agent",
      type: "agent",
      properties: { leMansAgent: "cloud-proxy-7f3a" },
      secretProperties: {},
    },
  ];
}

describe("every published endpoint type in its real shape", () => {
  it("creates each through check and create, reads it back and lists it, every non-secret property unchanged", async () => {
    const client = emulator.client();
    try {
      const made: Array<{ shape: Shape; id: string; name: string }> = [];
      for (const [i, shape] of shapes().entries()) {
        const name = `shape-${i}-${shape.type}`;
        const news = {
          ...PROVIDER,
          name,
          project: "Real Shapes",
          type: shape.type,
          properties: shape.properties,
          secretProperties: shape.secretProperties,
        };
        const checked = await endpointProvider.check({}, news);
        expect({ label: shape.label, failures: checked.failures ?? [] }).toEqual({
          label: shape.label,
          failures: [],
        });
        const created = await endpointProvider.create({ ...checked.inputs, ...PROVIDER });
        expect({ label: shape.label, properties: created.outs.properties }).toEqual({
          label: shape.label,
          properties: shape.properties,
        });
        const read = await endpointProvider.read!(created.id, { ...created.outs, ...PROVIDER });
        expect({ label: shape.label, properties: read.props!.properties }).toEqual({
          label: shape.label,
          properties: shape.properties,
        });
        const drift = await endpointProvider.diff!(
          created.id,
          { ...read.props, ...PROVIDER },
          checked.inputs,
        );
        expect({ label: shape.label, changes: drift.changes }).toEqual({
          label: shape.label,
          changes: false,
        });
        made.push({ shape, id: created.id, name });
      }

      // Straight from the server: the properties exactly as given, secrets masked or, when they are
      // pipeline-variable references, as given.
      const expected = (shape: Shape) => ({
        ...shape.properties,
        ...Object.fromEntries(
          Object.entries(shape.secretProperties).map(([k, v]) => [k, v.startsWith("${var.") ? v : "*****"]),
        ),
      });
      for (const { shape, id } of made) {
        const endpoint = await client.getEndpoint(id);
        expect({ label: shape.label, type: endpoint.type, properties: endpoint.properties }).toEqual({
          label: shape.label,
          type: shape.type,
          properties: expected(shape),
        });
      }
      const listed = await client.listAllEndpoints({ filter: "project eq 'Real Shapes'" });
      const byId = new Map<string, ApiEndpoint>(listed.map((e) => [e.id, e]));
      expect(byId.size).toBe(made.length);
      for (const { shape, id } of made) {
        expect({ label: shape.label, properties: byId.get(id)?.properties }).toEqual({
          label: shape.label,
          properties: expected(shape),
        });
      }
      for (const { id } of made) await endpointProvider.delete!(id, {});
      expect(await client.listAllEndpoints({ filter: "project eq 'Real Shapes'" })).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("keeps a pipeline-variable reference written among the plain properties where it is, as given", async () => {
    const news = {
      ...PROVIDER,
      name: "var-ref",
      project: "Real Shapes",
      type: "jenkins",
      properties: { url: `${emulator.url}/jenkins`, username: "bot", password: "${var.JENKINS_TOKEN}" },
    };
    const checked = await endpointProvider.check({}, news);
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs.properties).toEqual(news.properties);
    expect(checked.inputs.secretProperties).toEqual({});
    const created = await endpointProvider.create({ ...checked.inputs, ...PROVIDER });
    const client = emulator.client();
    try {
      expect((await client.getEndpoint(created.id)).properties.password).toBe("${var.JENKINS_TOKEN}");
      const read = await endpointProvider.read!(created.id, { ...created.outs, ...PROVIDER });
      expect(read.props!.properties).toEqual(news.properties);
      expect(
        (await endpointProvider.diff!(created.id, { ...read.props, ...PROVIDER }, checked.inputs)).changes,
      ).toBe(false);
      await endpointProvider.delete!(created.id, {});
    } finally {
      await client.close();
    }
  });
});
