import { PROJECTS } from "../../../emulator";
import { jenkinsSpec, startHarness, type Harness } from "./helpers/client";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;
const byName = (project: string, name: string) =>
  `/pipeline/api/endpoints/${encodeURIComponent(project)}/${encodeURIComponent(name)}`;

describe("endpoints", () => {
  let h: Harness;
  beforeAll(async () => (h = await startHarness({ seedResources: 0 })));
  afterAll(() => h.close());
  beforeEach(() => h.ops.reset());

  it("creates an endpoint answering 200 with every response field, in Default Project unless told", async () => {
    const reply = await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("ci", { cloudProxyId: "cp-1" }));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "ci",
      project: "Default Project",
      _projectId: PROJECTS[0].id,
      type: "jenkins",
      description: "",
      isRestricted: false,
      properties: { url: "https://jenkins.example.test", username: "ci", password: "*****" },
      cloudProxyId: "cp-1",
      kind: "ENDPOINT",
      isLocked: false,
      version: "v1",
      validationOutput: {},
      _link: `/pipeline/api/endpoints/${reply.body.id}`,
      createdAt: expect.stringMatching(TIMESTAMP),
      updatedAt: reply.body.createdAt,
      createdBy: "admin",
      updatedBy: "admin",
      _createdBy: "admin",
      _updatedBy: "admin",
      _createTimeInMicros: expect.any(Number),
      _updateTimeInMicros: reply.body._createTimeInMicros,
    });
  });

  it("masks secrets in every response: create, get, list, update and delete", async () => {
    const created = await h.admin.post("/pipeline/api/endpoints", {
      name: "cluster",
      type: "k8s",
      project: "Platform",
      properties: { kubernetesURL: "https://k8s.test", authType: "token", token: "tok", certKeyData: "" },
    });
    const id = created.body.id;
    const spec = {
      name: "cluster",
      type: "k8s",
      project: "Platform",
      properties: { kubernetesURL: "https://k8s.test", authType: "token", token: "*****" },
    };
    const replies = [
      created,
      await h.admin.get(`/pipeline/api/endpoints/${id}`),
      await h.admin.get(byName("Platform", "cluster")),
      await h.admin.put(`/pipeline/api/endpoints/${id}`, spec),
      await h.admin.delete(`/pipeline/api/endpoints/${id}`),
    ];
    for (const reply of replies) expect(reply.body.properties.token).toBe("*****");
    expect(created.body.properties.certKeyData).toBe("");
    const list = await h.admin.get("/pipeline/api/endpoints");
    expect(JSON.stringify(list.body)).not.toContain('"tok"');
  });

  it("keeps a stored secret when an update carries the mask, and refuses the mask on create", async () => {
    const created = await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("ci"));
    const put = await h.admin.put(
      `/pipeline/api/endpoints/${created.body.id}`,
      jenkinsSpec("ci", { properties: { url: "https://x.test", password: "*****" } }),
    );
    expect(put.status).toBe(200);
    const validation = await h.admin.post("/pipeline/api/endpoint-validation", {
      id: created.body.id,
      name: "ci",
      type: "jenkins",
      properties: { url: "not a url", password: "*****" },
    });
    expect(validation.body.statusMessage).not.toMatch(/no stored value/);
    const refused = await h.admin.post(
      "/pipeline/api/endpoints",
      jenkinsSpec("other", { properties: { url: "u", password: "*****" } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /Property 'password' holds the mask '\*\*\*\*\*' but there is no stored value/,
    );
  });

  it("keeps a pipeline-variable reference in a secret property as given, unmasked, through updates", async () => {
    const spec = {
      name: "vars",
      type: "git",
      properties: {
        serverType: "GitHub",
        repoURL: "https://github.com/o/r.git",
        branch: "main",
        authType: "privateToken",
        privateToken: "${var.GIT_TOKEN}",
      },
    };
    const created = await h.admin.post("/pipeline/api/endpoints", spec);
    expect(created.status).toBe(200);
    expect(created.body.properties.privateToken).toBe("${var.GIT_TOKEN}");
    const id = created.body.id;
    expect((await h.admin.get(`/pipeline/api/endpoints/${id}`)).body.properties.privateToken).toBe(
      "${var.GIT_TOKEN}",
    );
    const updated = await h.admin.put(`/pipeline/api/endpoints/${id}`, {
      ...spec,
      properties: { ...spec.properties, privateToken: "${var.OTHER_TOKEN}" },
    });
    expect(updated.body.properties.privateToken).toBe("${var.OTHER_TOKEN}");
    // A real secret next to it is still masked.
    const real = await h.admin.put(`/pipeline/api/endpoints/${id}`, {
      ...spec,
      properties: { ...spec.properties, privateToken: "glpat-real" },
    });
    expect(real.body.properties.privateToken).toBe("*****");
  });

  it("serves the same endpoints under /codestream/api with /pipeline/api links", async () => {
    const created = await h.admin.post("/codestream/api/endpoints", jenkinsSpec("legacy"));
    expect(created.body._link).toBe(`/pipeline/api/endpoints/${created.body.id}`);
    expect((await h.admin.get(`/pipeline/api/endpoints/${created.body.id}`)).body.name).toBe("legacy");
  });

  it("addresses endpoints by project and name, URL-decoded, with spaces and unicode", async () => {
    const name = "Café ☕ / build #1";
    await h.admin.post("/pipeline/api/endpoints", jenkinsSpec(name, { project: "Payments" }));
    const reply = await h.admin.get(byName("Payments", name));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name, project: "Payments", _projectId: PROJECTS[2].id });
    expect((await h.admin.get(byName("Platform", name))).status).toBe(404);
  });

  it("answers 400 naming the problem for invalid bodies", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ type: "jenkins", properties: {} }, /^Field 'name' is required$/],
      [{ name: "x", properties: {} }, /^Field 'type' is required$/],
      [{ name: "x", type: "jenkins" }, /^Field 'properties' is required$/],
      [
        { name: "x", type: "svn", properties: {} },
        /Unknown endpoint type 'svn'. Valid types: jenkins, git, k8s/,
      ],
      [
        { name: "x", type: "jenkins", properties: { url: "u", colour: "red" } },
        /Unknown properties for endpoint type 'jenkins': colour/,
      ],
      [
        { name: "x", type: "jenkins", properties: { username: "u" } },
        /Missing mandatory properties for endpoint type 'jenkins': url/,
      ],
      [
        jenkinsSpec("x", { project: "Marketing" }),
        /Project 'Marketing' does not exist. Known projects: Default Project, Platform, Payments/,
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await h.admin.post("/pipeline/api/endpoints", body);
      expect({ status: reply.status, message: reply.body.message }).toEqual({
        status: 400,
        message: expect.stringMatching(message),
      });
    }
    const malformed = await h.admin.call("POST", "/pipeline/api/endpoints", {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^JSON parse error/);
  });

  it("answers 409 to a duplicate name in the same project only", async () => {
    await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("dup"));
    const again = await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("dup"));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/An endpoint named 'dup' already exists in project 'Default Project'/);
    expect(
      (await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("dup", { project: "Platform" }))).status,
    ).toBe(200);
  });

  it("updates fully by id, renaming and moving, keeping creation data", async () => {
    const created = (await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("old", { description: "d" })))
      .body;
    await h.ops.advanceClock(5);
    const reply = await h.developer.put(
      `/pipeline/api/endpoints/${created.id}`,
      jenkinsSpec("new", { project: "Platform" }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: created.id,
      name: "new",
      project: "Platform",
      description: "",
      createdBy: "admin",
      updatedBy: "developer",
    });
    expect(reply.body._updateTimeInMicros).toBeGreaterThan(created._createTimeInMicros);
    // Times come from the emulator's clock, which moved 5 ms between the two.
    expect(reply.body._updateTimeInMicros).toBeGreaterThanOrEqual(created._createTimeInMicros + 5000);
    expect(reply.body.createdAt).toBe(created.createdAt);
    expect((await h.admin.get(byName("Default Project", "old"))).status).toBe(404);
    await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("taken", { project: "Platform" }));
    expect(
      (
        await h.admin.put(
          `/pipeline/api/endpoints/${created.id}`,
          jenkinsSpec("taken", { project: "Platform" }),
        )
      ).status,
    ).toBe(409);
  });

  it("updates and deletes by project and name, keeping the project when the body names none", async () => {
    await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("named", { project: "Payments" }));
    const put = await h.admin.put(
      byName("Payments", "named"),
      jenkinsSpec("named", { description: "via name" }),
    );
    expect(put.body).toMatchObject({ project: "Payments", description: "via name" });
    const deleted = await h.admin.delete(byName("Payments", "named"));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: put.body.id, name: "named" });
    expect((await h.admin.delete(byName("Payments", "named"))).status).toBe(404);
    expect((await h.admin.put(byName("Payments", "named"), jenkinsSpec("named"))).status).toBe(404);
  });

  it("answers 404 for unknown ids on read, update and delete", async () => {
    for (const reply of [
      await h.admin.get("/pipeline/api/endpoints/nope"),
      await h.admin.put("/pipeline/api/endpoints/nope", jenkinsSpec("x")),
      await h.admin.delete("/pipeline/api/endpoints/nope"),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe("Endpoint with id 'nope' not found");
    }
  });

  describe("restricted endpoints", () => {
    const FORBIDDEN = /only an administrator can create, update or delete restricted endpoints/;

    it("can be created, updated and deleted by an administrator only", async () => {
      const denied = await h.developer.post(
        "/pipeline/api/endpoints",
        jenkinsSpec("locked", { isRestricted: true }),
      );
      expect(denied.status).toBe(403);
      expect(denied.body.message).toMatch(FORBIDDEN);
      const created = await h.admin.post(
        "/pipeline/api/endpoints",
        jenkinsSpec("locked", { isRestricted: true }),
      );
      expect(created.body.isRestricted).toBe(true);
      const id = created.body.id;
      expect((await h.developer.get(`/pipeline/api/endpoints/${id}`)).status).toBe(200);
      expect(
        (
          await h.developer.put(
            `/pipeline/api/endpoints/${id}`,
            jenkinsSpec("locked", { isRestricted: false }),
          )
        ).status,
      ).toBe(403);
      expect((await h.developer.delete(byName("Default Project", "locked"))).status).toBe(403);
      expect(
        (await h.admin.put(`/pipeline/api/endpoints/${id}`, jenkinsSpec("locked", { isRestricted: false })))
          .status,
      ).toBe(200);
      expect((await h.developer.delete(`/pipeline/api/endpoints/${id}`)).status).toBe(200);
    });

    it("cannot be made restricted by a non-administrator", async () => {
      const created = await h.developer.post("/pipeline/api/endpoints", jenkinsSpec("open"));
      const reply = await h.developer.put(
        `/pipeline/api/endpoints/${created.body.id}`,
        jenkinsSpec("open", { isRestricted: true }),
      );
      expect(reply.status).toBe(403);
      expect(reply.body.message).toMatch(FORBIDDEN);
    });
  });
});
