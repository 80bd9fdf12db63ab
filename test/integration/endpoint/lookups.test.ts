import * as pulumi from "@pulumi/pulumi";
import { X509Certificate } from "node:crypto";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import {
  getAbout,
  getEndpoint,
  getEndpointCertificate,
  getEndpointOutput,
  getEndpoints,
  getEndpointTile,
  getEndpointTiles,
  validateEndpoint,
} from "../../../provider";
import { resetRuntimeContext } from "../../../provider/runtime/context";
import { loopbackCertificate } from "../../support/certificates";
import { useEmulator } from "../../support/emulator";

/*
 * The data functions, in this process as in a program's, against the emulator. Credentials come
 * from the environment here (no stack config outside a Pulumi program).
 */

const emulator = useEmulator({ seedResources: 0, env: "admin" });

beforeAll(async () => {
  await resetRuntimeContext();
});

afterAll(async () => {
  await resetRuntimeContext();
});

beforeEach(() => emulator.reset());

async function seed(count: number, project = "Platform", type = "jenkins"): Promise<string[]> {
  const client = emulator.client();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const properties =
      type === "jenkins"
        ? { url: "https://jenkins.example.com", password: "pw-1234" }
        : { leMansAgent: "proxy" };
    ids.push((await client.createEndpoint({ name: `${type}-${i}`, type, project, properties })).id);
  }
  await client.close();
  return ids;
}

function valueOf<T>(output: pulumi.Output<T>): Promise<{ value: T; secret: boolean }> {
  const internal = output as unknown as { isSecret: Promise<boolean> };
  return new Promise((resolve, reject) => {
    output.apply((value) => {
      internal.isSecret.then((secret) => resolve({ value, secret }), reject);
      return value;
    });
  });
}

describe("endpoint data functions", () => {
  it("reads an endpoint by id and by project and name", async () => {
    const [id] = await seed(1);
    const byId = await getEndpoint({ id });
    expect(byId).toMatchObject({ id, name: "jenkins-0", project: "Platform", projectId: expect.any(String) });
    expect(byId.properties).toMatchObject({ password: "*****" });
    expect((await getEndpoint({ project: "Platform", name: "jenkins-0" })).id).toBe(id);
  });

  it("says, when a lookup by name finds nothing, how to look up an endpoint the program declares", async () => {
    const failure = await getEndpoint({ project: "Platform", name: "not-made-yet" }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: "NotFoundError", code: "NotFound", status: 404 });
    const message = (failure as Error).message;
    expect(message).toContain("not-made-yet");
    expect(message).toContain("look it up by its id instead (Pulumi YAML: `id: ${<resource>.id}`");
  });

  it("shows the description without the owner mark a create leaves", async () => {
    const client = emulator.client();
    const { id } = await client.createEndpoint({
      name: "marked",
      type: "jenkins",
      project: "Platform",
      description: "CI server [pulumi: created for urn:pulumi:dev::app::aria:index:JenkinsEndpoint::ci]",
      properties: { url: "https://jenkins.example.com", password: "pw-1234" },
    });
    await client.close();
    expect((await getEndpoint({ id })).description).toBe("CI server");
  });

  it("does not mark a result secret when every secret is masked", async () => {
    const [id] = await seed(1);
    const { value, secret } = await valueOf(getEndpointOutput({ id: pulumi.output(id) }));
    expect(value.id).toBe(id);
    expect(secret).toBe(false);
  });

  it("lists every page when no top is given, filtered by project and type", async () => {
    await seed(30, "Platform");
    await seed(2, "Payments");
    await seed(3, "Platform", "agent");
    await emulator.clearRequests();
    const all = await getEndpoints({ project: "Platform", type: "jenkins" });
    expect(all.endpoints).toHaveLength(30);
    expect(new Set(all.endpoints.map((e) => e.project))).toEqual(new Set(["Platform"]));
    const top = await getEndpoints({ project: "Platform", top: 5, orderBy: "name asc" });
    expect(top.endpoints.map((e) => e.name)).toEqual([
      "agent-0",
      "agent-1",
      "agent-2",
      "jenkins-0",
      "jenkins-1",
    ]);
    expect(top.totalCount).toBe(33);
  });

  it("escapes quotes in the project name of a filter", async () => {
    const result = await getEndpoints({ project: "O'Brien's project" });
    expect(result.endpoints).toEqual([]);
  });

  it("lists the endpoint types and reads one", async () => {
    const tiles = await getEndpointTiles();
    expect(tiles.map((t) => t.tileId)).toEqual(
      expect.arrayContaining(["jenkins", "git", "k8s", "dockerregistry", "docker"]),
    );
    const jenkins = await getEndpointTile({ type: "jenkins" });
    expect(jenkins.inputProperties.password).toMatchObject({ secret: true });
  });

  it("returns a server's certificate chain with the leaf's SHA-256 fingerprint ready for an endpoint", async () => {
    const pems = await loopbackCertificate();
    const server = https.createServer({ key: pems.key, cert: pems.cert }, (_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await getEndpointCertificate({ url });
      const expected = new X509Certificate(pems.cert).fingerprint256.replace(/:/g, "").toUpperCase();
      expect(result.sha256Fingerprint).toBe(expected);
      expect(result.certificates[0].issuedTo?.commonName).toBe("localhost");
      // The fingerprint is what the server's validation compares an endpoint's `fingerprint` with.
      const validated = await validateEndpoint({
        name: "tls",
        type: "jenkins",
        properties: { url, fingerprint: result.sha256Fingerprint! },
      });
      expect(validated).toMatchObject({ succeeded: true });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("validates an endpoint definition", async () => {
    const ok = await validateEndpoint({
      name: "probe",
      type: "jenkins",
      properties: { url: emulator.url },
      secretProperties: { password: "validate-secret" },
    });
    expect(ok).toMatchObject({ succeeded: true, status: "COMPLETED" });
    const failed = await validateEndpoint({
      name: "probe",
      type: "jenkins",
      properties: { url: "http://127.0.0.1:1" },
    });
    expect(failed.succeeded).toBe(false);
    expect(failed.statusMessage).toMatch(/Failed to connect/);
  });

  it("reads the API versions", async () => {
    expect((await getAbout()).latestApiVersion).toBe("2019-10-17");
  });
});
