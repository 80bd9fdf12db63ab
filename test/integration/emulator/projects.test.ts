import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECTS, startEmulator } from "../../../emulator";
import { seededProjectId } from "../../../emulator/state/projects";
import { Client, jenkinsSpec, qs, startHarness, waitForRequest, type Harness } from "./helpers/client";
import { Contracts } from "./helpers/contract";

const P = "/iaas/api/projects";

describe("IaaS projects", () => {
  const contracts = new Contracts();
  let h: Harness;
  beforeAll(
    async () =>
      (h = await startHarness({
        seedResources: 10,
        requestDelayMs: 20,
        projects: ["Team Seeded", { name: "Described", description: "from a seed" }],
      })),
  );
  afterAll(() => h.close());
  beforeEach(() => h.ops.reset());

  it("lists the default and the seeded projects as a page, with stable seeded ids", async () => {
    const reply = await h.admin.get(P);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      content: expect.any(Array),
      totalElements: 5,
      numberOfElements: 5,
    });
    expect(reply.body.content.map((p: { name: string }) => p.name)).toEqual([
      "Default Project",
      "Platform",
      "Payments",
      "Team Seeded",
      "Described",
    ]);
    expect(reply.body.content[0]).toMatchObject({ ...PROJECTS[0], orgId: expect.any(String) });
    expect(reply.body.content[3]).toMatchObject({
      id: seededProjectId("Team Seeded"),
      name: "Team Seeded",
      description: "",
    });
    expect(reply.body.content[4]).toMatchObject({ name: "Described", description: "from a seed" });
    // The developer sees them too; listing is not an administrator's privilege.
    expect((await h.developer.get(P)).body.totalElements).toBe(5);
  });

  it("pages with $skip and $top", async () => {
    const page = await h.admin.get(`${P}${qs({ $skip: 1, $top: 2 })}`);
    expect(page.body.totalElements).toBe(5);
    expect(page.body.numberOfElements).toBe(2);
    expect(page.body.content.map((p: { name: string }) => p.name)).toEqual(["Platform", "Payments"]);
    const past = await h.admin.get(`${P}${qs({ $skip: 9 })}`);
    expect(past.body).toEqual({ content: [], totalElements: 5, numberOfElements: 0 });
    const bad = await h.admin.get(`${P}?$top=many`);
    expect(bad.status).toBe(400);
    contracts.checkIaasError(bad.body, "GET /iaas/api/projects");
    expect(bad.body.message).toMatch(/\$top/);
  });

  it("honours $filter as vra-cli sends it, and $orderby and $count as the IaaS spec declares them", async () => {
    const names = (reply: { body: { content: { name: string }[] } }) => reply.body.content.map((p) => p.name);
    const platform = await h.admin.get(`${P}${qs({ $filter: "((name eq 'Platform'))" })}`);
    expect(platform.status).toBe(200);
    expect(platform.body).toEqual({
      content: [expect.objectContaining({ name: "Platform", id: PROJECTS[1].id })],
      totalElements: 1,
      numberOfElements: 1,
    });
    const some = await h.admin.get(
      `${P}${qs({ $filter: "startswith(name,'P') or description eq 'from a seed'", $orderby: "name desc", $count: "true" })}`,
    );
    expect(names(some)).toEqual(["Platform", "Payments", "Described"]);
    // $count: the number of projects the filter matches, whatever the page.
    const counted = await h.admin.get(
      `${P}${qs({ $filter: "startswith(name,'P')", $count: "true", $top: 1 })}`,
    );
    expect(counted.body).toMatchObject({ totalElements: 2, numberOfElements: 1 });
    expect(names(await h.admin.get(`${P}${qs({ $orderby: "name" })}`))).toEqual([
      "Default Project",
      "Described",
      "Payments",
      "Platform",
      "Team Seeded",
    ]);
    const none = await h.admin.get(`${P}${qs({ $filter: "id eq 'nope'" })}`);
    expect(none.body).toEqual({ content: [], totalElements: 0, numberOfElements: 0 });

    const badFilter = await h.admin.get(`${P}${qs({ $filter: "name eq" })}`);
    expect(badFilter.status).toBe(400);
    contracts.checkIaasError(badFilter.body, "GET /iaas/api/projects");
    expect(badFilter.body.message).toMatch(/^Invalid \$filter 'name eq': /);
    const badField = await h.admin.get(`${P}${qs({ $filter: "colour eq 'red'" })}`);
    expect(badField.status).toBe(400);
    const badOrder = await h.admin.get(`${P}${qs({ $orderby: "colour" })}`);
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.message).toMatch(
      /unknown field 'colour' \(sortable fields: name, id, description\)/,
    );
  });

  it("updates a project's name and description with PATCH, as vra-cli does before deleting one", async () => {
    const id = (await h.admin.post(P, { name: "Old Name", description: "before" })).body.id;
    const patched = await h.admin.call("PATCH", `${P}/${id}`, {
      body: { description: "after", zoneAssignmentConfigurations: [], members: [] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, name: "Old Name", description: "after" });
    const renamed = await h.admin.call("PATCH", `${P}/${id}`, { body: { name: "New Name" } });
    expect(renamed.body).toMatchObject({ id, name: "New Name", description: "after" });
    expect((await h.admin.get(`${P}/${id}`)).body).toMatchObject({ name: "New Name", description: "after" });
    expect((await h.admin.get(`${P}${qs({ $filter: "name eq 'Old Name'" })}`)).body.totalElements).toBe(0);
    expect((await h.admin.delete(`${P}/${id}`)).status).toBe(204);

    const taken = await h.admin.call("PATCH", `${P}/${PROJECTS[2].id}`, { body: { name: "Platform" } });
    expect(taken.status).toBe(409);
    contracts.checkIaasError(taken.body, "PATCH /iaas/api/projects/{id}");
    const empty = await h.admin.call("PATCH", `${P}/${PROJECTS[2].id}`, { body: { name: " " } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Field 'name' must not be empty");
    const wrongType = await h.admin.call("PATCH", `${P}/${PROJECTS[2].id}`, { body: { description: 7 } });
    expect(wrongType.body.message).toBe("Field 'description' must be a string");
    expect((await h.admin.call("PATCH", `${P}/nope`, { body: {} })).status).toBe(404);
    expect((await h.developer.call("PATCH", `${P}/${PROJECTS[2].id}`, { body: {} })).status).toBe(403);
    // Endpoints refer to their project by name here: a project holding some keeps its name.
    const busy = (await h.admin.post(P, { name: "Busy" })).body.id;
    await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("e", { project: "Busy" }));
    const refused = await h.admin.call("PATCH", `${P}/${busy}`, { body: { name: "Renamed" } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/holds pipeline endpoints/);
    expect((await h.admin.call("PATCH", `${P}/${busy}`, { body: { description: "ok" } })).status).toBe(200);
  });

  it("creates a project answering 201 with its id, where endpoints and resources can then live", async () => {
    const created = await h.admin.post(P, { name: "Made Here", description: "by POST" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Made Here",
      description: "by POST",
    });
    const id = created.body.id;
    expect((await h.admin.get(`${P}/${id}`)).body).toMatchObject({ id, name: "Made Here" });
    const endpoint = await h.admin.post(
      "/pipeline/api/endpoints",
      jenkinsSpec("ci", { project: "Made Here" }),
    );
    expect(endpoint.status).toBe(200);
    expect(endpoint.body).toMatchObject({ project: "Made Here", _projectId: id });
    const resource = await h.admin.post("/deployment/api/resources", {
      name: "vm",
      type: "Cloud.vSphere.Machine",
      projectId: id,
    });
    expect(resource.status).toBe(200);
    expect((await waitForRequest(h.admin, resource.body.requestId)).request.status).toBe("SUCCESSFUL");
    const listed = await h.admin.get(`/deployment/api/resources${qs({ projects: id, expand: "project" })}`);
    expect(listed.body.content).toEqual([
      expect.objectContaining({
        name: "vm",
        projectId: id,
        project: expect.objectContaining({ name: "Made Here" }),
      }),
    ]);
  });

  it("refuses a duplicate name (409), a missing name (400) and a developer (403), in the IaaS shape", async () => {
    const duplicate = await h.admin.post(P, { name: "Platform" });
    expect(duplicate.status).toBe(409);
    contracts.checkIaasError(duplicate.body, "POST /iaas/api/projects");
    expect(duplicate.body.message).toMatch(/'Platform' already exists/);
    const missing = await h.admin.post(P, { description: "no name" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Field 'name' is required");
    const developer = await h.developer.post(P, { name: "Mine" });
    expect(developer.status).toBe(403);
    contracts.checkIaasError(developer.body, "POST /iaas/api/projects");
    const anonymous = await h.anonymous.get(P);
    expect(anonymous.status).toBe(401);
    contracts.checkIaasError(anonymous.body, "GET /iaas/api/projects");
  });

  it("deletes an empty project (204), refuses one that holds endpoints or resources (409)", async () => {
    const empty = (await h.admin.post(P, { name: "Empty" })).body.id;
    expect((await h.developer.delete(`${P}/${empty}`)).status).toBe(403);
    expect((await h.admin.delete(`${P}/${empty}`)).status).toBe(204);
    expect((await h.admin.get(`${P}/${empty}`)).status).toBe(404);
    expect((await h.admin.delete(`${P}/${empty}`)).status).toBe(404);
    const created = await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("e", { project: "Empty" }));
    expect(created.status).toBe(400);
    expect(created.body.message).toMatch(/Project 'Empty' does not exist/);

    const busy = (await h.admin.post(P, { name: "Busy" })).body.id;
    const endpoint = (await h.admin.post("/pipeline/api/endpoints", jenkinsSpec("e", { project: "Busy" })))
      .body;
    const refused = await h.admin.delete(`${P}/${busy}`);
    expect(refused.status).toBe(409);
    contracts.checkIaasError(refused.body, "DELETE /iaas/api/projects/{id}");
    expect(refused.body.message).toBe("Project 'Busy' still holds 1 endpoint; delete them first");
    await h.admin.delete(`/pipeline/api/endpoints/${endpoint.id}`);
    expect((await h.admin.delete(`${P}/${busy}`)).status).toBe(204);
    // Seeded deployment resources keep the default projects in use.
    const platform = await h.admin.delete(`${P}/${PROJECTS[1].id}`);
    expect(platform.status).toBe(409);
    expect(platform.body.message).toMatch(/deployment resource/);
  });

  it("goes back to the seeded projects on reset", async () => {
    await h.admin.post(P, { name: "Temporary" });
    expect((await h.admin.get(P)).body.totalElements).toBe(6);
    await h.ops.reset();
    expect((await h.admin.get(P)).body.totalElements).toBe(5);
  });
});

describe("projects across restarts", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "aria-projects-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps created projects in the data file, and adds projects seeded at a later start", async () => {
    const dataFile = join(dir, "state.json");
    const first = await startEmulator({ dataFile, seedResources: 0 });
    const client = new Client(first.url);
    let id: string;
    try {
      const admin = client.as(await client.login("admin"));
      id = (await admin.post(P, { name: "Kept" })).body.id;
      expect(
        (await admin.post("/pipeline/api/endpoints", jenkinsSpec("ci", { project: "Kept" }))).status,
      ).toBe(200);
    } finally {
      await first.close();
      await client.close();
    }
    const second = await startEmulator({ dataFile, seedResources: 0, projects: ["Added Later"] });
    const again = new Client(second.url);
    try {
      const admin = again.as(await again.login("admin"));
      const names = (await admin.get(P)).body.content.map((p: { name: string }) => p.name);
      expect(names).toEqual(["Default Project", "Platform", "Payments", "Kept", "Added Later"]);
      expect((await admin.get(`${P}/${id}`)).body.name).toBe("Kept");
      expect((await admin.get(`/pipeline/api/endpoints/Kept/ci`)).body._projectId).toBe(id);
    } finally {
      await second.close();
      await again.close();
    }
  });

  it("refuses nonsense seeds with a message naming the option", async () => {
    await expect(startEmulator({ projects: [{ name: "" }] })).rejects.toThrow(/'projects'.*non-empty 'name'/);
    await expect(startEmulator({ projects: ["Twice", "Twice"] })).rejects.toThrow(/'Twice' is seeded twice/);
    await expect(startEmulator({ projects: [{ name: "X", id: "not-a-uuid" }] })).rejects.toThrow(
      /'id' must be a uuid/,
    );
  });
});
