import { createEndpointProvider } from "../../../provider/dynamic/providers";
import { providerApiClient, providerSettingValue } from "../../../provider/runtime/context";
import { useProviderEmulator } from "./helpers";

/*
 * `check` against the emulator: the projects it lists, secrets routed out of the plain properties
 * and still sent to the server, and inputs the server would refuse refused before any write.
 */

const PROVIDER = { __provider: "serialised stub" };
const SECRET = "integration-Check-s3cret";

const emulator = useProviderEmulator();

function freshProvider(warnings: string[] = []) {
  return createEndpointProvider({
    api: providerApiClient,
    validateByDefault: () => providerSettingValue("validateEndpoints"),
    warn: async (message) => void warnings.push(message),
  });
}

const jenkins = (properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  ...PROVIDER,
  name: "ci",
  type: "jenkins",
  project: "Platform",
  properties: { url: emulator.url, username: "bot", ...properties },
  secretProperties: {},
  ...extra,
});

describe("the client's projects lookup", () => {
  it("lists the server's projects with their ids, across pages", async () => {
    const client = emulator.client();
    try {
      const projects = await client.listAllProjects();
      const names = projects.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(["Platform", "Default Project"]));
      for (const project of projects) expect(project.id).toMatch(/\S/);
      const firstPage = await client.listProjects({ top: 1 });
      expect(firstPage.content).toHaveLength(1);
      expect(firstPage.totalElements).toBe(projects.length);
    } finally {
      await client.close();
    }
  });
});

describe("endpoint check against the emulator", () => {
  it("fails an unknown project, naming the field and the server's projects, and writes nothing", async () => {
    const provider = freshProvider();
    const result = await provider.check({}, jenkins({}, { project: "No Such Project" }));
    expect(result.failures).toEqual([
      { property: "project", reason: expect.stringMatching(/no project 'No Such Project'.*'Platform'/) },
    ]);
    const log = await emulator.requests();
    expect(log.counts["POST /pipeline/api/endpoints"] ?? 0).toBe(0);
    expect(log.counts["POST /pipeline/api/endpoint-validation"] ?? 0).toBe(0);
  });

  it("lists the projects once per provider process", async () => {
    const provider = freshProvider();
    for (let i = 0; i < 3; i++) {
      const result = await provider.check({}, jenkins({}, { name: `ci-${i}`, validate: false }));
      expect(result.failures).toBeUndefined();
    }
    expect((await emulator.requests()).counts["GET /iaas/api/projects"]).toBe(1);
  });

  it("routes a password written among the plain properties to the secret bag, and the server still gets it", async () => {
    const warnings: string[] = [];
    const provider = freshProvider(warnings);
    const checked = await provider.check({}, jenkins({ password: SECRET }));
    expect(checked.failures).toBeUndefined();
    expect(checked.inputs.properties).not.toHaveProperty("password");
    expect(checked.inputs.secretProperties).toEqual({ password: SECRET });
    expect(warnings.join("\n")).toMatch(/properties\.password is a secret/);
    expect(warnings.join("\n")).not.toContain(SECRET);

    const created = await provider.create({ ...checked.inputs, ...PROVIDER });
    expect(created.outs.properties).not.toHaveProperty("password");
    expect(created.outs.secretProperties).toEqual({ password: SECRET });
    // The server holds the secret (it masks it, as it masks every stored secret).
    const client = emulator.client();
    try {
      expect((await client.getEndpoint(created.id)).properties.password).toBe("*****");
    } finally {
      await client.close();
    }
  });

  it("fails an object-valued property, naming the field, before the server's validation or any write", async () => {
    const provider = freshProvider();
    await emulator.clearRequests();
    const result = await provider.check({}, jenkins({ folderPath: { team: "platform" } }));
    expect(result.failures).toEqual([
      { property: "properties.folderPath", reason: expect.stringMatching(/not an object/) },
    ]);
    const log = await emulator.requests();
    expect(log.counts["POST /pipeline/api/endpoint-validation"] ?? 0).toBe(0);
    expect(log.counts["POST /pipeline/api/endpoints"] ?? 0).toBe(0);
  });

  it("accepts what the server's own tiles allow: numbers for integers and every allowed value", async () => {
    const provider = freshProvider();
    const jenkinsOk = await provider.check(
      {},
      jenkins({ pollInterval: 10, retryCount: "3" }, { validate: false }),
    );
    expect(jenkinsOk.failures).toBeUndefined();
    const email = await provider.check(
      {},
      {
        ...PROVIDER,
        name: "mail",
        type: "email",
        project: "Platform",
        validate: false,
        properties: {
          senderAddress: "ci@example.com",
          encryptionMethod: "TLS",
          outboundHost: "smtp.example.com",
          outboundPort: 587,
          outboundProtocol: "smtp",
        },
      },
    );
    expect(email.failures).toBeUndefined();
    const wrong = await provider.check(
      {},
      {
        ...email.inputs,
        ...PROVIDER,
        properties: { ...(email.inputs.properties as object), encryptionMethod: "STARTTLS" },
      },
    );
    expect(wrong.failures).toEqual([
      {
        property: "properties.encryptionMethod",
        reason: "'encryptionMethod' must be one of: TLS, SSL, NONE",
      },
    ]);
  });
});
