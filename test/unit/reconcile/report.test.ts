import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { createApiError } from "../../../provider/client/errors";
import { ROUTES } from "../../../provider/client/routes";
import {
  isCredentialsRefused,
  lockHint,
  pulumiFailureCode,
  serverFailure,
} from "../../../provider/reconcile/failures";
import { EXIT, outcomeOf, ReconcileReport, reportJsonSchema } from "../../../provider/reconcile/report";
import { configSecrets, StackConfig, stackServer } from "../../../provider/reconcile/settings";
import { inSyncReport, SERVER, unmanagedByHand } from "./reports";

const root = join(__dirname, "..", "..", "..");
const report = (overrides: Partial<ReconcileReport>): ReconcileReport =>
  inSyncReport("dev", 4.2, {
    coverage: { managed: 2, total: 2, percent: 100, servers: [] },
    ...overrides,
  });

describe("the exit code of a run", () => {
  it("is 0 in sync, 7 with drift or unmanaged endpoints, 0 once drift alone is remediated", () => {
    expect(outcomeOf(0, 0, false)).toEqual({ result: "in-sync", exitCode: 0 });
    expect(outcomeOf(1, 0, false)).toEqual({ result: "changes", exitCode: 7 });
    expect(outcomeOf(0, 1, false)).toEqual({ result: "changes", exitCode: 7 });
    expect(outcomeOf(2, 0, true)).toEqual({ result: "remediated", exitCode: 0 });
    // Remediation never adopts nor deletes an unmanaged endpoint: they are still there.
    expect(outcomeOf(2, 1, true)).toEqual({ result: "changes", exitCode: 7 });
    expect(outcomeOf(0, 0, true)).toEqual({ result: "in-sync", exitCode: 0 });
    // A mandatory policy broken is Pulumi's policy exit code, before drift's 7.
    expect(outcomeOf(0, 0, false, 1)).toEqual({ result: "violations", exitCode: 5 });
    expect(outcomeOf(3, 1, false, 2)).toEqual({ result: "violations", exitCode: 5 });
    expect(outcomeOf(0, 0, false, 0)).toEqual({ result: "in-sync", exitCode: 0 });
  });

  it("is 3 for credentials the server refuses, 4 for any other server failure, naming server, stack and setting", () => {
    const failure = (status: number, operation = "list endpoints") =>
      createApiError({ operation, method: "GET", path: "/pipeline/api/endpoints", status, body: {} });
    const refused = serverFailure(failure(401), SERVER, "stack dev", "aria:refreshToken");
    expect(refused.exitCode).toBe(EXIT.credentials);
    expect(refused.message).toContain(
      `server ${SERVER} refused the credentials of stack dev (aria:refreshToken)`,
    );
    expect(serverFailure(failure(403), SERVER, "stack dev", "x").exitCode).toBe(EXIT.credentials);
    // The login exchange answers 400 to a refresh token it does not know.
    expect(isCredentialsRefused(failure(400, ROUTES.exchangeRefreshToken.operation))).toBe(true);
    const login = serverFailure(
      failure(400, ROUTES.loginWithPassword.operation),
      SERVER,
      "stack dev",
      "VRA_USERNAME",
    );
    expect(login.exitCode).toBe(EXIT.credentials);
    expect(login.message).toContain("(VRA_USERNAME)");
    expect(isCredentialsRefused(failure(400))).toBe(false);
    const down = serverFailure(
      createApiError({
        operation: "list endpoints",
        method: "GET",
        path: "/",
        cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
      }),
      SERVER,
      "stack dev",
      "VRA_REFRESH_TOKEN",
    );
    expect(down.exitCode).toBe(EXIT.failure);
    expect(down.message).toContain(`server ${SERVER} (used by stack dev)`);
    expect(serverFailure(failure(503), SERVER, "stack dev", "x").exitCode).toBe(EXIT.failure);
  });

  it("is 2 for an unknown stack or a locked backend, and 4 for a program or provider that failed", () => {
    expect(pulumiFailureCode(6, "error: no stack named 'nope' found")).toBe(EXIT.usage);
    expect(pulumiFailureCode(255, "error: passphrase must be set with PULUMI_CONFIG_PASSPHRASE")).toBe(
      EXIT.usage,
    );
    expect(pulumiFailureCode(1, "error: preview failed")).toBe(EXIT.failure);
    expect(pulumiFailureCode(3, "error: unauthorized")).toBe(EXIT.credentials);
  });

  it("is 4 for a stack an update holds locked, with a message saying it was left to it and what to do", () => {
    const locked =
      "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.";
    expect(pulumiFailureCode(255, locked)).toBe(EXIT.failure);
    expect(lockHint("prod", locked)).toContain("Stack prod is locked by another operation");
    expect(lockHint("prod", locked)).toContain("pulumi cancel --stack prod");
    expect(lockHint("prod", "error: preview failed")).toBe("");
  });
});

describe("a stack's server settings", () => {
  const config = StackConfig.parse({
    "aria:url": { value: SERVER, secret: false },
    "aria:refreshToken": { value: "s3cret-token-value", secret: true },
    "vra:url": { value: "https://other.example.com", secret: false },
    "app:size": { objectValue: { a: 1 }, secret: false },
  });

  it("are the plugin's aria: keys for a plugin stack and the dynamic door's vra: keys, then VRA_*", () => {
    const plugin = stackServer("dev", config, "plugin", {});
    expect(plugin.config.url).toBe(SERVER);
    expect(plugin.credentialSetting).toBe("aria:refreshToken");
    const dynamic = stackServer("dev", config, "dynamic", { VRA_REFRESH_TOKEN: "env-token" });
    expect(dynamic.config.url).toBe("https://other.example.com");
    expect(dynamic.credentialSetting).toBe("VRA_REFRESH_TOKEN");
    // A stack with nothing in its state reads the namespace its config uses.
    expect(stackServer("dev", config, undefined, {}).namespace).toBe("aria");
    expect(configSecrets(config)).toEqual(["s3cret-token-value"]);
  });

  it("take the server of an explicit aria provider resource where aria:url is not set, the credentials from VRA_*", () => {
    const explicit = stackServer("dev", StackConfig.parse({}), "plugin", { VRA_REFRESH_TOKEN: "t" }, SERVER);
    expect(explicit.config.url).toBe(SERVER);
    expect(explicit.credentialSetting).toBe("VRA_REFRESH_TOKEN");
    // aria:url, when set, is what the program's default provider uses.
    expect(stackServer("dev", config, "plugin", {}, "https://other.example.com").config.url).toBe(SERVER);
  });

  it("missing, are exit 2 with a message naming the stack and each setting", () => {
    let error: unknown;
    try {
      stackServer("prod", StackConfig.parse({ "vra:url": { value: "not a url" } }), "dynamic", {});
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ exitCode: EXIT.usage });
    expect((error as Error).message).toMatch(/^stack prod: .*vra:url/s);
    expect((error as Error).message).toContain("vra:refreshToken");
  });
});

describe("the --json report", () => {
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(reportJsonSchema());

  it("is the checked-in provider/reconcile/report.schema.json", () => {
    const checkedIn = readFileSync(join(root, "provider", "reconcile", "report.schema.json"), "utf8");
    if (checkedIn !== `${JSON.stringify(reportJsonSchema(), null, 2)}\n`) {
      throw new Error("provider/reconcile/report.schema.json is stale: run npm run gen");
    }
  });

  it("validates reports in sync, with changes, remediated and failed, and refuses what is not one", () => {
    const drifted = {
      stack: "dev",
      urn: "urn:pulumi:dev::app::aria:index:JenkinsEndpoint::jenkins",
      name: "jenkins",
      type: "aria:index:JenkinsEndpoint",
      id: "j1",
      action: "update" as const,
      fields: ["description"],
    };
    const unmanaged = unmanagedByHand({ pulumiImport: "pulumi import ...", ariaExport: "aria-export ..." });
    const coverage = {
      managed: 2,
      total: 3,
      percent: 66.7,
      servers: [
        {
          server: SERVER,
          managed: 2,
          total: 3,
          percent: 66.7,
          projects: [{ project: "Platform", managed: 2, total: 3, percent: 66.7 }],
        },
      ],
    };
    for (const sample of [
      report({}),
      report({
        result: "changes",
        exitCode: 7,
        drifted: [drifted],
        unmanaged: [unmanaged],
        coverage,
        events: [
          { event: "drift_detection_succeeded", stack: "dev" },
          { event: "drift_detected", stack: "dev", drifted: 1 },
        ],
      }),
      report({
        result: "violations",
        exitCode: 5,
        policy: {
          violations: [
            {
              stack: "dev",
              urn: drifted.urn,
              name: "jenkins",
              rule: "aria-endpoint-plain-http",
              enforcementLevel: "mandatory",
              message: "endpoint 'jenkins': properties.url uses plain http",
            },
          ],
        },
        adoption: {
          dir: "/tmp/adopt",
          unmanaged: 1,
          covered: 1,
          files: ["README.md", "import.json"],
          settings: [
            { server: SERVER, endpoint: "by-hand", property: "password", configKey: "by-hand-password" },
          ],
        },
      }),
      report({
        result: "remediated",
        exitCode: 0,
        drifted: [{ ...drifted, remediated: true }],
        events: [
          { event: "drift_detection_succeeded", stack: "dev" },
          { event: "drift_detected", stack: "dev", drifted: 1 },
          { event: "drift_remediation_succeeded", stack: "dev", drifted: 1 },
        ],
      }),
      report({
        result: "error",
        exitCode: 4,
        stacks: [],
        coverage: undefined,
        events: [{ event: "drift_remediation_failed", stack: "dev", message: "stack dev: up failed" }],
        error: { message: `server ${SERVER}: down` },
      }),
    ].map((r) => JSON.parse(JSON.stringify(r)) as ReconcileReport)) {
      expect(ReconcileReport.parse(sample)).toEqual(sample);
      expect(validate(sample) ? [] : validate.errors).toEqual([]);
    }
    expect(validate({ ...report({}), exitCode: 1 })).toBe(false);
    expect(validate({ ...report({}), drifted: [{ ...drifted, value: "x" }] })).toBe(false);
    expect(validate({ result: "in-sync" })).toBe(false);
    // An event Pulumi Cloud does not name, a coverage above 100%, a report without its events.
    expect(validate({ ...report({}), events: [{ event: "drift_found", stack: "dev" }] })).toBe(false);
    expect(validate({ ...report({}), coverage: { ...coverage, percent: 101 } })).toBe(false);
    const { events: _events, ...withoutEvents } = report({});
    expect(validate(withoutEvents)).toBe(false);
  });
});
