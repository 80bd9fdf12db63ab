import { parse, stringify } from "yaml";
import { NOT_EMULATED } from "../../../emulator/deployment/unsupported";
import { PROJECTS } from "../../../emulator";
import { ProjectPage } from "../../../provider/client/schemas";
import { jenkinsSpec, startHarness, waitForRequest, type Harness, type Reply } from "./helpers/client";
import { Contracts, type SpecName } from "./helpers/contract";
import { makePki } from "../../support/certificates";
import { startTlsServer } from "../../support/tls-servers";

/**
 * Every response shape is validated with ajv against the vendor's Swagger specs (plus the
 * fields real servers answer beyond them, as emulator/README.md lists them), for both base paths of the pipeline service.
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

  /*
   * What VMware's Code Stream CLIs do (code-stream-cli, vra-cli), with decoders as strict as their Go
   * structs: a field of the wrong JSON type fails the decode, as encoding/json does.
   */
  describe("what VMware's CLIs do", () => {
    type Field = "string" | "int";
    /** Decodes like encoding/json into a struct of these fields: present fields must have the type. */
    function goDecode(body: unknown, fields: Record<string, Field>, what: string): Record<string, unknown> {
      expect({ what, isObject: typeof body === "object" && body !== null && !Array.isArray(body) }).toEqual({
        what,
        isObject: true,
      });
      const record = body as Record<string, unknown>;
      for (const [name, kind] of Object.entries(fields)) {
        const value = record[name];
        const fits = kind === "string" ? typeof value === "string" : Number.isSafeInteger(value);
        expect({ what, field: name, value, fits }).toEqual({ what, field: name, value, fits: true });
      }
      return record;
    }
    /** code-stream-cli's CodeStreamException. */
    const CODE_STREAM_EXCEPTION: Record<string, Field> = {
      timestamp: "int",
      path: "string",
      status: "int",
      error: "string",
      message: "string",
      requestId: "string",
      "@type": "string",
    };

    it("decodes every pipeline and deployment error body as CodeStreamException, timestamp in epoch ms", async () => {
      const before = Date.now();
      const failures: Array<[string, Reply]> = [
        ["400", await h.admin.post("/pipeline/api/endpoints", { type: "jenkins", properties: {} })],
        ["401", await h.anonymous.get("/codestream/api/endpoints")],
        [
          "403",
          await h.developer.post("/pipeline/api/endpoints", jenkinsSpec("cli-r", { isRestricted: true })),
        ],
        ["404", await h.admin.get("/pipeline/api/endpoints/nope")],
        ["405", await h.admin.call("PATCH", "/pipeline/api/endpoints")],
        ["404 deployment", await h.admin.get("/deployment/api/resources/nope")],
        ["501 deployment", await h.admin.get("/deployment/api/resources/x/actions")],
      ];
      for (const [what, reply] of failures) {
        const body = goDecode(reply.body, CODE_STREAM_EXCEPTION, what);
        expect({ what, status: body.status }).toEqual({ what, status: reply.status });
        const timestamp = body.timestamp as number;
        expect(timestamp).toBeGreaterThanOrEqual(before - 1000);
        expect(timestamp).toBeLessThanOrEqual(Date.now() + 1000);
        contracts.checkSpringError(reply.body, what);
      }
    });

    it("decodes an IaaS login failure as ApiAuthenticationError", async () => {
      // The IaaS spec declares 400 and 403 for POST /iaas/api/login, no 401.
      const reply = await h.anonymous.post("/iaas/api/login", { refreshToken: "expired-refresh-token" });
      expect(reply.status).toBe(400);
      goDecode(
        reply.body,
        {
          message: "string",
          statusCode: "int",
          errorCode: "int",
          serverErrorId: "string",
          documentKind: "string",
        },
        "POST /iaas/api/login 400",
      );
    });

    it("decodes a wrong password at the identity login as AuthenticationError, and prints its serverMessage", async () => {
      // code-stream-cli and vra-cli: {timestamp int64, type, status, error, serverMessage: string}.
      const before = Date.now();
      for (const path of ["/csp/gateway/am/api/login?access_token", "/csp/gateway/am/api/login"]) {
        const reply = await h.anonymous.post(path, { username: "admin", password: "not-the-password" });
        expect(reply.status).toBe(400);
        const body = goDecode(
          reply.body,
          { timestamp: "int", type: "string", status: "string", error: "string", serverMessage: "string" },
          `POST ${path} 400`,
        );
        expect(body.serverMessage).toBe("Wrong username or password");
        expect(body.timestamp as number).toBeGreaterThanOrEqual(before - 1000);
        expect(reply.text).not.toContain("not-the-password");
      }
      const missing = await h.anonymous.post("/csp/gateway/am/api/login", { username: "admin" });
      expect(missing.status).toBe(400);
      expect(
        goDecode(
          missing.body,
          { timestamp: "int", type: "string", status: "string", error: "string", serverMessage: "string" },
          "POST /csp/gateway/am/api/login 400 (no password)",
        ).serverMessage,
      ).toBe("Field 'password' is required");
    });

    it("checks its token with user-preferences, decoded as UserPreferences", async () => {
      const reply = await h.admin.get("/pipeline/api/user-preferences", {
        headers: { accept: "application/json" },
      });
      expect(reply.status).toBe(200);
      const prefs = goDecode(
        reply.body,
        { _link: "string", _updateTimeInMicros: "int", _createTimeInMicros: "int", userName: "string" },
        "user-preferences",
      );
      expect(prefs.userName).toBe("admin");
      const expired = await h.anonymous.get("/pipeline/api/user-preferences", { token: "expired" });
      expect(expired.status).toBe(401);
      goDecode(expired.body, CODE_STREAM_EXCEPTION, "user-preferences 401");
    });

    it("exports an endpoint as YAML and imports it back as the CLI marshals it, create then apply", async () => {
      await h.admin.post("/pipeline/api/endpoints", {
        name: "cli-moved",
        type: "jenkins",
        project: "Platform",
        properties: {
          url: "https://jenkins.example.test",
          username: "ci",
          password: "cli-secret",
          pollInterval: 15,
        },
      });
      const exported = await h.admin.get("/pipeline/api/export?endpoints=cli-moved&project=Platform", {
        headers: { accept: "application/x-yaml;charset=UTF-8" },
      });
      expect(exported.status).toBe(200);
      expect(exported.headers["content-type"]).toMatch(/^application\/x-yaml/);
      // The CLI unmarshals the file into its CodeStreamEndpoint struct, sets the target project and
      // marshals it again with yaml.v2: every field, under its lower-cased Go name.
      const saved = parse(exported.text);
      const remarshalled = stringify({
        project: "Payments",
        kind: saved.kind,
        id: "",
        name: saved.name,
        description: saved.description,
        createdby: "",
        updatedby: "",
        createdat: "",
        updatedat: "",
        link: "",
        updatetimeinmicros: 0,
        createtimeinmicros: 0,
        projectid: "",
        type: saved.type,
        isrestricted: false,
        properties: saved.properties,
        islocked: false,
        validationoutput: "",
      });
      const post = (action: string) =>
        h.admin.call("POST", `/pipeline/api/import?action=${action}`, {
          raw: remarshalled,
          headers: { "content-type": "application/x-yaml" },
        });
      const created = await post("create");
      expect(created.status).toBe(200);
      expect(parse(created.text)).toMatchObject({ name: "cli-moved", status: "CREATED" });
      const applied = await post("apply");
      expect(applied.status).toBe(200);
      expect(parse(applied.text)).toMatchObject({ name: "cli-moved", status: "UPDATED" });
      const copy = await h.admin.get(`/pipeline/api/endpoints/Payments/cli-moved`);
      expectContract(copy, "pipeline", "GET", "/codestream/api/endpoints/{project}/{name}");
      expect(copy.body.properties).toEqual({
        url: "https://jenkins.example.test",
        username: "ci",
        password: "*****",
        pollInterval: 15,
      });
    });

    it("lists IaaS projects in the shape of the provider's schema and the README", async () => {
      const reply = await h.admin.get("/iaas/api/projects?$skip=0&$top=2");
      expect(reply.status).toBe(200);
      const page = ProjectPage.parse(reply.body);
      expect(page.content).toHaveLength(2);
      expect(page.totalElements).toBeGreaterThanOrEqual(3);
      expect(page.numberOfElements).toBe(2);
      for (const project of reply.body.content) {
        goDecode(project, { id: "string", name: "string", description: "string" }, "project");
      }
      const created = await h.admin.post("/iaas/api/projects", { name: "cli-made" });
      expect(created.status).toBe(201);
      goDecode(created.body, { id: "string", name: "string" }, "created project");
      expect((await h.admin.delete(`/iaas/api/projects/${created.body.id}`)).status).toBe(204);
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
