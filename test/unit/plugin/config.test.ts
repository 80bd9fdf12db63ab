import { Secret, UNKNOWN } from "../../../provider/core/values";
import { checkConfig, diffConfig, settingsOf } from "../../../provider/plugin/config";

const valid = { url: "https://aria.example.com", refreshToken: new Secret("token") };

describe("the plugin's configuration", () => {
  it("takes settings as text, whatever the program wrote (YAML booleans and numbers too)", () => {
    expect(settingsOf({ ...valid, insecure: true, apiTimeout: 20 })).toEqual({
      url: "https://aria.example.com",
      refreshToken: "token",
      insecure: "true",
      apiTimeout: "20",
    });
  });

  it("takes the typed values the schema declares, and names a wrong one", () => {
    expect(
      checkConfig({ ...valid, insecure: true, apiTimeout: 30, maxRetries: 3, validateEndpoints: false }, {}),
    ).toEqual([]);
    const failures = checkConfig({ ...valid, apiTimeout: -1, maxRetries: 2.5 }, {});
    expect(failures.map((f) => f.property).sort()).toEqual(["apiTimeout", "maxRetries"]);
  });

  it("sees no change between a value and its text", () => {
    expect(
      diffConfig(
        { ...valid, apiTimeout: "30", insecure: "true" },
        { ...valid, apiTimeout: 30, insecure: true },
      ),
    ).toEqual({
      changes: false,
    });
  });

  it("accepts a complete configuration", () => {
    expect(checkConfig(valid, {})).toEqual([]);
    expect(checkConfig({ ...valid, version: "0.1.0" }, {})).toEqual([]);
  });

  it("names each setting that is missing, not valid or unknown, in the aria namespace", () => {
    const failures = checkConfig({ url: "not a url", validateEndpoints: "nope", urll: "x" }, {});
    expect(failures.map((f) => f.property).sort()).toEqual([
      "credentials",
      "url",
      "urll",
      "validateEndpoints",
    ]);
    const reasons = failures.map((f) => f.reason).join("\n");
    expect(reasons).toMatch(/^aria:url /m);
    expect(reasons).toContain("'urll' is not a setting of the aria provider");
    expect(reasons).toContain("aria:refreshToken");
    expect(reasons).not.toContain("vra:");
  });

  it("fills what the stack does not set from the VRA_ variables", () => {
    expect(checkConfig({}, { VRA_URL: "https://aria.example.com", VRA_REFRESH_TOKEN: "t" })).toEqual([]);
  });

  it("leaves settings unknown in a preview to be checked once known", () => {
    expect(checkConfig({ url: UNKNOWN }, {})).toEqual([]);
  });

  it("replaces what a provider manages when it points at another server, and only then", () => {
    const other = { ...valid, url: "https://other.example.com" };
    expect(diffConfig(valid, valid)).toEqual({ changes: false });
    expect(diffConfig(valid, other)).toEqual({ changes: true, replaces: ["url"] });
    expect(diffConfig(valid, { ...valid, apiTimeout: "60" })).toEqual({ changes: true, replaces: [] });
    expect(diffConfig(valid, { ...valid, refreshToken: new Secret("rotated") })).toEqual({
      changes: true,
      replaces: [],
    });
    expect(diffConfig(valid, { ...valid, url: UNKNOWN })).toEqual({ changes: true, replaces: [] });
  });
});
