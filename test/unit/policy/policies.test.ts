import { ResourceValidationArgs, ResourceValidationPolicy, unknownCheckingProxy } from "@pulumi/policy";
import { UNKNOWN } from "../../../provider/common/unknowns";
import { detach, endpointPolicies } from "../../../provider/policy/policies";
import { ENDPOINT_TYPE_TOKEN } from "../../../provider/policy/endpoint-view";

/*
 * The rules as @pulumi/policy policies: what runs inside `pulumi preview --policy-pack`. The
 * analyzer's props arrive behind @pulumi/policy's unknown-checking proxy, as here.
 */

function run(
  policy: ResourceValidationPolicy,
  props: Record<string, unknown>,
  { type = ENDPOINT_TYPE_TOKEN, config = {} }: { type?: string; config?: object } = {},
): string[] {
  const reported: string[] = [];
  const args = {
    type,
    props: unknownCheckingProxy(props),
    urn: `urn:pulumi:dev::p::${type}::app`,
    name: "app",
    opts: {},
    getConfig: () => config,
  } as unknown as ResourceValidationArgs;
  const validate = policy.validateResource;
  for (const v of Array.isArray(validate) ? validate : [validate!]) void v(args, (m) => reported.push(m));
  return reported;
}

const byName = (name: string) => endpointPolicies().find((p) => p.name === name)!;

describe("the pack's policies", () => {
  it("are the six endpoint rules, mandatory and advisory as documented", () => {
    expect(endpointPolicies().map((p) => [p.name, p.enforcementLevel])).toEqual([
      ["aria-endpoint-plain-http", "mandatory"],
      ["aria-endpoint-secret-in-properties", "mandatory"],
      ["aria-endpoint-unpinned-certificate", "advisory"],
      ["aria-endpoint-restricted", "advisory"],
      ["aria-endpoint-name-pattern", "mandatory"],
      ["aria-endpoint-allowed-projects", "mandatory"],
    ]);
  });

  it("apply to endpoint resources only", () => {
    const props = { name: "x", type: "jenkins", properties: { url: "http://j" }, secretProperties: {} };
    expect(run(byName("aria-endpoint-plain-http"), props)).toHaveLength(1);
    const other = "pulumi-nodejs:dynamic/aria:DeploymentResource";
    expect(run(byName("aria-endpoint-plain-http"), props, { type: other })).toEqual([]);
  });

  it("apply to the provider plugin's endpoints, generic and typed, and not to its other resources", () => {
    const props = { name: "x", type: "jenkins", properties: { url: "http://j" }, secretProperties: {} };
    const plainHttp = byName("aria-endpoint-plain-http");
    expect(run(plainHttp, props, { type: "aria:index:Endpoint" })).toHaveLength(1);
    expect(run(plainHttp, props, { type: "aria:index:JenkinsEndpoint" })).toHaveLength(1);
    expect(run(plainHttp, props, { type: "aria:index:DeploymentResource" })).toEqual([]);
    expect(run(plainHttp, props, { type: "pulumi:providers:aria" })).toEqual([]);
  });

  it("read their config from the pack's config", () => {
    const props = { name: "x", type: "jenkins", project: "Sandbox", properties: {}, secretProperties: {} };
    const projects = byName("aria-endpoint-allowed-projects");
    expect(run(projects, props)).toEqual([]);
    expect(run(projects, props, { config: { projects: ["Platform"] } })).toHaveLength(1);
  });

  it("still check the known fields when others are unknown in preview", () => {
    const props = {
      name: UNKNOWN,
      type: "jenkins",
      project: UNKNOWN,
      isRestricted: UNKNOWN,
      properties: { url: "http://j", fingerprint: UNKNOWN, password: "p" },
      secretProperties: UNKNOWN,
    };
    expect(run(byName("aria-endpoint-plain-http"), props)).toEqual([
      expect.stringContaining(
        "endpoint of resource 'app': properties.url (on a typed endpoint resource: its url input) uses plain http",
      ),
    ]);
    expect(run(byName("aria-endpoint-secret-in-properties"), props)).toHaveLength(1);
    expect(run(byName("aria-endpoint-restricted"), props)).toEqual([]);
    expect(run(byName("aria-endpoint-allowed-projects"), props, { config: { projects: ["P"] } })).toEqual([]);
  });
});

describe("detach", () => {
  it("copies proxied props, turning unknown values (which the proxy throws on) into the sentinel", () => {
    const props = { a: UNKNOWN, b: { c: [1, UNKNOWN, { d: "x" }] }, e: null };
    const proxied = unknownCheckingProxy(props);
    expect(() => (proxied as Record<string, unknown>).a).toThrow(/can't be known during preview/);
    expect(detach(proxied)).toEqual(props);
  });
});
