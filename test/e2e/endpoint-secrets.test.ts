import { changes, E2EStack, expectOk, OpResult, openStack } from "../support/program-stack";

/*
 * Secrets written where a new user writes them (among the plain properties) end up encrypted, with a
 * warning, and never in clear in the state, the exported stack or the CLI's output. Inputs the server
 * would refuse fail the preview and the update, naming the field, before anything is created.
 */

// The e2e project's `testTimeout` in jest.config.js is not applied to projects by jest 30: set it here.
jest.setTimeout(600_000);

const PASSWORD = "e2e-Generic-Passw0rd-7f3a";
const TYPED_PASSWORD = "e2e-Typed-Passw0rd-91c2";

/** Everything the CLI printed. */
function said(result: OpResult): string {
  return [result.error, result.stdout, result.stderr].filter(Boolean).join("\n");
}

function expectNoSecret(text: string): void {
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(TYPED_PASSWORD);
}

describe("a password written among an endpoint's plain properties", () => {
  let stack: E2EStack;

  beforeAll(async () => {
    stack = await openStack({
      program: "test/e2e/programs/endpoint-secrets",
      env: { ARIA_E2E_PASSWORD: PASSWORD, ARIA_E2E_TYPED_PASSWORD: TYPED_PASSWORD },
    });
    stack.setConfig("url", stack.url);
  });

  afterAll(async () => {
    await stack?.dispose();
  });

  describe("is stored encrypted", () => {
    afterAll(async () => {
      expectOk(await stack.destroy());
    });

    it("warns in preview, naming the field and where it belongs", async () => {
      const preview = expectOk(await stack.preview());
      const text = said(preview);
      // The engine's own warnings (a line starting "warning:"), not text the provider wrote to stderr.
      for (const name of ["secret-generic", "secret-typed"]) {
        expect(text).toMatch(
          new RegExp(
            `^\\s*warning: endpoint '${name}' in project 'Platform': properties\\.password is a secret`,
            "m",
          ),
        );
      }
      expect(text).toMatch(/Declare it in secretProperties/);
      expectNoSecret(text);
    });

    it("goes to the server on up, and appears nowhere in the export, the state files or the output", async () => {
      await stack.resetRequests();
      const up = expectOk(await stack.up());
      expect(changes(up)).toEqual({ create: 3 });
      expect((await stack.requests()).counts["POST /pipeline/api/endpoints"]).toBe(2);
      expectNoSecret(said(up));
      expect(up.outputs!.genericProperties.value).toEqual({ url: stack.url, username: "bot" });

      const exported = JSON.stringify(await stack.exportStack());
      expectNoSecret(exported);
      expectNoSecret(stack.rawState());
      const cli = await stack.pulumi(["stack", "export", "--stack", stack.stackName]);
      expect(cli.code).toBe(0);
      expectNoSecret(cli.stdout + cli.stderr);

      // The moved passwords are in the state, as ciphertext, under secretProperties.
      const state = JSON.parse(cli.stdout) as {
        deployment: { resources: Array<{ type: string; inputs?: Record<string, unknown> }> };
      };
      const endpoints = state.deployment.resources.filter(
        (r) => r.type === "pulumi-nodejs:dynamic/aria:Endpoint",
      );
      expect(endpoints).toHaveLength(2);
      for (const endpoint of endpoints) {
        expect(endpoint.inputs!.properties).not.toHaveProperty("password");
        expect(JSON.stringify(endpoint.inputs!.secretProperties)).toMatch(/ciphertext/);
      }
    });

    it("shows no change on the next preview, and still no secret", async () => {
      const preview = expectOk(await stack.preview());
      expect(changes(preview)).toEqual({});
      expectNoSecret(said(preview));
    });
  });

  describe("inputs the server would refuse fail before anything is created", () => {
    afterEach(() => {
      stack.setConfig("project", "Platform");
      stack.setConfig("extraProperties", "{}");
    });

    it("fails the preview and the update of an unknown project, naming the field", async () => {
      stack.setConfig("project", "No Such Project");
      await stack.resetRequests();
      for (const result of [await stack.preview(), await stack.up()]) {
        expect(result.ok).toBe(false);
        const text = said(result);
        expect(text).toMatch(
          /property project value .* has a problem: the server has no project 'No Such Project'/,
        );
        expectNoSecret(text);
      }
      expect((await stack.requests()).counts["POST /pipeline/api/endpoints"] ?? 0).toBe(0);
    });

    it("fails the preview and the update of an object-valued property, naming the field", async () => {
      stack.setConfig("extraProperties", JSON.stringify({ folderPath: { team: "platform" } }));
      await stack.resetRequests();
      for (const result of [await stack.preview(), await stack.up()]) {
        expect(result.ok).toBe(false);
        const text = said(result);
        expect(text).toMatch(/properties\.folderPath/);
        expect(text).toMatch(/'folderPath' must be a single String value, not an object/);
        expectNoSecret(text);
      }
      expect((await stack.requests()).counts["POST /pipeline/api/endpoints"] ?? 0).toBe(0);
    });
  });
});
