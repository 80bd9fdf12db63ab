import { PROJECTS } from "../../../emulator";
import { startHarness, waitForRequest, type Harness, type Json } from "./helpers/client";

const R = "/deployment/api/resources";

describe("deployment resources", () => {
  let h: Harness;
  beforeAll(async () => (h = await startHarness({ requestDelayMs: 150 })));
  afterAll(() => h.close());

  const all = async (query = "") => (await h.admin.get(`${R}?$top=1000${query}`)).body.content as Json[];

  describe("listing the 300 seeded resources", () => {
    it("answers a Spring page of 20 sorted by name by default", async () => {
      const reply = await h.admin.get(R);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        totalElements: 300,
        totalPages: 15,
        number: 0,
        size: 20,
        numberOfElements: 20,
        first: true,
        last: false,
        empty: false,
        sort: { sorted: true },
        pageable: { offset: 0, pageSize: 20, pageNumber: 0 },
      });
      const names = reply.body.content.map((r: Json) => r.name);
      expect(names).toEqual([...names].sort());
    });

    it("spreads them over projects, types, cloud accounts, tags and origins", async () => {
      const resources = await all();
      expect(resources).toHaveLength(300);
      expect(new Set(resources.map((r) => r.projectId))).toEqual(new Set(PROJECTS.map((p) => p.id)));
      expect(new Set(resources.map((r) => r.type)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(resources.map((r) => r.origin))).toEqual(
        new Set(["DISCOVERED", "ONBOARDED", "MIGRATED"]),
      );
      expect(resources.every((r) => r.project === undefined && r.deployment === undefined)).toBe(true);
    });

    it("pages with $top/$skip, page/size and the bare names, including the edges", async () => {
      const everything = await all();
      expect((await h.admin.get(`${R}?$top=5&$skip=10`)).body.content).toEqual(everything.slice(10, 15));
      expect((await h.admin.get(`${R}?top=5&skip=10`)).body.content).toEqual(everything.slice(10, 15));
      const page = (await h.admin.get(`${R}?page=2&size=7`)).body;
      expect(page).toMatchObject({ number: 2, size: 7, numberOfElements: 7, first: false });
      expect(page.content).toEqual(everything.slice(14, 21));
      expect((await h.admin.get(`${R}?$skip=300`)).body).toMatchObject({
        content: [],
        totalElements: 300,
        empty: true,
        last: true,
      });
      expect((await h.admin.get(`${R}?$top=0`)).body).toMatchObject({
        content: [],
        totalElements: 300,
        numberOfElements: 0,
      });
      expect((await h.admin.get(`${R}?$top=100000`)).body).toMatchObject({
        numberOfElements: 300,
        totalPages: 1,
        last: true,
      });
    });

    it("orders by several criteria, repeated or comma-separated", async () => {
      const repeated = (await h.admin.get(`${R}?$top=300&$orderby=type%20asc&$orderby=name%20desc`)).body
        .content;
      const comma = (await h.admin.get(`${R}?$top=300&$orderby=${encodeURIComponent("type asc,name desc")}`))
        .body.content;
      expect(comma).toEqual(repeated);
      const expected = [...repeated].sort((a, b) =>
        a.type === b.type ? (a.name < b.name ? 1 : -1) : a.type < b.type ? -1 : 1,
      );
      expect(repeated.map((r: Json) => r.id)).toEqual(expected.map((r) => r.id));
      expect((await h.admin.get(`${R}?$orderby=weight`)).status).toBe(400);
    });

    it("filters by projects, resource types, cloud accounts, cloud types, tags and search", async () => {
      const everything = await all();
      const platform = PROJECTS[1].id;
      expect(await all(`&projects=${platform}`)).toEqual(everything.filter((r) => r.projectId === platform));
      const types = "Cloud.vSphere.Machine,Cloud.AWS.EC2.Instance";
      expect(await all(`&resourceTypes=${types}`)).toEqual(
        everything.filter((r) => types.split(",").includes(r.type)),
      );
      const byAccountName = await all("&cloudAccounts=aws-main");
      expect(byAccountName.length).toBeGreaterThan(0);
      expect(byAccountName.every((r) => r.properties.account === "aws-main")).toBe(true);
      expect(await all("&cloudTypes=aws")).toEqual(everything.filter((r) => r.type.startsWith("Cloud.AWS.")));
      const prodGold = await all("&tags=env:prod&tags=tier:gold");
      const tagged = (r: Json, k: string, v: string) =>
        r.properties.tags.some((t: Json) => t.key === k && t.value === v);
      expect(prodGold).toEqual(
        everything.filter((r) => tagged(r, "env", "prod") || tagged(r, "tier", "gold")),
      );
      const combined = await all(`&projects=${platform}&cloudTypes=vsphere&search=WEB`);
      expect(combined.length).toBeGreaterThan(0);
      expect(
        combined.every(
          (r) =>
            r.projectId === platform && r.type.startsWith("Cloud.vSphere") && /web/i.test(JSON.stringify(r)),
        ),
      ).toBe(true);
    });

    it("expands project, deployment and currentRequest on request only", async () => {
      const [first] = (await h.admin.get(`${R}?$top=1&expand=project,deployment`)).body.content;
      expect(first.project).toEqual({
        id: first.projectId,
        name: expect.any(String),
        description: expect.any(String),
      });
      expect(first.deployment).toMatchObject({
        id: first.deploymentId,
        name: expect.any(String),
        ownedBy: expect.any(String),
      });
      const one = await h.admin.get(`${R}/${first.id}?expand=project`);
      expect(one.body.project.id).toBe(first.projectId);
      expect((await h.admin.get(`${R}/${first.id}?expand=owner`)).body.message).toBe(
        "Invalid expand 'owner'. Expandable objects: project, deployment, currentRequest",
      );
    });

    it("answers 404 for an unknown resource", async () => {
      const reply = await h.admin.get(`${R}/00000000-0000-4000-8000-000000000000`);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe("Resource with id '00000000-0000-4000-8000-000000000000' not found");
    });
  });

  describe("filters", () => {
    it("lists projects, resourceTypes, cloudTypes, cloudAccounts, tags and origin with counts", async () => {
      const reply = await h.admin.get(`${R}/filters?displayName=ignored&ISO3Country=USA`);
      expect(reply.status).toBe(200);
      const filters = reply.body.filters as Json[];
      expect(filters.map((f) => f.id)).toEqual([
        "projects",
        "resourceTypes",
        "cloudTypes",
        "cloudAccounts",
        "tags",
        "origin",
      ]);
      for (const id of ["projects", "resourceTypes", "cloudTypes", "cloudAccounts", "origin"]) {
        const f = filters.find((x) => x.id === id);
        expect(f.type).toBe("MULTISELECT");
        expect(f.content.reduce((sum: number, e: Json) => sum + e.count, 0)).toBe(300);
      }
    });

    it("honours resourceTypes", async () => {
      const reply = await h.admin.get(`${R}/filters?resourceTypes=Cloud.NSX.Network`);
      const types = reply.body.filters.find((f: Json) => f.id === "resourceTypes").content;
      expect(types).toEqual([
        { id: "Cloud.NSX.Network", name: "Cloud.NSX.Network", count: expect.any(Number) },
      ]);
      const clouds = reply.body.filters.find((f: Json) => f.id === "cloudTypes").content;
      expect(clouds).toEqual([{ id: "nsxt", name: "NSX-T", count: types[0].count }]);
    });

    it("pages one filter's entries honouring projects, search, order and paging", async () => {
      const tags = await h.admin.get(`${R}/filters/tags?search=env&$orderby=count%20desc`);
      expect(tags.body.content.map((e: Json) => e.name).every((n: string) => n.startsWith("env:"))).toBe(
        true,
      );
      const counts = tags.body.content.map((e: Json) => e.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const payments = await h.admin.get(`${R}/filters/projects?projects=${PROJECTS[2].id}`);
      expect(payments.body.content).toEqual([
        { id: PROJECTS[2].id, name: "Payments", count: expect.any(Number) },
      ]);
      const paged = await h.admin.get(`${R}/filters/resourceTypes?$top=2&$skip=1`);
      expect(paged.body).toMatchObject({ numberOfElements: 2, size: 2, first: false });
      expect((await h.admin.get(`${R}/filters/colour`)).status).toBe(404);
    });
  });

  describe("creation, requests and deletion", () => {
    it("creates asynchronously: the request moves to SUCCESSFUL and only then the resource is visible", async () => {
      const created = await h.admin.post(R, {
        name: "vm-new",
        type: "Cloud.vSphere.Machine",
        projectId: PROJECTS[2].id,
        properties: { cpuCount: 2 },
      });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        deploymentId: expect.any(String),
        projectId: PROJECTS[2].id,
        requestId: expect.any(String),
        resourceId: expect.any(String),
      });
      expect((await h.admin.get(`${R}/${created.body.resourceId}`)).status).toBe(404);
      const { request, seen } = await waitForRequest(h.admin, created.body.requestId);
      expect(seen[0]).toMatch(/^(CREATED|INPROGRESS)$/);
      expect(seen[seen.length - 1]).toBe("SUCCESSFUL");
      expect(request).toMatchObject({
        name: "Create",
        requestedBy: "admin",
        deploymentId: created.body.deploymentId,
        resourceIds: [created.body.resourceId],
        completedAt: expect.any(String),
        inputs: expect.objectContaining({ name: "vm-new" }),
      });
      const resource = await h.admin.get(`${R}/${created.body.resourceId}?expand=currentRequest,deployment`);
      expect(resource.body).toMatchObject({
        name: "vm-new",
        properties: { cpuCount: 2 },
        currentRequest: { id: request.id, status: "SUCCESSFUL" },
      });
      expect(resource.body.deployment.id).toBe(created.body.deploymentId);
      const sibling = await h.admin.post(R, {
        name: "disk-new",
        type: "Cloud.vSphere.Disk",
        deploymentId: created.body.deploymentId,
      });
      expect(sibling.body).toMatchObject({
        deploymentId: created.body.deploymentId,
        projectId: PROJECTS[2].id,
      });
    });

    it("ends FAILED with details for fail- names and emulatorFail properties", async () => {
      const byName = await h.admin.post(R, { name: "fail-vm", type: "Cloud.AWS.EC2.Instance" });
      expect((await waitForRequest(h.admin, byName.body.requestId)).request).toMatchObject({
        status: "FAILED",
        details: expect.stringContaining("fail-vm"),
      });
      const byProp = await h.admin.post(R, {
        name: "vm",
        type: "Cloud.AWS.EC2.Instance",
        properties: { emulatorFail: "Quota exceeded in us-east-1" },
      });
      expect((await waitForRequest(h.admin, byProp.body.requestId)).request).toMatchObject({
        status: "FAILED",
        details: "Quota exceeded in us-east-1",
      });
      expect((await h.admin.get(`${R}/${byProp.body.resourceId}`)).status).toBe(404);
    });

    it("cancels a running request, which ends ABORTED and creates nothing", async () => {
      const created = await h.admin.post(R, {
        name: "slow",
        type: "Cloud.GCP.Machine",
        properties: { emulatorDelayMs: 2000 },
      });
      const cancel = await h.admin.post(`/deployment/api/requests/${created.body.requestId}?action=cancel`);
      expect(cancel.body).toMatchObject({ status: "ABORTED", cancelable: false });
      expect(
        (await h.admin.post(`/deployment/api/requests/${created.body.requestId}?action=cancel`)).status,
      ).toBe(409);
      expect(
        (await h.admin.post(`/deployment/api/requests/${created.body.requestId}?action=explode`)).status,
      ).toBe(400);
      expect((await h.admin.get("/deployment/api/requests/nope")).status).toBe(404);
      expect((await h.admin.get(`${R}/${created.body.resourceId}`)).status).toBe(404);
    });

    it("deletes through the deployment, answering a Request; the resource disappears when it completes", async () => {
      const created = await h.admin.post(R, {
        name: "doomed",
        type: "Cloud.Azure.Machine",
        projectId: PROJECTS[1].id,
      });
      await waitForRequest(h.admin, created.body.requestId);
      const { deploymentId, resourceId } = created.body;
      expect(
        (await h.admin.delete(`/deployment/api/deployments/${PROJECTS[0].id}/resources/${resourceId}`))
          .status,
      ).toBe(404);
      const del = await h.admin.delete(`/deployment/api/deployments/${deploymentId}/resources/${resourceId}`);
      expect(del.status).toBe(200);
      expect(del.body).toMatchObject({
        name: "Delete",
        resourceIds: [resourceId],
        status: expect.stringMatching(/CREATED|INPROGRESS/),
      });
      expect(
        (await h.admin.delete(`/deployment/api/deployments/${deploymentId}/resources/${resourceId}`)).status,
      ).toBe(409);
      expect((await waitForRequest(h.admin, del.body.id)).request.status).toBe("SUCCESSFUL");
      expect((await h.admin.get(`${R}/${resourceId}`)).status).toBe(404);
      expect(
        (await h.admin.get(`/deployment/api/deployments/${deploymentId}/resources`)).body.totalElements,
      ).toBe(0);
    });

    it("answers 400 naming the problem for invalid creations", async () => {
      const cases: Array<[unknown, RegExp]> = [
        [{ type: "Cloud.vSphere.Machine" }, /^Field 'name' is required$/],
        [{ name: "x" }, /^Field 'type' is required$/],
        [{ name: "x", type: "t", projectId: "marketing" }, /Project with id 'marketing' does not exist/],
        [{ name: "x", type: "t", deploymentId: "nope" }, /Deployment with id 'nope' does not exist/],
        [{ name: "x", type: "t", properties: [1] }, /Field 'properties' must be an object/],
      ];
      for (const [body, message] of cases) {
        const reply = await h.admin.post(R, body);
        expect({ status: reply.status, message: reply.body.message }).toEqual({
          status: 400,
          message: expect.stringMatching(message),
        });
      }
    });
  });
});
