import { AriaConfigError } from "../../../provider/client/config-error";
import { providerOnlySettings } from "../../../provider/runtime/settings";

const validateEndpoints = (value: string | undefined, env: Record<string, string> = {}) =>
  providerOnlySettings((key) => (key === "validateEndpoints" ? value : undefined), env, "vra")
    .validateEndpoints;

describe("the vra:validateEndpoints setting", () => {
  it("is on unless it says false", () => {
    expect(validateEndpoints(undefined)).toBe(true);
    expect(validateEndpoints("  ")).toBe(true);
  });

  it("takes the words every boolean setting takes, in any case", () => {
    for (const on of ["true", "TRUE", " 1 ", "yes", "on"]) expect(validateEndpoints(on)).toBe(true);
    for (const off of ["false", "0", "No", "off"]) expect(validateEndpoints(off)).toBe(false);
  });

  it("refuses any other value with an error naming the setting and what it accepts", () => {
    const fromEnv = () => validateEndpoints(undefined, { VRA_VALIDATE_ENDPOINTS: "nope" });
    expect(fromEnv).toThrow(AriaConfigError);
    expect(fromEnv).toThrow(
      'pulumi-aria is not configured correctly: VRA_VALIDATE_ENDPOINTS must be true or false, got "nope".',
    );
    expect(() => validateEndpoints("sometimes")).toThrow(/^.*vra:validateEndpoints must be true or false/);
  });
});
