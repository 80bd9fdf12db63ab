import type { ResourceKind } from "../../../provider/core/kind";
import { isSecret, reveal, secret, UNKNOWN } from "../../../provider/core/values";
import { fromEndpointInputs, toEndpointInputs } from "../../../provider/endpoint/typed/common";
import { typedEndpointKind } from "../../../provider/plugin/typed-endpoint-kind";
import { TYPED_ENDPOINT_BY_CLASS } from "../../../provider/endpoint/typed/endpoints";

const SPEC = TYPED_ENDPOINT_BY_CLASS.JenkinsEndpoint;

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

  it("makes each entry of a bag that is secret as a whole secret", () => {
    const inputs = toEndpointInputs(SPEC, {
      url: "https://j",
      additionalSecretProperties: secret({ apiKey: "k" }),
      additionalProperties: secret({ extra: 1 }),
    });
    expect(reveal(inputs)).toMatchObject({
      properties: { url: "https://j", extra: 1 },
      secretProperties: { apiKey: "k" },
    });
    const bags = inputs as { properties: Record<string, unknown>; secretProperties: Record<string, unknown> };
    expect(isSecret(bags.secretProperties.apiKey)).toBe(true);
    expect(isSecret(bags.properties.extra)).toBe(true);
    expect(isSecret(bags.properties.url)).toBe(false);
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

  it("reads an import back as the typed inputs, the inverse of its routing", () => {
    const generic = {
      name: "ci",
      project: "Platform",
      type: "jenkins",
      properties: { url: "https://j", extra: 1 },
      secretProperties: secret({ password: "p", apiKey: "k" }),
    };
    const typed = fromEndpointInputs(SPEC, generic);
    expect(reveal(typed)).toEqual({
      name: "ci",
      project: "Platform",
      url: "https://j",
      additionalProperties: { extra: 1 },
      password: "p",
      additionalSecretProperties: { apiKey: "k" },
    });
    expect(isSecret(typed.password)).toBe(true);
    expect(isSecret(typed.additionalSecretProperties)).toBe(true);
    expect(isSecret(typed.url)).toBe(false);
    // Routed forward again, the same endpoint.
    expect(reveal(toEndpointInputs(SPEC, typed))).toEqual(reveal(generic));
  });

  describe("read", () => {
    const endpoint = (type: string, props?: Record<string, unknown>) =>
      ({
        read: async () => ({
          id: "e1",
          props: { type, properties: { url: "https://j" }, ...props },
          inputs: { name: "ci", type, properties: { url: "https://j" } },
        }),
      }) as unknown as ResourceKind;

    it("returns the typed inputs on an import (no state)", async () => {
      const result = await typedEndpointKind(SPEC, endpoint("jenkins")).read("e1", {});
      expect(result.inputs).toEqual({ name: "ci", url: "https://j" });
    });

    it("keeps the generic inputs on a refresh (the state's form)", async () => {
      const result = await typedEndpointKind(SPEC, endpoint("jenkins")).read("e1", {
        properties: { url: "https://j" },
      });
      expect(result.inputs).toEqual({ name: "ci", type: "jenkins", properties: { url: "https://j" } });
    });

    it("refuses to import an endpoint of another type, naming the resource to use", async () => {
      const kind = typedEndpointKind(SPEC, endpoint("git"));
      await expect(kind.read("e1", {})).rejects.toThrow(
        "Cannot import endpoint e1 as a 'jenkins' endpoint: it is a 'git' endpoint on the server. " +
          "Import it as aria:index:GitEndpoint (or aria:index:Endpoint).",
      );
    });
  });

  it("takes the typed old inputs an import stored as the generic endpoint's", async () => {
    const seen: unknown[] = [];
    const endpoint = {
      check: async (olds: unknown, news: unknown) => (seen.push(olds), { inputs: news as object }),
      diff: async (_id: string, olds: unknown) => (seen.push(olds), { changes: false }),
    } as unknown as ResourceKind;
    const kind = typedEndpointKind(SPEC, endpoint);
    const imported = { name: "ci", project: "Platform", url: "https://j", username: "ci" };
    const asGeneric = {
      name: "ci",
      project: "Platform",
      type: "jenkins",
      properties: { url: "https://j", username: "ci" },
      secretProperties: {},
    };
    await kind.check(imported, { url: "https://j" });
    await kind.diff("e1", imported, asGeneric);
    // Generic old inputs (a create's or an update's) and none at all pass as they are.
    await kind.diff("e1", asGeneric, asGeneric);
    await kind.check({}, { url: "https://j" });
    expect(seen).toEqual([asGeneric, asGeneric, asGeneric, {}]);
  });
});
