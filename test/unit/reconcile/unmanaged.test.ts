import { endpoint } from "../export/fixtures";
import { readStackState, StackExport } from "../../../provider/reconcile/state";
import { unmanagedEndpoints } from "../../../provider/reconcile/unmanaged";

const SERVER = "https://vra.example.com";

describe("what a stack's state manages", () => {
  it("reads the url of the program's aria provider resource, where they all name one", () => {
    const withProvider = (urls: unknown[]) =>
      readStackState(
        StackExport.parse({
          deployment: {
            resources: urls.map((url, i) => ({
              urn: `u:p${i}`,
              type: "pulumi:providers:aria",
              id: `p${i}`,
              inputs: {
                url,
                refreshToken: {
                  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
                  ciphertext: "x",
                },
              },
            })),
          },
        }),
      ).providerUrl;
    expect(withProvider(["https://vra.example.com"])).toBe("https://vra.example.com");
    expect(withProvider(["https://vra.example.com", "https://vra.example.com"])).toBe(
      "https://vra.example.com",
    );
    // Two servers, or a url kept secret in the state: none to read.
    expect(withProvider(["https://a.example.com", "https://b.example.com"])).toBeUndefined();
    expect(
      withProvider([{ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" }]),
    ).toBeUndefined();
  });

  it("finds the endpoints of the plugin's typed and generic resources, and the plugin door", () => {
    const state = StackExport.parse({
      version: 3,
      deployment: {
        resources: [
          { urn: "u:stack", type: "pulumi:pulumi:Stack" },
          { urn: "u:p", type: "pulumi:providers:aria", id: "p1" },
          { urn: "u:j", type: "aria:index:JenkinsEndpoint", id: "j1", outputs: { project: "Platform" } },
          { urn: "u:g", type: "aria:index:Endpoint", id: "g1", outputs: { project: "Payments" } },
          { urn: "u:d", type: "aria:index:DeploymentResource", id: "d1", outputs: {} },
        ],
      },
    });
    expect(readStackState(state)).toEqual({
      door: "plugin",
      endpoints: [
        { id: "j1", project: "Platform" },
        { id: "g1", project: "Payments" },
      ],
    });
  });

  it("finds the dynamic resources' endpoints and the dynamic door; an empty state has no door", () => {
    const state = StackExport.parse({
      deployment: {
        resources: [
          {
            urn: "u:e",
            type: "pulumi-nodejs:dynamic/aria:Endpoint",
            id: "e1",
            outputs: { project: "Platform" },
          },
          { urn: "u:r", type: "pulumi-nodejs:dynamic/aria:DeploymentResource", id: "r1", outputs: {} },
        ],
      },
    });
    expect(readStackState(state)).toEqual({
      door: "dynamic",
      endpoints: [{ id: "e1", project: "Platform" }],
    });
    expect(readStackState(StackExport.parse({ deployment: {} }))).toEqual({ endpoints: [] });
  });
});

describe("the endpoints no stack manages", () => {
  const listed = [
    endpoint({ id: "j1", name: "jenkins", project: "Platform" }),
    endpoint({ id: "h1", name: "by hand's", project: "Platform", type: "jenkins" }),
    endpoint({ id: "x1", name: "bamboo", project: "Platform", type: "bamboo" }),
    endpoint({ id: "o1", name: "other", project: "Elsewhere" }),
  ];

  it("are those of the projects by id not managed, sorted, each with the commands that adopt it", () => {
    const found = unmanagedEndpoints({
      server: SERVER,
      listed,
      projects: new Set(["Platform"]),
      managed: new Set(["j1"]),
      stack: "prod",
    });
    expect(found.map((u) => u.id)).toEqual(["x1", "h1"]);
    expect(found[1]).toEqual({
      server: SERVER,
      project: "Platform",
      name: "by hand's",
      type: "jenkins",
      id: "h1",
      adopt: {
        pulumiImport: "pulumi import --stack prod aria:index:JenkinsEndpoint by-hand-s h1",
        ariaExport: `aria-export --url ${SERVER} --project Platform --filter "name eq 'by hand''s'" --out adopt-by-hand-s`,
      },
    });
    // A type without a typed resource is imported as the generic one.
    expect(found[0].adopt.pulumiImport).toBe("pulumi import --stack prod aria:index:Endpoint bamboo x1");
  });

  it("are none when every listed endpoint of the projects is managed", () => {
    expect(
      unmanagedEndpoints({
        server: SERVER,
        listed,
        projects: new Set(["Elsewhere"]),
        managed: new Set(["o1"]),
      }),
    ).toEqual([]);
  });
});
