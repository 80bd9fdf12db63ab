import { TokenService } from "../../../emulator/auth/tokens";
import { UserDirectory } from "../../../emulator/auth/users";
import { checkApiVersion } from "../../../emulator/core/api-version";
import { AdvancingClock } from "../../../emulator/core/clock";
import { pipelineTimestamp } from "../../../emulator/core/time";
import { resolveOptions } from "../../../emulator/options";

describe("access tokens", () => {
  afterEach(() => jest.restoreAllMocks());

  it("are HS256 JWTs naming the user that expire after their lifetime", () => {
    const tokens = new TokenService(TokenService.newSecret(), 60);
    const token = tokens.issue("admin");
    expect(JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
    expect(tokens.verify(token)).toEqual({ ok: true, username: "admin" });
    const later = Date.now() + 61_000;
    jest.spyOn(Date, "now").mockReturnValue(later);
    expect(tokens.verify(token)).toEqual({ ok: false, reason: "expired" });
  });

  it.each([60, 0.3])(
    "carry exp as whole seconds (Go clients decode an int64), lasting at least a %s s lifetime",
    (ttl) => {
      const now = 1_700_000_000_123;
      jest.spyOn(Date, "now").mockReturnValue(now);
      const tokens = new TokenService(TokenService.newSecret(), ttl);
      const token = tokens.issue("admin");
      const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
      expect(Number.isInteger(claims.exp)).toBe(true);
      expect(Number.isInteger(claims.iat)).toBe(true);
      expect(claims.exp * 1000).toBeGreaterThanOrEqual(now + ttl * 1000);
      expect(claims.exp * 1000).toBeLessThan(now + ttl * 1000 + 1000);
      // Valid until exp, expired from then on: the server keeps to the claim it published.
      jest.spyOn(Date, "now").mockReturnValue(claims.exp * 1000 - 1);
      expect(tokens.verify(token)).toEqual({ ok: true, username: "admin" });
      jest.spyOn(Date, "now").mockReturnValue(claims.exp * 1000);
      expect(tokens.verify(token)).toEqual({ ok: false, reason: "expired" });
    },
  );

  it("are issued and expire by the emulator's clock, which advancing moves without waiting", () => {
    const base = 1_700_000_000_000;
    const clock = new AdvancingClock({ now: () => base });
    const tokens = new TokenService(TokenService.newSecret(), 60, clock);
    const token = tokens.issue("admin");
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({ iat: base / 1000, exp: base / 1000 + 60 });
    clock.advance(59_999);
    expect(tokens.verify(token)).toEqual({ ok: true, username: "admin" });
    clock.advance(1);
    expect(clock).toMatchObject({ advancedMs: 60_000 });
    expect(tokens.verify(token)).toEqual({ ok: false, reason: "expired" });
    expect(() => clock.advance(-1)).toThrow(/0 or more; got -1/);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });

  it("are invalid when signed by another instance or tampered with", () => {
    const token = new TokenService(TokenService.newSecret(), 60).issue("admin");
    expect(new TokenService(TokenService.newSecret(), 60).verify(token)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(new TokenService(TokenService.newSecret(), 60).verify("not-a-jwt")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("users", () => {
  it("default their refresh token to <username>-refresh-token and are not administrators unless said", () => {
    const users = new UserDirectory([{ username: "ops", password: "pw" }]);
    expect(users.byRefresh("ops-refresh-token")).toMatchObject({ username: "ops", admin: false });
    expect(users.authenticate("ops", "wrong")).toBeUndefined();
  });
});

describe("apiVersion", () => {
  const check = (value: string) => () =>
    checkApiVersion(new URLSearchParams({ apiVersion: value }), ["2020-08-25", "2019-01-15"]);

  it("accepts supported versions and an empty value", () => {
    expect(check("2019-01-15")).not.toThrow();
    expect(check("")).not.toThrow();
  });

  it("rejects malformed and unsupported versions naming them", () => {
    expect(check("2020-02-30")).toThrow(
      "Invalid apiVersion '2020-02-30': expected a date in yyyy-MM-dd format (UTC)",
    );
    expect(check("latest")).toThrow(/Invalid apiVersion 'latest'/);
    expect(check("2021-01-01")).toThrow(
      "Unsupported apiVersion '2021-01-01'. Supported versions: 2020-08-25, 2019-01-15",
    );
  });
});

describe("emulator options", () => {
  it("default to an ephemeral loopback port, 8-hour tokens, 300 ms requests and 300 seeded resources", () => {
    expect(resolveOptions()).toMatchObject({
      port: 0,
      host: "127.0.0.1",
      tokenTtlSeconds: 28800,
      requestDelayMs: 300,
      seedResources: 300,
      product: "aria-automation-8",
    });
  });

  it("default VCF Automation 9 to version 9.0.1.0, organization vm-apps and one-hour tokens", () => {
    expect(resolveOptions({ product: "vcf-automation-9" })).toMatchObject({
      applicationVersion: "9.0.1.0",
      organizations: ["vm-apps"],
      tokenTtlSeconds: 3600,
    });
    expect(resolveOptions({ product: "vcf-automation-9", tokenTtlSeconds: 60 }).tokenTtlSeconds).toBe(60);
  });

  it("reject nonsense naming the option", () => {
    expect(() => resolveOptions({ port: 70000 })).toThrow(
      /'port' must be a non-negative integer up to 65535/,
    );
    expect(() => resolveOptions({ tokenTtlSeconds: 0 })).toThrow(/'tokenTtlSeconds' must be greater than 0/);
    expect(() => resolveOptions({ users: [] })).toThrow(/'users' must be a non-empty array/);
    expect(() => resolveOptions({ product: "vra-9" as never })).toThrow(/'product' must be one of/);
    expect(() => resolveOptions({ applicationVersion: "9.0" })).toThrow(
      /'applicationVersion' must be four numbers/,
    );
    expect(() => resolveOptions({ organizations: ["a/b"] })).toThrow(
      /'organizations' must be a non-empty array/,
    );
    expect(() => resolveOptions({ clock: {} as never })).toThrow(
      /'clock' must be an object with a now\(\) method/,
    );
  });
});

describe("pipeline timestamps", () => {
  it("use the 2022-08-03T08:57:10.033+0000 format", () => {
    expect(pipelineTimestamp(Date.UTC(2022, 7, 3, 8, 57, 10, 33))).toBe("2022-08-03T08:57:10.033+0000");
  });
});
