import { parse, parseAllDocuments } from "yaml";
import { startHarness, type Harness } from "./helpers/client";

/*
 * What VMware's CLIs call besides the endpoint operations: the token check
 * (`GET /user-preferences`) and moving endpoints as YAML (`GET /export`, `POST /import`).
 */

const SECRET = "registry-Passw0rd-in-clear";
const YAML = { "content-type": "application/x-yaml" };

describe("user preferences, export and import", () => {
  let h: Harness;
  beforeAll(async () => (h = await startHarness({ seedResources: 0 })));
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.ops.reset();
    await h.ops.clearRequests();
  });

  const registry = (name = "registry", extra: Record<string, unknown> = {}) => ({
    name,
    type: "dockerregistry",
    project: "Platform",
    description: "images",
    properties: {
      serverType: "dockerhub",
      repoURL: "https://index.docker.io/v1/",
      username: "ci",
      password: SECRET,
      fingerprint: "",
    },
    ...extra,
  });

  const importYaml = (action: string, text: string, base = "/pipeline/api", client = h.admin) =>
    client.call("POST", `${base}/import?action=${action}`, { raw: text, headers: YAML });

  /** An exported-style document of a jenkins endpoint in Platform. */
  const jenkinsDoc = (name: string, url = "https://jenkins.test") =>
    `---\nproject: Platform\nkind: ENDPOINT\nname: ${name}\ndescription: ""\ntype: jenkins\nproperties:\n  url: ${url}\n`;

  describe("several endpoints at once", () => {
    it("exports a comma-separated list of endpoints as one document each, in the order asked", async () => {
      await h.admin.post("/pipeline/api/endpoints", registry("a"));
      await h.admin.post("/pipeline/api/endpoints", registry("b"));
      await h.admin.post("/pipeline/api/endpoints", registry("c"));
      const reply = await h.admin.get("/pipeline/api/export?endpoints=c,a&project=Platform");
      expect(reply.status).toBe(200);
      const documents = parseAllDocuments(reply.text).map((d) => d.toJS());
      expect(documents.map((d) => d.name)).toEqual(["c", "a"]);
      expect(documents[1]).toMatchObject({
        kind: "ENDPOINT",
        project: "Platform",
        properties: registry().properties,
      });
      // Every name must exist: the missing one is named.
      const missing = await h.admin.get("/pipeline/api/export?endpoints=a,nope&project=Platform");
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe("Endpoint 'nope' not found in project 'Platform'");
      const empty = await h.admin.get("/pipeline/api/export?endpoints=,&project=Platform");
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/'endpoints' is empty/);
    });

    it("imports every document of a file, answering one result document for each", async () => {
      const created = await importYaml("create", jenkinsDoc("one") + jenkinsDoc("two"));
      expect(created.status).toBe(200);
      const results = parseAllDocuments(created.text).map((d) => d.toJS());
      expect(results).toEqual([
        { name: "one", status: "CREATED", statusMessage: "Endpoint 'one' created in project 'Platform'" },
        { name: "two", status: "CREATED", statusMessage: "Endpoint 'two' created in project 'Platform'" },
      ]);
      // A client that reads one document reads the first result.
      expect(parse(created.text.split("---\n")[0])).toEqual(results[0]);
      const applied = await importYaml(
        "apply",
        jenkinsDoc("one", "https://moved.test") + jenkinsDoc("three"),
      );
      expect(parseAllDocuments(applied.text).map((d) => d.toJS().status)).toEqual(["UPDATED", "CREATED"]);
      const one = await h.admin.get("/pipeline/api/endpoints/Platform/one");
      expect(one.body.properties.url).toBe("https://moved.test");
    });
  });

  describe.each(["/pipeline/api", "/codestream/api"])("under %s", (base) => {
    it("answers user-preferences with a JSON object for a valid token, 401 otherwise", async () => {
      const admin = await h.admin.get(`${base}/user-preferences`);
      expect(admin.status).toBe(200);
      expect(admin.headers["content-type"]).toBe("application/json");
      expect(admin.body).toEqual({
        userName: "admin",
        preferences: {},
        _link: "/pipeline/api/user-preferences/admin",
        _createTimeInMicros: expect.any(Number),
        _updateTimeInMicros: expect.any(Number),
      });
      expect((await h.developer.get(`${base}/user-preferences`)).body.userName).toBe("developer");
      expect((await h.anonymous.get(`${base}/user-preferences`)).status).toBe(401);
      expect((await h.anonymous.get(`${base}/user-preferences`, { token: "expired.or.forged" })).status).toBe(
        401,
      );
    });

    it("exports an endpoint as a YAML document with its secrets in clear and its values' types", async () => {
      await h.admin.post(`${base}/endpoints`, registry());
      await h.admin.post(`${base}/endpoints`, {
        name: "docker",
        type: "docker",
        project: "Platform",
        properties: { url: "http://docker.test:4243", certificate: "", sharedPath: "/tmp", pollInterval: 5 },
      });
      const reply = await h.admin.get(`${base}/export?endpoints=registry&project=Platform`, {
        headers: { accept: "application/x-yaml;charset=UTF-8" },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe("application/x-yaml;charset=UTF-8");
      expect(reply.text.startsWith("---\n")).toBe(true);
      expect(parse(reply.text)).toEqual({
        project: "Platform",
        kind: "ENDPOINT",
        name: "registry",
        description: "images",
        type: "dockerregistry",
        properties: registry().properties,
      });
      const docker = parse((await h.admin.get(`${base}/export?endpoints=docker&project=Platform`)).text);
      expect(docker.properties).toEqual({
        url: "http://docker.test:4243",
        certificate: "",
        sharedPath: "/tmp",
        pollInterval: 5,
      });
    });

    it("imports a document with action=create, then updates it with action=apply", async () => {
      const document = [
        "---",
        "project: Payments",
        "kind: ENDPOINT",
        "name: imported",
        "description: from yaml",
        "type: git",
        "properties:",
        "  serverType: GitLab-Enterprise",
        "  repoURL: https://gitlab.example.com/pay/app.git",
        "  branch: main",
        "  authType: password",
        "  userName: ci",
        "  password: ${var.GITLAB_PASSWORD}",
        "",
      ].join("\n");
      const created = await importYaml("create", document, base);
      expect(created.status).toBe(200);
      expect(created.headers["content-type"]).toBe("application/x-yaml;charset=UTF-8");
      expect(parse(created.text)).toEqual({
        name: "imported",
        status: "CREATED",
        statusMessage: "Endpoint 'imported' created in project 'Payments'",
      });
      const stored = await h.admin.get(`${base}/endpoints/Payments/imported`);
      expect(stored.body).toMatchObject({
        description: "from yaml",
        type: "git",
        createdBy: "admin",
        properties: {
          serverType: "GitLab-Enterprise",
          authType: "password",
          userName: "ci",
          password: "${var.GITLAB_PASSWORD}",
        },
      });
      const again = await importYaml("create", document, base);
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already exists in project 'Payments'/);
      const applied = await importYaml("apply", document.replace("from yaml", "applied"), base);
      expect(parse(applied.text)).toEqual({
        name: "imported",
        status: "UPDATED",
        statusMessage: "Endpoint 'imported' updated in project 'Payments'",
      });
      const after = await h.admin.get(`${base}/endpoints/Payments/imported`);
      expect(after.body.description).toBe("applied");
      expect(after.body.id).toBe(stored.body.id);
    });
  });

  it("round-trips an export through import into another project, secrets included", async () => {
    await h.admin.post("/pipeline/api/endpoints", registry());
    const exported = (await h.admin.get("/pipeline/api/export?endpoints=registry&project=Platform")).text;
    const reply = await importYaml("create", exported.replace("project: Platform", "project: Payments"));
    expect(parse(reply.text).status).toBe("CREATED");
    const copy = parse((await h.admin.get("/pipeline/api/export?endpoints=registry&project=Payments")).text);
    expect(copy).toEqual({ ...parse(exported), project: "Payments" });
    // apply of an endpoint that does not exist yet creates it
    const applied = await importYaml("apply", exported.replace("name: registry", "name: registry-2"));
    expect(parse(applied.text).status).toBe("CREATED");
  });

  it("refuses bad exports naming the parameter or the endpoint", async () => {
    expect((await h.admin.get("/pipeline/api/export?project=Platform")).body.message).toMatch(
      /parameter 'endpoints' is not present/,
    );
    expect((await h.admin.get("/pipeline/api/export?endpoints=x")).body.message).toMatch(
      /parameter 'project' is not present/,
    );
    const unknownProject = await h.admin.get("/pipeline/api/export?endpoints=x&project=Nope");
    expect(unknownProject.status).toBe(400);
    expect(unknownProject.body.message).toMatch(/Project 'Nope' does not exist/);
    const missing = await h.admin.get("/pipeline/api/export?endpoints=ghost&project=Platform");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Endpoint 'ghost' not found in project 'Platform'");
    expect((await h.anonymous.get("/pipeline/api/export?endpoints=x&project=Platform")).status).toBe(401);
  });

  it("refuses bad imports with messages that name the problem and never quote the document", async () => {
    const broken = `kind: ENDPOINT\nname: x\nproperties:\n  password: ${SECRET}\n   bad: [indent\n`;
    const invalid = await importYaml("create", broken);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/^The import is not valid YAML at line \d+, column \d+ \(\w+\)$/);
    expect(invalid.text).not.toContain(SECRET);

    const pipeline = await importYaml("create", "kind: PIPELINE\nname: p\n");
    expect(pipeline.body.message).toMatch(/imports endpoints only \(kind: ENDPOINT\)/);
    expect((await importYaml("create", "name: p\n")).body.message).toMatch(
      /'kind' of the imported document is required/,
    );
    expect((await importYaml("delete", "kind: ENDPOINT\n")).body.message).toBe(
      "Parameter 'action' must be one of: create, apply (got 'delete')",
    );
    // In a file of several documents, a bad one is named, and nothing is imported.
    const twoDocs = await importYaml("create", `${jenkinsDoc("first")}---\nkind: PIPELINE\nname: b\n`);
    expect(twoDocs.status).toBe(400);
    expect(twoDocs.body.message).toBe(
      "Field 'kind' of the imported document 2 of 2 is 'PIPELINE'; the emulator imports endpoints only (kind: ENDPOINT)",
    );
    expect((await h.admin.get("/pipeline/api/endpoints/Platform/first")).status).toBe(404);
    const badProperty = await importYaml(
      "create",
      `kind: ENDPOINT\nname: j\ntype: jenkins\nproperties:\n  url: https://j\n  password: ${SECRET}\n  colour: red\n`,
    );
    expect(badProperty.status).toBe(400);
    expect(badProperty.body.message).toMatch(/Unknown properties for endpoint type 'jenkins': colour/);
    expect(badProperty.text).not.toContain(SECRET);

    const json = await h.admin.post("/pipeline/api/import?action=create", registry());
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/Content-Type application\/x-yaml/);
    expect((await importYaml("create", "kind: ENDPOINT\n", "/pipeline/api", h.anonymous)).status).toBe(401);
    const restricted = await importYaml(
      "create",
      "kind: ENDPOINT\nname: r\ntype: agent\nisRestricted: true\nproperties:\n  leMansAgent: p\n",
      "/pipeline/api",
      h.developer,
    );
    expect(restricted.status).toBe(403);
  });

  it("keeps exported and imported secrets out of the request log", async () => {
    await h.admin.post("/pipeline/api/endpoints", registry());
    const exported = (await h.admin.get("/pipeline/api/export?endpoints=registry&project=Platform")).text;
    expect(exported).toContain(SECRET);
    await importYaml("create", exported.replace("name: registry", "name: copy"));
    const log = await h.anonymous.get("/__emulator/requests");
    expect(log.body.counts).toMatchObject({
      "GET /pipeline/api/export": 1,
      "POST /pipeline/api/import": 1,
    });
    expect(log.text).not.toContain(SECRET);
  });
});
