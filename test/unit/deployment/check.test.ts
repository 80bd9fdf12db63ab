import * as pulumi from "@pulumi/pulumi";
import { checkInputs, parseInputs } from "../../../provider/deployment/check";
import { GetResourcesArgs } from "../../../provider/deployment/schema";
import { parseOrThrow } from "../../../provider/common/check-failures";

const UNKNOWN = pulumi.runtime.unknownValue;
const valid = { name: "web-01", type: "Cloud.vSphere.Machine" };

describe("check", () => {
  it("accepts minimal inputs and returns them without filled-in defaults", () => {
    const { inputs, failures } = checkInputs(valid);
    expect(failures).toEqual([]);
    expect(inputs).toEqual({ name: "web-01", type: "Cloud.vSphere.Machine" });
  });

  it("accepts every input", () => {
    const { failures } = checkInputs({
      ...valid,
      projectId: "p-1",
      deploymentId: "d-1",
      properties: { cpu: 2, nested: { a: [1, 2] } },
      waitTimeoutSeconds: 60,
      pollIntervalMaxSeconds: 0.5,
    });
    expect(failures).toEqual([]);
  });

  it("names each missing or empty required input", () => {
    const { failures } = checkInputs({ name: "" });
    expect(failures.map((f) => f.property).sort()).toEqual(["name", "type"]);
  });

  it("rejects names with surrounding whitespace", () => {
    expect(checkInputs({ ...valid, name: " web " }).failures).toEqual([
      { property: "name", reason: "name must not start or end with whitespace" },
    ]);
  });

  it("names the property path of a wrong type", () => {
    const { failures } = checkInputs({ ...valid, properties: "cpu=2", waitTimeoutSeconds: 1.5 });
    expect(failures.map((f) => f.property).sort()).toEqual(["properties", "waitTimeoutSeconds"]);
    expect(failures.find((f) => f.property === "waitTimeoutSeconds")?.reason).toMatch(/int/);
  });

  it("rejects a wait timeout beyond a week and a non-positive one", () => {
    expect(checkInputs({ ...valid, waitTimeoutSeconds: 8 * 24 * 3600 }).failures[0].property).toBe(
      "waitTimeoutSeconds",
    );
    expect(checkInputs({ ...valid, waitTimeoutSeconds: 0 }).failures[0].property).toBe("waitTimeoutSeconds");
  });

  it("reports an unknown key by its name", () => {
    expect(checkInputs({ ...valid, nmae: "typo" }).failures).toEqual([
      { property: "nmae", reason: "is not a known property" },
    ]);
  });

  it("accepts unknown values for any input during preview, whatever the declared type", () => {
    const { failures, inputs } = checkInputs({
      name: UNKNOWN,
      type: "Custom.Thing",
      projectId: UNKNOWN,
      properties: UNKNOWN,
      waitTimeoutSeconds: UNKNOWN,
    });
    expect(failures).toEqual([]);
    expect(inputs.name).toBe(UNKNOWN);
  });

  it("accepts unknown values nested in properties", () => {
    expect(checkInputs({ ...valid, properties: { ip: UNKNOWN, list: [UNKNOWN] } }).failures).toEqual([]);
  });

  it("still checks the known inputs next to unknown ones", () => {
    expect(checkInputs({ name: UNKNOWN, type: 3 }).failures.map((f) => f.property)).toEqual(["type"]);
  });

  it("parseInputs throws naming every problem", () => {
    expect(() => parseInputs({ name: "a" })).toThrow(/type: /);
    expect(parseInputs({ ...valid, properties: { a: 1 } })).toEqual({
      name: "web-01",
      type: "Cloud.vSphere.Machine",
      properties: { a: 1 },
    });
  });
});

describe("lookup argument schemas", () => {
  it("accept several sort criteria with or without a direction", () => {
    expect(() =>
      parseOrThrow(GetResourcesArgs, { orderBy: ["name", "createdAt desc", "type ASC"] }, "getResources"),
    ).not.toThrow();
  });

  it("name the offending element of a list", () => {
    expect(() =>
      parseOrThrow(GetResourcesArgs, { orderBy: ["name", "name sideways"] }, "getResources"),
    ).toThrow(
      "pulumi-aria: invalid arguments to getResources: orderBy[1]: each criterion is `<field>` or `<field> asc|desc`",
    );
  });

  it("reject a negative skip, a zero top and empty filter values", () => {
    expect(() => parseOrThrow(GetResourcesArgs, { skip: -1 }, "getResources")).toThrow(/skip/);
    expect(() => parseOrThrow(GetResourcesArgs, { top: 0 }, "getResources")).toThrow(/top/);
    expect(() => parseOrThrow(GetResourcesArgs, { projects: [""] }, "getResources")).toThrow(/projects\[0\]/);
  });

  it("reject unknown arguments", () => {
    expect(() => parseOrThrow(GetResourcesArgs, { project: ["x"] }, "getResources")).toThrow(
      /project: is not a known property/,
    );
  });
});
