import { actualResources } from "../../../provider/reconcile/drift";
import { defaultConfig, policyViolations } from "../../../provider/reconcile/policy";
import { plainHttp } from "../../../provider/policy/rules/plain-http";
import { GIT, JENKINS, jenkinsInputs, jenkinsRefresh, jenkinsUpdate, preview, STACK, urn } from "./previews";

/* --policy: the pack's rules on what the endpoints are after the refresh (the preview's steps as CLI 3.274.1 prints them). */

const THING = urn("aria:index:DeploymentResource", "thing");

describe("the resources as they are, from a refresh preview", () => {
  it("are an update's old state (the refreshed one) and a same step's; never the refresh step's or the declaration", () => {
    const digest = preview([
      { op: "refresh", urn: STACK },
      // The refresh step shows the state from before the refresh on both sides.
      jenkinsRefresh(),
      { op: "same", urn: STACK },
      { op: "create", urn: GIT, newState: { type: "aria:index:Endpoint", inputs: { name: "app-repo" } } },
      jenkinsUpdate(jenkinsInputs({ url: "http://jenkins.example.com" })),
      {
        op: "same",
        urn: THING,
        oldState: { id: "t1", type: "aria:index:DeploymentResource", inputs: { a: 1 } },
      },
    ]);
    expect(actualResources(digest)).toEqual([
      {
        urn: JENKINS,
        name: "jenkins",
        type: "aria:index:JenkinsEndpoint",
        inputs: jenkinsInputs({ url: "http://jenkins.example.com" }),
      },
      { urn: THING, name: "thing", type: "aria:index:DeploymentResource", inputs: { a: 1 } },
    ]);
  });
});

describe("the policy pack on what is", () => {
  it("reports a URL changed out of band to plain http as the pack's mandatory rule, and nothing for what is not an endpoint", () => {
    const violations = policyViolations("dev", [
      {
        urn: JENKINS,
        name: "jenkins",
        type: "aria:index:JenkinsEndpoint",
        inputs: jenkinsInputs({ url: "http://ci.example.com" }),
      },
      { urn: THING, name: "thing", type: "aria:index:DeploymentResource", inputs: { url: "http://x" } },
    ]);
    expect(violations).toEqual([
      {
        stack: "dev",
        urn: JENKINS,
        name: "jenkins",
        rule: "aria-endpoint-plain-http",
        enforcementLevel: "mandatory",
        message: expect.stringContaining(
          "properties.url (on a typed endpoint resource: its url input) uses plain http",
        ),
      },
    ]);
  });

  it("finds nothing in an endpoint that keeps the rules, and uses each rule's default config", () => {
    expect(
      policyViolations("dev", [
        {
          urn: JENKINS,
          name: "jenkins",
          type: "aria:index:JenkinsEndpoint",
          inputs: jenkinsInputs({ url: "https://ci.example.com" }),
        },
      ]).filter((v) => v.enforcementLevel === "mandatory"),
    ).toEqual([]);
    expect(defaultConfig(plainHttp.configSchema)).toEqual({ allowedHosts: [] });
    expect(defaultConfig(undefined)).toEqual({});
  });
});
