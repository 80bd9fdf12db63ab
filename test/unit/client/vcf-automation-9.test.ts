import { TokenExchanges, TokenManager } from "../../../provider/client/auth";
import { resolveClientConfig } from "../../../provider/client/config";
import { AriaConfigError } from "../../../provider/client/config-error";
import { createApiError } from "../../../provider/client/errors";
import {
  generationFromConfig,
  isPipelinesUnavailable,
  PipelinesUnavailableError,
} from "../../../provider/client/generation";
import { Redactor } from "../../../provider/client/redact";
import { ROUTES } from "../../../provider/client/routes";
import { signInIssue } from "../../../provider/client/sign-in";
import { loginNotFound } from "../../../provider/client/token-exchanges";
import { FakeClock } from "../../support/clock";

/*
 * VCF Automation 9 in the client, without a server: telling it from Aria Automation 8.x by the answer
 * of /automation/config.json (as the vendor's Terraform provider tells it), what its sign-in needs,
 * the `organization` setting, the lifetime its token endpoint answers, and the messages.
 */

const encoded = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("telling VCF Automation 9 from Aria Automation 8.x", () => {
  it("takes a version at or above 9.0.0.0 for VCF Automation, with or without a v", () => {
    expect(generationFromConfig({ applicationVersion: encoded("9.0.0.0") })).toEqual({
      product: "vcf-automation-9",
      version: "9.0.0.0",
    });
    expect(generationFromConfig({ applicationVersion: encoded("v9.0.1.0") })).toEqual({
      product: "vcf-automation-9",
      version: "9.0.1.0",
    });
    expect(
      generationFromConfig({ applicationVersion: encoded("VCF Automation v10.2.0.1 (build 7)") }),
    ).toEqual({ product: "vcf-automation-9", version: "10.2.0.1" });
    // Compared number by number, not as text: 10.x is above 9, 9.10 above 9.9.
    expect(generationFromConfig({ applicationVersion: encoded("9.10.0.0") }).product).toBe(
      "vcf-automation-9",
    );
  });

  it("takes anything below 9.0.0.0, or no version at all, for 8.x", () => {
    for (const text of ["8.18.1.0", "v8.99.99.99", "no version here", "9.0.0"]) {
      expect(generationFromConfig({ applicationVersion: encoded(text) })).toEqual({
        product: "aria-automation-8",
      });
    }
    expect(generationFromConfig({ name: "something else" })).toEqual({ product: "aria-automation-8" });
  });

  it("refuses an answer that is not a JSON object, or a value that is not base64", () => {
    // The transport hands over malformed JSON as its text.
    expect(() => generationFromConfig('{"applicationVersion": ')).toThrow(/not a JSON object/);
    expect(() => generationFromConfig(["9.0.0.0"])).toThrow(/not a JSON object/);
    expect(() => generationFromConfig({ applicationVersion: "9.0.0.0" })).toThrow(/not base64/);
    expect(() => generationFromConfig({ applicationVersion: "OS4wLjAuMA" })).toThrow(/not base64/); // no padding
    expect(() => generationFromConfig({ applicationVersion: 9 })).toThrow(/not a string/);
  });

  it("routes the probe and the organization's token endpoint to the server's origin, as the vendor does", () => {
    expect(ROUTES.readAutomationConfig).toMatchObject({ method: "GET", anonymous: true, atOrigin: true });
    expect(ROUTES.exchangeOrganizationToken).toMatchObject({
      method: "POST",
      path: "/tm/oauth/tenant/{organization}/token",
      anonymous: true,
      login: true,
      atOrigin: true,
    });
  });
});

describe("the organization setting", () => {
  const base = { "vra:url": "https://vcfa.example.com", "vra:refreshToken": "r" };

  it("is read from vra:organization, aria:organization or VCFA_ORGANIZATION", () => {
    expect(resolveClientConfig({ ...base, "vra:organization": "vm-apps" }, {}).organization).toBe("vm-apps");
    expect(resolveClientConfig(base, { VCFA_ORGANIZATION: " tenant-1 " }).organization).toBe("tenant-1");
    expect(
      resolveClientConfig(
        { "aria:url": base["vra:url"], "aria:refreshToken": "r", "aria:organization": "o" },
        {},
        "aria",
      ).organization,
    ).toBe("o");
    expect(resolveClientConfig(base, {}).organization).toBeUndefined();
  });

  it("refuses the provider organization `system`, in any case, naming where it came from", () => {
    expect(() => resolveClientConfig({ ...base, "vra:organization": "System" }, {})).toThrow(
      /vra:organization is `system`, the provider organization/,
    );
    expect(() => resolveClientConfig(base, { VCFA_ORGANIZATION: "system" })).toThrow(
      /^[^\n]*VCFA_ORGANIZATION is `system`/,
    );
    expect(() => resolveClientConfig({ ...base, "vra:organization": "a/b" }, {})).toThrow(
      /organization's name/,
    );
  });
});

describe("what signing in to VCF Automation 9 needs", () => {
  const vcfa = { product: "vcf-automation-9", version: "9.0.1.0" } as const;
  const url = "https://vcfa.example.com";

  it("asks nothing more of Aria Automation 8.x", () => {
    expect(
      signInIssue({ url, credentials: { username: "u", password: "p" } }, { product: "aria-automation-8" }),
    ).toBeUndefined();
  });

  it("needs the organization with a refresh token: one line naming organization and VCFA_ORGANIZATION", () => {
    const issue = signInIssue({ url, credentials: { refreshToken: "r" }, settingsNamespace: "aria" }, vcfa);
    expect(issue?.key).toBe("aria:organization");
    const message = new AriaConfigError([issue!]).message;
    expect(message).not.toContain("\n");
    expect(message).toContain("VMware Cloud Foundation (VCF) Automation 9.0.1.0");
    expect(message).toMatch(/set aria:organization \(VCFA_ORGANIZATION\)/);
    expect(signInIssue({ url, credentials: { refreshToken: "r" }, organization: "o" }, vcfa)).toBeUndefined();
  });

  it("takes an access token as it is, and has no password login", () => {
    expect(signInIssue({ url, credentials: { accessToken: "a" } }, vcfa)).toBeUndefined();
    const issue = signInIssue({ url, credentials: { username: "u", password: "p" } }, vcfa);
    expect(issue?.message).toMatch(
      /does not take a user name and password.*vra:refreshToken.*vra:organization/,
    );
  });
});

describe("the token an organization's token endpoint answers", () => {
  it("is renewed before its expires_in runs out", async () => {
    const clock = new FakeClock();
    let issued = 0;
    const exchanges: TokenExchanges = {
      exchangeRefreshToken: async () => ({ token: `opaque-${++issued}`, expiresInSeconds: 3600 }),
      login: async () => "unused",
    };
    const tokens = new TokenManager({ refreshToken: "r" }, exchanges, {
      defaultLifetimeMs: 25 * 60_000,
      clock,
      redactor: new Redactor(),
    });
    expect(await tokens.token()).toBe("opaque-1");
    clock.advance(50 * 60_000); // past the default lifetime, within expires_in
    expect(await tokens.token()).toBe("opaque-1");
    clock.advance(9 * 60_000 + 1); // within the last minute of the hour
    expect(await tokens.token()).toBe("opaque-2");
  });
});

describe("messages", () => {
  it("a login answering 404 names the URL and the organization, and is no absence", () => {
    const error = createApiError({
      operation: ROUTES.exchangeRefreshToken.operation,
      method: "POST",
      path: "/iaas/api/login",
      status: 404,
      code: "HttpError",
      hint: loginNotFound("vra"),
    });
    expect(error.code).toBe("HttpError");
    expect(error.message).toMatch(/does not answer this as an Aria Automation or VCF Automation login/);
    expect(error.message).toMatch(/vra:url \(VRA_URL\).*vra:organization \(VCFA_ORGANIZATION\)/);
    expect(error.message).not.toMatch(/pulumi refresh|deleted outside Pulumi/);
  });

  it("a pipeline call on VCF Automation 9 says what to do, naming the version", () => {
    const error = new PipelinesUnavailableError("https://vcfa.example.com", "9.0.1.0");
    expect(isPipelinesUnavailable(error)).toBe(true);
    expect(error.message).toMatch(
      /VMware Cloud Foundation \(VCF\) Automation 9\.0\.1\.0, which has no Pipelines service/,
    );
    expect(error.message).toMatch(/Aria Automation 8\.x only/);
    expect(error.message).toMatch(/8\.18 server/);
    expect(error.message).toMatch(/aria-export/);
    expect(error.message).not.toContain("\n");
  });
});
