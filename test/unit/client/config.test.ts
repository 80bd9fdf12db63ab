import { AriaConfigError } from "../../../provider/client/config-error";
import { resolveClientConfig } from "../../../provider/client/config";
import { DurationSetting } from "../../../provider/client/config-schema";

const base = { "vra:url": "https://vra.example.com", "vra:refreshToken": "config-refresh-token" };

function configError(fn: () => unknown): AriaConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AriaConfigError) return error;
    throw error;
  }
  throw new Error("expected an AriaConfigError");
}

describe("configuration resolution", () => {
  it("takes config values ahead of environment variables", () => {
    const config = resolveClientConfig(base, {
      VRA_URL: "https://other.example.com",
      VRA_REFRESH_TOKEN: "env-refresh-token",
      VRA_API_TIMEOUT: "45",
    });
    expect(config.url).toBe("https://vra.example.com");
    expect(config.credentials.refreshToken).toBe("config-refresh-token");
    expect(config.apiTimeoutSeconds).toBe(45);
  });

  it("falls back to the environment for every setting", () => {
    const config = resolveClientConfig(
      {},
      {
        VRA_URL: "https://vra.example.com/",
        VRA_USERNAME: "admin",
        VRA_PASSWORD: "admin-password",
        VRA_DOMAIN: "System Domain",
        VRA_INSECURE: "TRUE",
        VRA_API_VERSION: "2019-10-17",
        VRA_DEPLOYMENT_API_VERSION: "2020-08-25",
        VRA_PIPELINE_BASE_PATH: "/codestream/api/",
        VRA_REAUTHORIZE_TIMEOUT: "15m",
      },
    );
    expect(config).toMatchObject({
      url: "https://vra.example.com",
      credentials: { username: "admin", password: "admin-password", domain: "System Domain" },
      insecure: true,
      apiVersion: "2019-10-17",
      deploymentApiVersion: "2020-08-25",
      pipelineBasePath: "/codestream/api",
      reauthorizeTimeoutSeconds: 900,
    });
  });

  it("accepts config keys with or without the vra: prefix", () => {
    const config = resolveClientConfig({ url: "https://vra.example.com", accessToken: "token-value" }, {});
    expect(config.url).toBe("https://vra.example.com");
    expect(config.credentials.accessToken).toBe("token-value");
  });

  it("treats empty values as unset", () => {
    const config = resolveClientConfig({ ...base, "vra:apiTimeout": "" }, { VRA_API_TIMEOUT: "12" });
    expect(config.apiTimeoutSeconds).toBe(12);
  });

  it("uses the documented defaults", () => {
    const config = resolveClientConfig(base, {});
    expect(config).toMatchObject({
      insecure: false,
      apiTimeoutSeconds: 30,
      pipelineBasePath: "/pipeline/api",
      deploymentBasePath: "/deployment/api",
      maxRetries: 8,
    });
    expect(config.apiVersion).toBeUndefined();
    expect(config.deploymentApiVersion).toBeUndefined();
    expect(config.caCert).toBeUndefined();
  });

  it("reports a missing URL and missing credentials in one message listing the accepted names", () => {
    const error = configError(() => resolveClientConfig({}, {}));
    expect(error.issues).toHaveLength(2);
    for (const name of [
      "vra:url",
      "VRA_URL",
      "vra:refreshToken",
      "VRA_REFRESH_TOKEN",
      "vra:accessToken",
      "VRA_ACCESS_TOKEN",
      "vra:username",
      "vra:password",
      "VRA_USERNAME",
      "VRA_PASSWORD",
    ]) {
      expect(error.message).toContain(name);
    }
  });

  it("says which half of a user name and password is missing", () => {
    expect(
      configError(() => resolveClientConfig({ "vra:url": "https://x", username: "admin" }, {})).message,
    ).toMatch(/no password: set vra:password \(VRA_PASSWORD\)/);
  });

  it("names the key of a boolean that is not one", () => {
    expect(
      configError(() => resolveClientConfig({ ...base, "vra:insecure": "maybe" }, {})).message,
    ).toContain('vra:insecure must be true or false, got "maybe"');
  });

  it("names the environment variable when the bad value came from there", () => {
    expect(configError(() => resolveClientConfig(base, { VRA_API_TIMEOUT: "soon" })).message).toContain(
      'VRA_API_TIMEOUT must be a positive number of seconds, got "soon"',
    );
  });

  it("rejects zero and negative timeouts", () => {
    for (const value of ["0", "-3"]) {
      expect(() => resolveClientConfig({ ...base, "vra:apiTimeout": value }, {})).toThrow(/vra:apiTimeout/);
    }
  });

  it("reports every invalid setting at once", () => {
    const error = configError(() =>
      resolveClientConfig(
        {
          ...base,
          "vra:insecure": "x",
          "vra:apiTimeout": "y",
          "vra:apiVersion": "latest",
          "vra:maxRetries": "-1",
        },
        {},
      ),
    );
    expect(error.issues.map((issue) => issue.key)).toEqual([
      "vra:insecure",
      "vra:apiTimeout",
      "vra:apiVersion",
      "vra:maxRetries",
    ]);
  });

  it("rejects a URL without a scheme, suggesting the right form", () => {
    expect(() => resolveClientConfig({ ...base, "vra:url": "vra.example.com" }, {})).toThrow(
      /vra:url must be an absolute URL such as https:\/\/vra.example.com/,
    );
  });

  it("accepts a CA bundle given as PEM text", () => {
    const pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
    expect(resolveClientConfig({ ...base, "vra:caCert": pem }, {}).caCert).toBe(pem);
  });

  it("names the key of a CA bundle file that cannot be read", () => {
    expect(() => resolveClientConfig(base, { VRA_CA_CERT: "/nonexistent/ca.pem" })).toThrow(
      /VRA_CA_CERT must be PEM text or the path of a PEM file/,
    );
  });

  it("never echoes the value of a secret setting", () => {
    const error = configError(() =>
      resolveClientConfig(
        { "vra:password": "s3cret-password", "vra:refreshToken": "" },
        { VRA_INSECURE: "nope" },
      ),
    );
    expect(error.message).toContain("no user: set vra:username");
    expect(error.message).not.toContain("s3cret-password");
  });
});

describe("duration parsing", () => {
  it("reads plain seconds and Go-style durations", () => {
    expect(DurationSetting.safeParse("90")).toEqual({ success: true, data: 90 });
    expect(DurationSetting.safeParse("1h30m")).toEqual({ success: true, data: 5400 });
    expect(DurationSetting.safeParse("45s")).toEqual({ success: true, data: 45 });
  });

  it("rejects anything else, naming the key", () => {
    const error = configError(() => resolveClientConfig(base, { VRA_REAUTHORIZE_TIMEOUT: "15 minutes" }));
    expect(error.issues.map((issue) => issue.key)).toEqual(["VRA_REAUTHORIZE_TIMEOUT"]);
    expect(error.message).toContain("VRA_REAUTHORIZE_TIMEOUT");
  });
});
