import type { ResourceKind } from "../../../provider/core/kind";
import { UNKNOWN } from "../../../provider/core/values";
import { toEndpointInputs } from "../../../provider/endpoint/typed/common";
import { typedEndpointKind } from "../../../provider/endpoint/typed/kind";
import { SPEC } from "../../../provider/endpoint/typed/jenkins";

describe("a typed endpoint as a kind of the core", () => {
  it("routes its inputs into the generic endpoint's bags, as its TypeScript class does", () => {
    expect(
      toEndpointInputs(SPEC, {
        name: "ci",
        project: "Platform",
        url: "https://j",
        password: "p",
        additionalProperties: { extra: 1, url: "ignored" },
        additionalSecretProperties: { apiKey: "k" },
      }),
    ).toEqual({
      name: "ci",
      project: "Platform",
      type: "jenkins",
      properties: { extra: 1, url: "https://j" },
      secretProperties: { apiKey: "k", password: "p" },
    });
  });

  it("keeps a bag unknown in a preview unknown", () => {
    const inputs = toEndpointInputs(SPEC, { url: "https://j", additionalProperties: UNKNOWN });
    expect(inputs.properties).toBe(UNKNOWN);
  });

  it("names the typed input in failures, and refuses inputs the type does not have", async () => {
    const endpoint = {
      check: async () => ({
        inputs: {},
        failures: [
          { property: "properties.url", reason: "must be a URL" },
          { property: "secretProperties.password", reason: "must be text" },
          { property: "properties.colour", reason: "not a property" },
        ],
      }),
    } as unknown as ResourceKind;
    const result = await typedEndpointKind(SPEC, endpoint).check({}, { url: "x", colr: "red" });
    expect(result.failures?.map((f) => f.property)).toEqual([
      "colr",
      "url",
      "password",
      "additionalProperties.colour",
    ]);
    expect(result.failures?.[0].reason).toContain("'colr' is not an input of a 'jenkins' endpoint");
  });
});
