import * as pulumi from "@pulumi/pulumi";
import { diffDeploymentResource } from "../../../provider/deployment/diff";
import { inputsFromState } from "../../../provider/deployment/state";

const UNKNOWN = pulumi.runtime.unknownValue;

/** The state a created resource keeps: inputs as the server reports them, plus outputs. */
const state = {
  __provider: "old provider text",
  name: "web-01",
  type: "Cloud.vSphere.Machine",
  projectId: "p-1",
  deploymentId: "d-1",
  properties: { cpu: 2, memory: 4096, serverAdded: "x" },
  inputPropertyKeys: ["cpu", "memory"],
  resourceId: "r-1",
  requestId: "q-1",
  requestStatus: "SUCCESSFUL",
  syncStatus: "SUCCESS",
  origin: "ONBOARDED",
};
const inputs = {
  __provider: "new provider text",
  name: "web-01",
  type: "Cloud.vSphere.Machine",
  projectId: "p-1",
  properties: { memory: 4096, cpu: 2 },
};

describe("diff", () => {
  it("reports no change for the same inputs, ignoring __provider, server-added properties and key order", () => {
    expect(diffDeploymentResource(state, inputs)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
      diffs: [],
      detailedDiff: {},
    });
  });

  it.each([
    ["name", { name: "web-02" }, "name"],
    ["type", { type: "Cloud.AWS.EC2.Instance" }, "type"],
    ["projectId", { projectId: "p-2" }, "projectId"],
    ["deploymentId", { deploymentId: "d-2" }, "deploymentId"],
    ["properties", { properties: { cpu: 4, memory: 4096 } }, "properties.cpu"],
  ])("replaces on a change of %s, naming only that key and path", (key, change, path) => {
    expect(diffDeploymentResource(state, { ...inputs, ...change })).toEqual({
      changes: true,
      replaces: [key],
      deleteBeforeReplace: false,
      diffs: [key],
      detailedDiff: { [path]: "update-replace" },
    });
  });

  it("names a rotated secret property as a replacing update of its path, at depth, and never its value", () => {
    const secrets = {
      ...state,
      properties: { password: "old-pw", credentials: { apiToken: "old-token", user: "u" } },
      inputPropertyKeys: ["password", "credentials"],
    };
    const result = diffDeploymentResource(secrets, {
      ...inputs,
      properties: { password: "new-pw", credentials: { apiToken: "new-token", user: "u" } },
    });
    expect(result.detailedDiff).toEqual({
      "properties.password": "update-replace",
      "properties.credentials.apiToken": "update-replace",
    });
    expect(JSON.stringify(result)).not.toMatch(/old-|new-/);
  });

  it("names added and removed properties with the replace kinds, in the bracket form where needed", () => {
    const result = diffDeploymentResource(state, { ...inputs, properties: { cpu: 2, "disk-size": 1 } });
    expect(result.detailedDiff).toEqual({
      "properties.memory": "delete-replace",
      'properties["disk-size"]': "add-replace",
    });
    expect(result.diffs).toEqual(["properties"]);
  });

  it("reports several changed keys at once", () => {
    expect(diffDeploymentResource(state, { ...inputs, name: "x", properties: {} }).replaces).toEqual([
      "name",
      "properties",
    ]);
  });

  it("replaces when a property is removed from the program, though the server still has it", () => {
    expect(diffDeploymentResource(state, { ...inputs, properties: { cpu: 2 } }).replaces).toEqual([
      "properties",
    ]);
  });

  it("replaces when a property is added", () => {
    expect(
      diffDeploymentResource(state, { ...inputs, properties: { cpu: 2, memory: 4096, disk: 1 } }).replaces,
    ).toEqual(["properties"]);
  });

  it("compares nested property values deeply", () => {
    const nested = { ...state, properties: { a: { b: [1, { c: 2 }] } }, inputPropertyKeys: ["a"] };
    expect(
      diffDeploymentResource(nested, { ...inputs, properties: { a: { b: [1, { c: 2 }] } } }).changes,
    ).toBe(false);
    expect(
      diffDeploymentResource(nested, { ...inputs, properties: { a: { b: [1, { c: 3 }] } } }).replaces,
    ).toEqual(["properties"]);
  });

  it("treats an unset projectId or deploymentId as the server's choice, not a change", () => {
    const { projectId: _p, ...withoutProject } = inputs;
    expect(diffDeploymentResource(state, withoutProject).changes).toBe(false);
  });

  it("treats no properties as none set", () => {
    const bare = { ...state, properties: { serverAdded: "x" }, inputPropertyKeys: [] };
    const { properties: _props, ...noProps } = inputs;
    expect(diffDeploymentResource(bare, noProps).changes).toBe(false);
  });

  it("reports unknown values as replacements during preview", () => {
    expect(diffDeploymentResource(state, { ...inputs, projectId: UNKNOWN }).replaces).toEqual(["projectId"]);
    expect(diffDeploymentResource(state, { ...inputs, properties: UNKNOWN }).replaces).toEqual([
      "properties",
    ]);
    expect(
      diffDeploymentResource(state, { ...inputs, properties: { cpu: UNKNOWN, memory: 4096 } }).replaces,
    ).toEqual(["properties"]);
  });

  it("names an unknown value's path as a replacing update", () => {
    expect(diffDeploymentResource(state, { ...inputs, projectId: UNKNOWN }).detailedDiff).toEqual({
      projectId: "update-replace",
    });
    expect(diffDeploymentResource(state, { ...inputs, properties: UNKNOWN }).detailedDiff).toEqual({
      properties: "update-replace",
    });
    expect(
      diffDeploymentResource(state, { ...inputs, properties: { cpu: UNKNOWN, memory: 4096 } }).detailedDiff,
    ).toEqual({ "properties.cpu": "update-replace" });
  });

  it("changes the wait settings in place, without replacement", () => {
    expect(diffDeploymentResource(state, { ...inputs, waitTimeoutSeconds: 60 })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      diffs: ["waitTimeoutSeconds"],
      detailedDiff: { waitTimeoutSeconds: "add" },
    });
    expect(diffDeploymentResource({ ...state, pollIntervalMaxSeconds: 2 }, inputs)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      diffs: ["pollIntervalMaxSeconds"],
      detailedDiff: { pollIntervalMaxSeconds: "delete" },
    });
  });

  it("replaces a resource whose creation did not finish, deleting it first, naming no input as changed", () => {
    expect(diffDeploymentResource({ ...state, requestStatus: "INPROGRESS" }, inputs)).toEqual({
      changes: true,
      replaces: ["requestStatus"],
      deleteBeforeReplace: true,
      diffs: [],
      detailedDiff: {},
    });
  });

  it("without a record of the program's property keys, compares the keys the program sets", () => {
    const { inputPropertyKeys: _k, ...older } = state;
    expect(diffDeploymentResource(older, inputs).changes).toBe(false);
  });

  it("shows no change against the inputs that read derives from the state", () => {
    const derived = inputsFromState(state);
    expect(derived).toEqual({
      name: "web-01",
      type: "Cloud.vSphere.Machine",
      projectId: "p-1",
      deploymentId: "d-1",
      properties: { cpu: 2, memory: 4096 },
    });
    expect(diffDeploymentResource(state, { ...derived, __provider: "x" }).changes).toBe(false);
  });
});
