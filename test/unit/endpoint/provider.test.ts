import { createEndpointProvider } from "../../../provider/dynamic/providers";
import { FakeClock } from "../../support/clock";
import { CREATE_ATTEMPTS } from "../../../provider/endpoint/create";
import { apiEndpoint, apiError, fakeApi } from "./fakes";

const inputs = (extra: Record<string, unknown> = {}) => ({
  __provider: "stub",
  name: "ci",
  type: "jenkins",
  project: "Platform",
  description: "",
  isRestricted: false,
  properties: { url: "https://jenkins.example.com" },
  secretProperties: { password: "s3cret-password" },
  ...extra,
});

function providerWith(api: ReturnType<typeof fakeApi>) {
  return createEndpointProvider({ api: () => api, validateByDefault: () => true, clock: new FakeClock() });
}

describe("endpoint provider (against a fake client)", () => {
  describe("create", () => {
    it("POSTs the spec with the secrets merged in and returns the projected outputs", async () => {
      const api = fakeApi({ createEndpoint: jest.fn(async () => apiEndpoint()) });
      const result = await providerWith(api).create(inputs());
      expect(api.createEndpoint).toHaveBeenCalledWith(
        {
          name: "ci",
          type: "jenkins",
          project: "Platform",
          description: "",
          isRestricted: false,
          properties: { url: "https://jenkins.example.com", password: "s3cret-password" },
        },
        undefined,
      );
      expect(result.id).toBe("ep-1");
      expect(result.outs).toMatchObject({
        metadata: { projectId: "proj-1", link: "/pipeline/api/endpoints/ep-1" },
        properties: { url: "https://jenkins.example.com" },
        secretProperties: { password: "s3cret-password" },
      });
    });

    it("creates from checked inputs that name moved secrets, sending only the endpoint", async () => {
      const api = fakeApi({ createEndpoint: jest.fn(async () => apiEndpoint()) });
      await providerWith(api).create(inputs({ movedSecrets: ["password"] }));
      expect(api.createEndpoint.mock.calls[0][0]).not.toHaveProperty("movedSecrets");
      expect(api.createEndpoint.mock.calls[0][0].properties).toEqual({
        url: "https://jenkins.example.com",
        password: "s3cret-password",
      });
    });

    it("explains how to adopt an endpoint that already exists", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("Conflict", 409))),
        getEndpointByName: jest.fn(async () => apiEndpoint({ description: "made by hand" })),
      });
      await expect(providerWith(api).create(inputs())).rejects.toThrow(/already exists.*adopt: true/s);
    });

    it("adopts an existing endpoint of the same project and name and PUTs the declared state", async () => {
      const api = fakeApi({
        getEndpointByName: jest.fn(async () => apiEndpoint({ id: "existing", description: "old" })),
        updateEndpoint: jest.fn(async (_id: string) => apiEndpoint({ id: "existing" })),
      });
      const result = await providerWith(api).create(inputs({ adopt: true }));
      expect(api.getEndpointByName).toHaveBeenCalledWith("Platform", "ci");
      expect(api.updateEndpoint.mock.calls[0][0]).toBe("existing");
      expect(api.updateEndpoint.mock.calls[0][1]).toMatchObject({
        description: "",
        properties: { password: "s3cret-password" },
      });
      expect(api.createEndpoint).not.toHaveBeenCalled();
      expect(result.id).toBe("existing");
    });

    it("adopts with a secret left undeclared by sending the mask, so the server keeps it", async () => {
      const api = fakeApi({
        getEndpointByName: jest.fn(async () => apiEndpoint({ id: "existing", description: "old" })),
        updateEndpoint: jest.fn(async (_id: string) => apiEndpoint({ id: "existing" })),
      });
      await providerWith(api).create(inputs({ adopt: true, secretProperties: {} }));
      expect(api.updateEndpoint.mock.calls[0][1].properties).toEqual({
        url: "https://jenkins.example.com",
        password: "*****",
      });
    });

    it("adopts an endpoint already as declared, with no secret declared, without writing to the server", async () => {
      const api = fakeApi({ getEndpointByName: jest.fn(async () => apiEndpoint({ id: "existing" })) });
      const result = await providerWith(api).create(inputs({ adopt: true, secretProperties: {} }));
      expect(api.updateEndpoint).not.toHaveBeenCalled();
      expect(api.createEndpoint).not.toHaveBeenCalled();
      expect(result.id).toBe("existing");
    });

    it.each([
      ["a declared secret, which cannot be compared", { secretProperties: { password: "new" } }],
      ["another description", { secretProperties: {}, description: "declared" }],
      ["another property value", { secretProperties: {}, properties: { url: "https://other.example.com" } }],
      ["another restriction", { secretProperties: {}, isRestricted: true }],
    ])("adopts with a PUT when the program declares %s", async (_what, extra) => {
      const api = fakeApi({
        getEndpointByName: jest.fn(async () => apiEndpoint({ id: "existing" })),
        updateEndpoint: jest.fn(async (_id: string) => apiEndpoint({ id: "existing" })),
      });
      await providerWith(api).create(inputs({ adopt: true, ...extra }));
      expect(api.updateEndpoint).toHaveBeenCalledTimes(1);
    });

    it("creates when there is nothing to adopt", async () => {
      const api = fakeApi({
        getEndpointByName: jest.fn(async () => Promise.reject(apiError("NotFound", 404))),
        createEndpoint: jest.fn(async () => apiEndpoint()),
      });
      expect((await providerWith(api).create(inputs({ adopt: true }))).id).toBe("ep-1");
    });

    it("refuses to adopt an endpoint of another type", async () => {
      const api = fakeApi({ getEndpointByName: jest.fn(async () => apiEndpoint({ type: "git" })) });
      await expect(providerWith(api).create(inputs({ adopt: true }))).rejects.toThrow(
        /has type 'git', not 'jenkins'/,
      );
    });

    it("takes the endpoint a POST with an unknown outcome created, instead of creating a duplicate", async () => {
      const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
      const api = fakeApi({
        createEndpoint: jest.fn(async () =>
          Promise.reject(apiError("NetworkError", undefined, { cause: reset })),
        ),
        getEndpointByName: jest.fn(async () =>
          apiEndpoint({ properties: { url: "https://jenkins.example.com", password: "*****" } }),
        ),
      });
      const result = await providerWith(api).create(inputs());
      expect(result.id).toBe("ep-1");
      expect(api.createEndpoint).toHaveBeenCalledTimes(1);
    });

    it("fails with the original error when the lookup after an unknown outcome finds a different endpoint", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("ServerError", 500))),
        getEndpointByName: jest.fn(async () => apiEndpoint({ properties: { url: "https://other" } })),
      });
      await expect(providerWith(api).create(inputs())).rejects.toThrow(
        /Failed to create endpoint 'ci'.*HTTP 500/s,
      );
    });

    const URN = "urn:pulumi:dev::team-a::pulumi-nodejs:dynamic/aria:Endpoint::ci";
    const OTHER = "urn:pulumi:dev::team-b::pulumi-nodejs:dynamic/aria:Endpoint::ci";

    it("asks the client to mark the endpoint it POSTs with the resource's URN, and keeps the mark out of the state", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => apiEndpoint({ description: ` [pulumi: created for ${URN}]` })),
      });
      const result = await providerWith(api).create(inputs({ __owner: URN }));
      expect(api.createEndpoint).toHaveBeenCalledWith(expect.objectContaining({ description: "" }), URN);
      expect(result.outs).toMatchObject({ description: "" });
      expect(JSON.stringify(result.outs)).not.toContain("created for");
    });

    it("recognises on a 409 the endpoint an interrupted run of the same resource created, by its mark", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("Conflict", 409))),
        getEndpointByName: jest.fn(async () =>
          apiEndpoint({ id: "made-by-killed-run", description: ` [pulumi: created for ${URN}]` }),
        ),
      });
      expect((await providerWith(api).create(inputs({ __owner: URN }))).id).toBe("made-by-killed-run");
      expect(api.updateEndpoint).not.toHaveBeenCalled();
    });

    it("brings its own marked endpoint to the declared state when it was changed since", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("Conflict", 409))),
        getEndpointByName: jest.fn(async () =>
          apiEndpoint({ id: "mine", description: `old [pulumi: created for ${URN}]` }),
        ),
        updateEndpoint: jest.fn(async () => apiEndpoint({ id: "mine" })),
      });
      expect((await providerWith(api).create(inputs({ __owner: URN }))).id).toBe("mine");
      expect(api.updateEndpoint).toHaveBeenCalledWith("mine", expect.objectContaining({ description: "" }));
    });

    it("refuses on a 409 an identical endpoint it did not make, naming it and how to take it over", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("Conflict", 409))),
        getEndpointByName: jest.fn(async () => apiEndpoint({ id: "teams-a-one" })),
      });
      const error = await providerWith(api)
        .create(inputs({ __owner: URN }))
        .catch((e: Error) => e);
      expect((error as Error).message).toMatch(
        /Cannot create endpoint 'ci' in project 'Platform': an endpoint with that name already exists in the project \(id teams-a-one/,
      );
      expect((error as Error).message).toMatch(/set `adopt: true`/);
      expect((error as Error).message).toMatch(/`pulumi import <type> <resource name> teams-a-one`/);
      expect(api.updateEndpoint).not.toHaveBeenCalled();
    });

    it("refuses an endpoint another stack's resource made, naming that resource", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("Conflict", 409))),
        getEndpointByName: jest.fn(async () =>
          apiEndpoint({ id: "theirs", description: ` [pulumi: created for ${OTHER}]` }),
        ),
      });
      await expect(providerWith(api).create(inputs({ __owner: URN }))).rejects.toThrow(
        `it was created by Pulumi for another resource, ${OTHER}`,
      );
    });

    it("refuses after a 503 an endpoint that appeared and is not its own", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("ServerError", 503))),
        getEndpointByName: jest.fn(async () => apiEndpoint({ id: "theirs" })),
      });
      await expect(providerWith(api).create(inputs({ __owner: URN }))).rejects.toThrow(
        /this create did not make it, so it was not taken over\. Cannot create endpoint 'ci'/,
      );
    });

    it("without an owner, takes after a lost answer only what it sent, and refuses a 409 it cannot tell", async () => {
      const lost = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("ServerError", 503))),
        getEndpointByName: jest.fn(async () => apiEndpoint({ id: "sent-by-this-call" })),
      });
      expect((await providerWith(lost).create(inputs())).id).toBe("sent-by-this-call");
      const conflict = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("Conflict", 409))),
        getEndpointByName: jest.fn(async () => apiEndpoint({ id: "someone-elses" })),
      });
      await expect(providerWith(conflict).create(inputs())).rejects.toThrow(/already exists/);
    });

    it("sends the create again after a 503 when the lookup finds nothing, and a 409 then finds its own", async () => {
      const createEndpoint = jest
        .fn()
        .mockRejectedValueOnce(apiError("ServerError", 503))
        .mockRejectedValueOnce(apiError("Conflict", 409));
      const getEndpointByName = jest
        .fn()
        .mockRejectedValueOnce(apiError("NotFound", 404))
        .mockResolvedValueOnce(apiEndpoint({ id: "created" }));
      const api = fakeApi({ createEndpoint, getEndpointByName });
      expect((await providerWith(api).create(inputs())).id).toBe("created");
      expect(createEndpoint).toHaveBeenCalledTimes(2);
    });

    it(`gives up after ${CREATE_ATTEMPTS} ambiguous answers with nothing created, saying so and what to run`, async () => {
      const createEndpoint = jest.fn(async () => Promise.reject(apiError("ServerError", 502)));
      const api = fakeApi({
        createEndpoint,
        getEndpointByName: jest.fn(async () => Promise.reject(apiError("NotFound", 404))),
      });
      await expect(providerWith(api).create(inputs())).rejects.toThrow(
        /HTTP 502.*answered ambiguously 9 times.*found no endpoint of that name, so nothing was created\. Check the server's health, then run `pulumi up` again/s,
      );
      expect(createEndpoint).toHaveBeenCalledTimes(CREATE_ATTEMPTS);
    });

    it("says that only an administrator can create a restricted endpoint", async () => {
      const api = fakeApi({
        createEndpoint: jest.fn(async () => Promise.reject(apiError("Forbidden", 403))),
      });
      await expect(providerWith(api).create(inputs({ isRestricted: true }))).rejects.toThrow(
        /only an administrator can create, update or delete a restricted endpoint/,
      );
    });

    it("never puts a secret value in an error message", async () => {
      const echo = new Error("server said: bad password s3cret-password");
      const api = fakeApi({ createEndpoint: jest.fn(async () => Promise.reject(echo)) });
      const error = await providerWith(api)
        .create(inputs())
        .catch((e: Error) => e);
      expect((error as Error).message).toMatch(/Failed to create endpoint 'ci' in project 'Platform'/);
      expect((error as Error).message).not.toContain("s3cret-password");
    });
  });

  describe("read", () => {
    it("GETs by id and returns outputs and inputs with the secrets carried forward", async () => {
      const api = fakeApi({ getEndpoint: jest.fn(async () => apiEndpoint()) });
      const previous = { ...inputs(), endpointId: "ep-1", projectId: "proj-1" };
      const result = await providerWith(api).read("ep-1", previous);
      expect(api.getEndpoint).toHaveBeenCalledWith("ep-1");
      expect(result.id).toBe("ep-1");
      expect(result.props).toMatchObject({ secretProperties: { password: "s3cret-password" } });
      const { __provider: _p, ...declared } = inputs();
      expect(result.inputs).toEqual(declared);
    });

    it("imports (no stored state): the inputs a user declares, without the mask, defaults or provider settings", async () => {
      const api = fakeApi({ getEndpoint: jest.fn(async () => apiEndpoint()) });
      const result = await providerWith(api).read("ep-1", {});
      expect(result.inputs).toEqual({
        name: "ci",
        type: "jenkins",
        project: "Platform",
        properties: { url: "https://jenkins.example.com" },
      });
      expect(JSON.stringify(result)).not.toContain("*****");
      // The secret the server holds is named, never valued, so that an update keeps it.
      expect(result.props).toMatchObject({ metadata: { heldSecrets: ["password"] } });
    });

    it("answers an empty id when the endpoint is gone, so that the engine plans to create it", async () => {
      const api = fakeApi({ getEndpoint: jest.fn(async () => Promise.reject(apiError("NotFound", 404))) });
      expect(await providerWith(api).read("ep-1", inputs())).toEqual({});
    });
  });

  describe("update", () => {
    it("sends a secret the server holds and the program does not declare as the mask, which keeps it", async () => {
      const api = fakeApi({ updateEndpoint: jest.fn(async () => apiEndpoint({ description: "new" })) });
      const { secretProperties: _s, ...declared } = inputs();
      const olds = { ...declared, secretProperties: {}, metadata: { heldSecrets: ["password", "token"] } };
      const result = await providerWith(api).update("ep-1", olds, {
        ...declared,
        description: "new",
        secretProperties: { token: "t0ken-value" },
      });
      expect(api.updateEndpoint.mock.calls[0][1].properties).toEqual({
        url: "https://jenkins.example.com",
        password: "*****",
        token: "t0ken-value",
      });
      expect(result.outs).toMatchObject({ metadata: { heldSecrets: ["password"] } });
    });

    it("PUTs the full spec by id, keeping the server's project when none is declared", async () => {
      const api = fakeApi({ updateEndpoint: jest.fn(async () => apiEndpoint({ name: "ci-2" })) });
      const { project: _p, ...news } = inputs({ name: "ci-2" });
      await providerWith(api).update("ep-1", { ...inputs(), endpointId: "ep-1" }, news);
      expect(api.updateEndpoint).toHaveBeenCalledWith("ep-1", {
        name: "ci-2",
        type: "jenkins",
        project: "Platform",
        description: "",
        isRestricted: false,
        properties: { url: "https://jenkins.example.com", password: "s3cret-password" },
      });
    });

    it("says that only an administrator can update a restricted endpoint", async () => {
      const api = fakeApi({
        updateEndpoint: jest.fn(async () => Promise.reject(apiError("Forbidden", 403))),
      });
      await expect(
        providerWith(api).update(
          "ep-1",
          inputs({ isRestricted: true }),
          inputs({ isRestricted: true, description: "x" }),
        ),
      ).rejects.toThrow(/only an administrator can create, update or delete a restricted endpoint/);
    });

    it("points to refresh when the endpoint was deleted outside Pulumi", async () => {
      const api = fakeApi({ updateEndpoint: jest.fn(async () => Promise.reject(apiError("NotFound", 404))) });
      await expect(providerWith(api).update("ep-1", inputs(), inputs({ description: "x" }))).rejects.toThrow(
        /pulumi refresh/,
      );
    });
  });

  describe("delete", () => {
    it("DELETEs by id and counts a 404 as done", async () => {
      const api = fakeApi({ deleteEndpoint: jest.fn(async () => Promise.reject(apiError("NotFound", 404))) });
      await expect(providerWith(api).delete("ep-1", inputs())).resolves.toBeUndefined();
      expect(api.deleteEndpoint).toHaveBeenCalledWith("ep-1");
    });

    it("says that only an administrator can delete a restricted endpoint", async () => {
      const api = fakeApi({
        deleteEndpoint: jest.fn(async () => Promise.reject(apiError("Forbidden", 403))),
      });
      await expect(providerWith(api).delete("ep-1", inputs({ isRestricted: true }))).rejects.toThrow(
        /only an administrator can create, update or delete a restricted endpoint/,
      );
    });
  });

  it("diffs without any API call", async () => {
    const api = fakeApi();
    const result = await providerWith(api).diff(
      "ep-1",
      { ...inputs(), endpointId: "ep-1" },
      inputs({ type: "git" }),
    );
    expect(result).toEqual({ changes: true, replaces: ["type"], deleteBeforeReplace: true });
  });

  it("sees no change in the moved-secrets note alone", async () => {
    const api = fakeApi();
    const result = await providerWith(api).diff(
      "ep-1",
      { ...inputs(), endpointId: "ep-1" },
      inputs({ movedSecrets: ["password"] }),
    );
    expect(result.changes).toBe(false);
  });
});
