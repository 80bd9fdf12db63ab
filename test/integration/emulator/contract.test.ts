import { NOT_EMULATED } from "../../../emulator/deployment/unsupported";
import { PROJECTS } from "../../../emulator";
import { jenkinsSpec, startHarness, waitForRequest, type Harness, type Reply } from "./helpers/client";
import { Contracts, type SpecName } from "./helpers/contract";
import { makePki, startTlsServer } from "./helpers/tls-server";

/**
 * Every response shape is validated with ajv against the vendor's Swagger specs (plus the
 * fields the API notes document), for both base paths of the pipeline service.
 */
describe("the emulator honours the Swagger contract", () => {
  const contracts = new Contracts();
  const covered = new Set<string>();
  let h: Harness;
  let tls: Awaited<ReturnType<typeof startTlsServer>>;

  beforeAll(async () => {
    h = await startHarness({ requestDelayMs: 60, seedResources: 50 });
    tls = await startTlsServer(await makePki());
  });
  afterAll(async () => {
    await h.close();
    await tls.close();
  });

  /** Asserts the status and validates the body against the spec operation it answers. */
  function expectContract(
    reply: Reply,
    spec: SpecName,
    method: string,
    specPath: string,
    status = 200,
  ): void {
    expect({ status: reply.status, body: reply.body }).toMatchObject({ status });
    contracts.check(spec, method, specPath, status, reply.body);
    if (status < 400) covered.add(`${spec} ${method} ${specPath}`);
  }

  it("has a validator that rejects bodies breaking the contract", () => {
    const endpointPath = "/codestream/api/endpoints/{id}";
    expect(() => contracts.check("pipeline", "GET", endpointPath, 200, { name: 5, description: "" })).toThrow(
      /name/,
    );
    expect(() =>
      contracts.check("pipeline", "GET", endpointPath, 200, { name: "x", description: "" }),
    ).toThrow(/_link/);
    expect(() =>
      contracts.checkDefinition("deployment", "Resource", { name: "x", type: "t", origin: "DEPLOYED" }),
    ).toThrow(/origin/);
    expect(() =>
      contracts.check("deployment", "GET", "/deployment/api/resources", 404, { status: 404 }),
    ).toThrow(/message/);
  });

  describe.each(["/pipeline/api", "/codestream/api"])("pipeline operations under %s", (base) => {
    const cs = (suffix: string) => `/codestream/api${suffix}`;

    it("answers the about page as About", async () => {
      expectContract(await h.admin.get(`${base}/about`), "pipeline", "GET", cs("/about"));
    });

    it("answers all tiles as Tiles and one tile as an object", async () => {
      expectContract(await h.admin.get(`${base}/endpoint-tiles`), "pipeline", "GET", cs("/endpoint-tiles"));
      expectContract(
        await h.admin.get(`${base}/endpoint-tiles/k8s`),
        "pipeline",
        "GET",
        cs("/endpoint-tiles/{type}"),
      );
    });

    it("answers create, read, list, update and delete with Endpoint shapes", async () => {
      const name = `contract ${base}`;
      const created = await h.admin.post(`${base}/endpoints`, jenkinsSpec(name, { cloudProxyId: "proxy-1" }));
      expectContract(created, "pipeline", "POST", cs("/endpoints"));
      const id = created.body.id;
      expectContract(await h.admin.get(`${base}/endpoints`), "pipeline", "GET", cs("/endpoints"));
      expectContract(await h.admin.get(`${base}/endpoints/${id}`), "pipeline", "GET", cs("/endpoints/{id}"));
      const byName = `${base}/endpoints/${encodeURIComponent("Default Project")}/${encodeURIComponent(name)}`;
      expectContract(await h.admin.get(byName), "pipeline", "GET", cs("/endpoints/{project}/{name}"));
      const updated = jenkinsSpec(name, { description: "updated" });
      expectContract(
        await h.admin.put(`${base}/endpoints/${id}`, updated),
        "pipeline",
        "PUT",
        cs("/endpoints/{id}"),
      );
      expectContract(
        await h.admin.put(byName, updated),
        "pipeline",
        "PUT",
        cs("/endpoints/{project}/{name}"),
      );
      expectContract(await h.admin.delete(byName), "pipeline", "DELETE", cs("/endpoints/{project}/{name}"));
      const second = await h.admin.post(`${base}/endpoints`, jenkinsSpec(`${name} 2`));
      expectContract(
        await h.admin.delete(`${base}/endpoints/${second.body.id}`),
        "pipeline",
        "DELETE",
        cs("/endpoints/{id}"),
      );
    });

    it("answers validation as TileExecutorResponse whether it passes or fails", async () => {
      const spec = { name: "v", type: "jenkins", properties: { url: tls.url } };
      expectContract(
        await h.admin.post(`${base}/endpoint-validation`, spec),
        "pipeline",
        "POST",
        cs("/endpoint-validation"),
      );
      const failing = { name: "v", type: "jenkins", properties: { url: "https://127.0.0.1:1" } };
      const reply = await h.admin.post(`${base}/endpoint-validation`, failing);
      expectContract(reply, "pipeline", "POST", cs("/endpoint-validation"));
      expect(reply.body.status).toBe("FAILED");
    });

    it("answers the certificate chain as EndpointCertificateChain", async () => {
      const reply = await h.admin.get(`${base}/endpoint-certificate?url=${encodeURIComponent(tls.url)}`);
      expectContract(reply, "pipeline", "GET", cs("/endpoint-certificate"));
    });

    it("answers 400, 401, 403, 404 and 409 with Spring error bodies", async () => {
      const post = (client = h.admin, body: unknown = jenkinsSpec(`errors ${base}`)) =>
        client.post(`${base}/endpoints`, body);
      expectContract(
        await post(h.admin, { type: "jenkins", properties: {} }),
        "pipeline",
        "POST",
        cs("/endpoints"),
        400,
      );
      expectContract(await post(h.anonymous), "pipeline", "POST", cs("/endpoints"), 401);
      expectContract(
        await post(h.developer, jenkinsSpec("r", { isRestricted: true })),
        "pipeline",
        "POST",
        cs("/endpoints"),
        403,
      );
      expectContract(
        await h.admin.get(`${base}/endpoints/nope`),
        "pipeline",
        "GET",
        cs("/endpoints/{id}"),
        404,
      );
      await post();
      expectContract(await post(), "pipeline", "POST", cs("/endpoints"), 409);
    });
  });

  describe("deployment operations", () => {
    const d = (suffix: string) => `/deployment/api${suffix}`;
    let created: { deploymentId: string; projectId: string; requestId: string; resourceId: string };

    it("answers resource creation as ResourceRequestResponse and its request as Request", async () => {
      const reply = await h.admin.post(d("/resources"), {
        name: "contract-vm",
        type: "Cloud.vSphere.Machine",
        projectId: PROJECTS[1].id,
      });
      expectContract(reply, "deployment", "POST", d("/resources"));
      created = reply.body;
      expectContract(
        await h.admin.get(d(`/requests/${created.requestId}`)),
        "deployment",
        "GET",
        d("/requests/{requestId}"),
      );
      const { request } = await waitForRequest(h.admin, created.requestId);
      contracts.checkDefinition("deployment", "Request", request);
      expect(request.status).toBe("SUCCESSFUL");
    });

    it("answers cancellation with a Request", async () => {
      const reply = await h.admin.post(d("/resources"), {
        name: "slow",
        type: "Cloud.AWS.EC2.Instance",
        properties: { emulatorDelayMs: 5000 },
      });
      const cancel = await h.admin.post(d(`/requests/${reply.body.requestId}?action=cancel`));
      expect(cancel.status).toBe(200);
      contracts.checkDefinition("deployment", "Request", cancel.body);
      covered.add(`deployment POST ${d("/requests/{requestId}")}`);
      expect(cancel.body.status).toBe("ABORTED");
    });

    it("answers lists, single resources and their requests as pages and Resources", async () => {
      const expand = "expand=project,deployment,currentRequest";
      expectContract(
        await h.admin.get(d(`/resources?${expand}&$top=50`)),
        "deployment",
        "GET",
        d("/resources"),
      );
      expectContract(
        await h.admin.get(d(`/resources/${created.resourceId}?${expand}`)),
        "deployment",
        "GET",
        d("/resources/{resourceId}"),
      );
      expectContract(
        await h.admin.get(d(`/resources/${created.resourceId}/requests`)),
        "deployment",
        "GET",
        d("/resources/{resourceId}/requests"),
      );
      expectContract(
        await h.admin.get(d(`/deployments/${created.deploymentId}/resources?expand=currentRequest`)),
        "deployment",
        "GET",
        d("/deployments/{deploymentId}/resources"),
      );
      expectContract(
        await h.admin.get(
          d(`/deployments/${created.deploymentId}/resources/${created.resourceId}?expand=currentRequest`),
        ),
        "deployment",
        "GET",
        d("/deployments/{deploymentId}/resources/{resourceId}"),
      );
    });

    it("answers filters as FilterSchema and one filter as PageOfFilterEntry", async () => {
      expectContract(
        await h.admin.get(d("/resources/filters")),
        "deployment",
        "GET",
        d("/resources/filters"),
      );
      for (const id of ["projects", "resourceTypes", "cloudTypes", "cloudAccounts", "tags", "origin"]) {
        expectContract(
          await h.admin.get(d(`/resources/filters/${id}`)),
          "deployment",
          "GET",
          d("/resources/filters/{filterId}"),
        );
      }
    });

    it("answers deletion with a Request", async () => {
      const path = d("/deployments/{deploymentId}/resources/{resourceId}");
      const reply = await h.admin.delete(
        d(`/deployments/${created.deploymentId}/resources/${created.resourceId}`),
      );
      expectContract(reply, "deployment", "DELETE", path);
    });

    it("answers errors and the operations it does not emulate with Spring error bodies", async () => {
      expectContract(
        await h.admin.get(d("/resources/nope")),
        "deployment",
        "GET",
        d("/resources/{resourceId}"),
        404,
      );
      expectContract(
        await h.admin.post(d("/resources"), { type: "x" }),
        "deployment",
        "POST",
        d("/resources"),
        400,
      );
      expectContract(await h.anonymous.get(d("/resources")), "deployment", "GET", d("/resources"), 401);
      const reply = await h.admin.get(d("/resources/x/actions"));
      expectContract(reply, "deployment", "GET", d("/resources/{resourceId}/actions"), 501);
    });
  });

  it("covers every operation of both specs except the ones it declares not emulated", () => {
    const skipped = new Set(NOT_EMULATED.map(([m, p]) => `deployment ${m} ${p}`));
    const expected = (["pipeline", "deployment"] as const).flatMap((spec) =>
      contracts.operations(spec).map(([m, p]) => `${spec} ${m} ${p}`),
    );
    expect(expected.filter((op) => !covered.has(op) && !skipped.has(op))).toEqual([]);
  });
});
