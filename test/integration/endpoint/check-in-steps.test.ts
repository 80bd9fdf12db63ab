import { UNKNOWN } from "../../../provider/core/values";
import { endpointKind } from "../../../provider/endpoint/provider";
import { providerApiClient, providerSettingValue } from "../../../provider/runtime/context";
import { useProviderEmulator } from "./helpers";

/*
 * The endpoint kind as the plugin door drives it: `check` with `inSteps` leaves the server's
 * validation to `checkStep`, which the door runs before each create and update, in preview too.
 */

const emulator = useProviderEmulator();

const kind = () =>
  endpointKind({
    api: providerApiClient,
    validateByDefault: () => providerSettingValue("validateEndpoints"),
    warn: async () => undefined,
  });

const jenkins = (url: string, extra: Record<string, unknown> = {}) => ({
  name: "ci",
  type: "jenkins",
  project: "Platform",
  properties: { url, username: "bot" },
  secretProperties: {},
  ...extra,
});

const validations = async () =>
  (await emulator.requests()).counts["POST /pipeline/api/endpoint-validation"] ?? 0;

describe("the endpoint's checks in the engine's steps", () => {
  it("leaves the server's validation out of check, and still checks the rest there", async () => {
    const endpoints = kind();
    const good = await endpoints.check({}, jenkins("http://127.0.0.1:1"), { inSteps: true });
    expect(good.failures).toBeUndefined();
    const bad = await endpoints.check({}, jenkins(emulator.url, { project: "No Such Project" }), {
      inSteps: true,
    });
    expect(bad.failures).toEqual([{ property: "project", reason: expect.stringMatching(/no project/) }]);
    expect(await validations()).toBe(0);
  });

  it("validates in the step, failing with the server's reason", async () => {
    const endpoints = kind();
    const checked = await endpoints.check({}, jenkins("http://127.0.0.1:1"), { inSteps: true });
    const failures = await endpoints.checkStep!(checked.inputs);
    expect(failures).toEqual([
      { property: "", reason: expect.stringMatching(/validation of the endpoint failed: Failed to connect/) },
    ]);
    const fine = await endpoints.check({}, jenkins(emulator.url), { inSteps: true });
    expect(await endpoints.checkStep!(fine.inputs)).toEqual([]);
    expect(await validations()).toBe(2);
  });

  it("skips the validation when it is off or a value is unknown (a preview's)", async () => {
    const endpoints = kind();
    const off = await endpoints.check({}, jenkins("http://127.0.0.1:1", { validate: false }), {
      inSteps: true,
    });
    expect(await endpoints.checkStep!(off.inputs)).toEqual([]);
    const unknown = { ...jenkins(emulator.url), description: UNKNOWN };
    expect(await endpoints.checkStep!(unknown)).toEqual([]);
    expect(await validations()).toBe(0);
  });

  it("validates in check as before when the door does not run steps (the dynamic door)", async () => {
    const result = await kind().check({}, jenkins("http://127.0.0.1:1"));
    expect(result.failures).toEqual([
      { property: "", reason: expect.stringMatching(/validation of the endpoint failed/) },
    ]);
    expect(await validations()).toBe(1);
  });
});
