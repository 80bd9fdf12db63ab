import { startHarness, type Harness, type Json } from "./helpers/client";

describe("apiVersion", () => {
  let h: Harness;
  beforeAll(async () => (h = await startHarness({ seedResources: 3 })));
  afterAll(() => h.close());

  const PIPELINE = [
    ["GET", "/pipeline/api/about"],
    ["GET", "/codestream/api/endpoints"],
    ["POST", "/pipeline/api/endpoints"],
    ["GET", "/pipeline/api/endpoints/x"],
    ["PUT", "/pipeline/api/endpoints/x"],
    ["DELETE", "/pipeline/api/endpoints/x"],
    ["GET", "/pipeline/api/endpoints/p/n"],
    ["PUT", "/pipeline/api/endpoints/p/n"],
    ["DELETE", "/pipeline/api/endpoints/p/n"],
    ["POST", "/pipeline/api/endpoint-validation"],
    ["GET", "/pipeline/api/endpoint-tiles"],
    ["GET", "/pipeline/api/endpoint-tiles/git"],
    ["GET", "/pipeline/api/endpoint-certificate"],
  ];
  const DEPLOYMENT = [
    ["POST", "/deployment/api/resources"],
    ["GET", "/deployment/api/resources"],
    ["GET", "/deployment/api/resources/x"],
    ["GET", "/deployment/api/resources/filters"],
    ["GET", "/deployment/api/resources/filters/tags"],
    ["DELETE", "/deployment/api/deployments/d/resources/r"],
    ["GET", "/deployment/api/requests/x"],
    ["POST", "/deployment/api/requests/x"],
  ];
  const call = (method: string, path: string, version: string) =>
    h.admin.call(method, `${path}?apiVersion=${version}`);

  it.each([...PIPELINE, ...DEPLOYMENT])(
    "answers 400 to %s %s with a malformed or unsupported apiVersion",
    async (method, path) => {
      for (const version of ["2019-13-45", "latest", "2018-01-01"]) {
        const reply = await call(method, path, version);
        expect(reply.status).toBe(400);
        expect(reply.body.message).toMatch(new RegExp(`(Invalid|Unsupported) apiVersion '${version}'`));
      }
    },
  );

  it("accepts 2019-10-17 on the pipeline service and rejects the deployment versions there", async () => {
    expect((await call("GET", "/pipeline/api/about", "2019-10-17")).status).toBe(200);
    expect((await call("GET", "/pipeline/api/about", "")).status).toBe(200);
    expect((await call("GET", "/pipeline/api/about", "2020-08-25")).body.message).toBe(
      "Unsupported apiVersion '2020-08-25'. Supported versions: 2019-10-17",
    );
  });

  it("accepts 2020-08-25 and 2019-01-15 on the deployment service", async () => {
    expect((await call("GET", "/deployment/api/resources", "2020-08-25")).status).toBe(200);
    expect((await call("GET", "/deployment/api/resources", "2019-01-15")).status).toBe(200);
  });

  it("publishes its versions on the about page", async () => {
    const reply = await h.admin.get("/codestream/api/about");
    expect(reply.body).toEqual({
      latestApiVersion: "2019-10-17",
      supportedApis: [{ apiVersion: "2019-10-17", documentationLink: expect.stringContaining("2019-10-17") }],
    });
  });

  it("answers every tile with typed property metadata and secrets marked", async () => {
    const tiles = (await h.admin.get("/pipeline/api/endpoint-tiles")).body.tiles;
    expect(tiles.map((t: Json) => t.tileId)).toEqual(
      expect.arrayContaining([
        "jenkins",
        "git",
        "k8s",
        "jira",
        "email",
        "gerrit",
        "agent",
        "docker",
        "dockerregistry",
        "bamboo",
        "tfs",
        "vro",
      ]),
    );
    const jenkins = (await h.admin.get("/pipeline/api/endpoint-tiles/jenkins")).body;
    expect(Object.keys(jenkins.inputProperties)).toEqual([
      "url",
      "username",
      "password",
      "folderPath",
      "pollInterval",
      "retryCount",
      "retryWaitSeconds",
      "fingerprint",
    ]);
    expect(jenkins.inputProperties.url).toEqual({
      type: "String",
      description: expect.any(String),
      mandatory: true,
    });
    expect(jenkins.inputProperties.password).toMatchObject({ mandatory: false, secret: true });
    expect(Object.keys((await h.admin.get("/pipeline/api/endpoint-tiles/k8s")).body.inputProperties)).toEqual(
      [
        "kubernetesURL",
        "authType",
        "certAuthorityData",
        "certData",
        "certKeyData",
        "userName",
        "password",
        "token",
        "fingerprint",
      ],
    );
    const unknown = await h.admin.get("/pipeline/api/endpoint-tiles/svn");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Endpoint type 'svn' is not supported. Supported types: jenkins/);
  });
});
