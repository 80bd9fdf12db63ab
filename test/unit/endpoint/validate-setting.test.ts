import { AriaConfigError } from "../../../provider/client/config-error";
import { validationSettingDefault } from "../../../provider/endpoint/provider";

describe("the vra:validateEndpoints setting", () => {
  it("takes the words every boolean setting takes, in any case", () => {
    for (const on of ["true", "TRUE", " 1 ", "yes", "on"]) expect(validationSettingDefault(on)).toBe(true);
    for (const off of ["false", "0", "No", "off"]) expect(validationSettingDefault(off)).toBe(false);
  });

  it("refuses any other value with an error naming the setting and what it accepts", () => {
    expect(() => validationSettingDefault("nope", "VRA_VALIDATE_ENDPOINTS")).toThrow(AriaConfigError);
    expect(() => validationSettingDefault("nope", "VRA_VALIDATE_ENDPOINTS")).toThrow(
      'pulumi-aria is not configured correctly: VRA_VALIDATE_ENDPOINTS must be true or false, got "nope".',
    );
    expect(() => validationSettingDefault("sometimes")).toThrow(
      /^.*vra:validateEndpoints must be true or false/,
    );
  });
});
