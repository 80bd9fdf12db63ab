import { diffEndpoint } from "../../../provider/endpoint/diff";
import { isMasked } from "../../../provider/core/secrets";
import { inputsOf, toState } from "../../../provider/endpoint/state";
import { apiEndpoint, DECLARED_ENDPOINT } from "./fakes";

/** The declaration's properties, as toState receives them beside the server's endpoint. */
const declared = {
  properties: DECLARED_ENDPOINT.properties,
  secretProperties: DECLARED_ENDPOINT.secretProperties,
  validate: false,
};

describe("toState", () => {
  it("maps the server's endpoint onto the outputs", () => {
    const state = toState(
      apiEndpoint({
        properties: { url: "https://jenkins.example.com", pollInterval: 10, password: "*****" },
      }),
      declared,
    );
    expect(state).toEqual({
      ...DECLARED_ENDPOINT,
      validate: false,
      metadata: {
        projectId: "proj-1",
        createdAt: "2024-01-01 10:00:00.000000+00",
        updatedAt: "2024-01-01 10:00:00.000000+00",
        createdBy: "admin",
        updatedBy: "admin",
        link: "/pipeline/api/endpoints/ep-1",
        isRestricted: false,
      },
    });
  });

  it("carries the secrets forward whether the server masks them or leaves them out", () => {
    const masked = toState(apiEndpoint({ properties: { url: "u", password: "*****" } }), declared);
    const absent = toState(apiEndpoint({ properties: { url: "u" } }), declared);
    expect(masked.secretProperties).toEqual({ password: "s3cret" });
    expect(absent.secretProperties).toEqual({ password: "s3cret" });
  });

  it("carries a masked plain property forward (a secret put in properties)", () => {
    const state = toState(apiEndpoint({ properties: { url: "u", token: "*****" } }), {
      properties: { url: "u", token: "${var.jenkins-token}" },
    });
    expect(state.properties).toEqual({ url: "u", token: "${var.jenkins-token}" });
  });

  it("keeps only the declared property keys, and shows drift on them", () => {
    const state = toState(
      apiEndpoint({ properties: { url: "https://elsewhere", pollInterval: 10, retryCount: 3 } }),
      declared,
    );
    expect(state.properties).toEqual({ url: "https://elsewhere", pollInterval: 10 });
  });

  it("drops a declared property the server no longer has, so that the next diff restores it", () => {
    const state = toState(apiEndpoint({ properties: { url: "https://jenkins.example.com" } }), declared);
    expect(state.properties).toEqual({ url: "https://jenkins.example.com" });
    expect(
      diffEndpoint(state as Record<string, unknown>, { ...inputsOf(state), ...declared }).changedFields,
    ).toEqual(["properties"]);
  });

  it("keeps the declared form of a scalar the server stores as another JSON type", () => {
    const state = toState(
      apiEndpoint({ properties: { url: "https://jenkins.example.com", pollInterval: "10" } }),
      declared,
    );
    expect(state.properties).toEqual({ url: "https://jenkins.example.com", pollInterval: 10 });
  });

  it("reads back an unchanged endpoint as exactly its declaration: no diff after refresh", () => {
    const inputs = { ...DECLARED_ENDPOINT, validate: false };
    const state = toState(
      apiEndpoint({
        properties: { url: "https://jenkins.example.com", pollInterval: 10, password: "*****" },
      }),
      inputs,
    );
    expect(inputsOf(state)).toEqual(inputs);
    expect(diffEndpoint(state as Record<string, unknown>, inputs).changes).toBe(false);
  });
});

describe("isMasked", () => {
  it("recognises the server's mask only", () => {
    expect(isMasked("*****")).toBe(true);
    expect(isMasked("***")).toBe(true);
    expect(isMasked("*")).toBe(false);
    expect(isMasked("pa**word")).toBe(false);
    expect(isMasked(5)).toBe(false);
  });
});
