import { actualResources } from "../../../provider/reconcile/drift";
import { PreviewDigest } from "../../../provider/common/preview-digest";
import { defaultConfig, policyViolations } from "../../../provider/reconcile/policy";
import { plainHttp } from "../../../provider/policy/rules/plain-http";

/* --policy: the pack's rules on what the endpoints are after the refresh (the preview's steps as CLI 3.274.1 prints them). */

const urn = (type: string, name: string) => `urn:pulumi:dev::app::${type}::${name}`;
const JENKINS = urn("aria:index:JenkinsEndpoint", "jenkins");
const GIT = urn("aria:index:Endpoint", "git");
const THING = urn("aria:index:DeploymentResource", "thing");
const STACK = urn("pulumi:pulumi:Stack", "app-dev");
const jenkins = (url: string) => ({
  description: "CI server",
  name: "jenkins",
  project: "Platform",
  properties: { url, username: "ci" },
  secretProperties: "[secret]",
  type: "jenkins",
});
const preview = (steps: unknown[]): PreviewDigest => PreviewDigest.parse({ config: {}, steps, duration: 1 });

describe("the resources as they are, from a refresh preview", () => {
  it("are an update's old state (the refreshed one) and a same step's; never the refresh step's or the declaration", () => {
    const digest = preview([
      { op: "refresh", urn: STACK },
      // The refresh step shows the state from before the refresh on both sides.
      {
        op: "refresh",
        urn: JENKINS,
        oldState: { id: "j1", inputs: jenkins("https://jenkins.example.com") },
        newState: { id: "j1", inputs: jenkins("https://jenkins.example.com") },
      },
      { op: "same", urn: STACK },
      { op: "create", urn: GIT, newState: { type: "aria:index:Endpoint", inputs: { name: "app-repo" } } },
      {
        op: "update",
        urn: JENKINS,
        oldState: {
          id: "j1",
          type: "aria:index:JenkinsEndpoint",
          inputs: jenkins("http://jenkins.example.com"),
        },
        newState: { type: "aria:index:JenkinsEndpoint", inputs: jenkins("https://jenkins.example.com") },
      },
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
        inputs: jenkins("http://jenkins.example.com"),
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
        inputs: jenkins("http://ci.example.com"),
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
          inputs: jenkins("https://ci.example.com"),
        },
      ]).filter((v) => v.enforcementLevel === "mandatory"),
    ).toEqual([]);
    expect(defaultConfig(plainHttp.configSchema)).toEqual({ allowedHosts: [] });
    expect(defaultConfig(undefined)).toEqual({});
  });
});
