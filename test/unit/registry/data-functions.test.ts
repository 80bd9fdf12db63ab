import type { AriaClient } from "../../../provider/client";
import { isDataFunction } from "../../../provider/common/data-function";
import * as registry from "../../../provider/registry/data-functions";

describe("the registry's data functions", () => {
  it("lists every data function a lookups file declares, once each", () => {
    // The list registers them: one declared and not listed would be served by neither door.
    const declared = Object.values(registry.LOOKUP_MODULES).flatMap((module) =>
      Object.values(module).filter(isDataFunction),
    );
    expect(new Set(registry.DATA_FUNCTIONS).size).toBe(registry.DATA_FUNCTIONS.length);
    expect(new Set(registry.DATA_FUNCTIONS)).toEqual(new Set(declared));
  });

  it("has a body for every data function, reachable by its invoke token", () => {
    // The ones the package has always had are found (a new one needs no line here: the registry test
    // holds the registry to index.ts's exports, and the schema's freshness to their order).
    const names = registry.DATA_FUNCTIONS.map((declared) => declared.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        "getEndpoint",
        "getEndpoints",
        "getEndpointTiles",
        "getEndpointTile",
        "getEndpointCertificate",
        "validateEndpoint",
        "getAbout",
        "getResource",
        "getResources",
        "getResourceFilters",
        "getResourceFilter",
      ]),
    );
    for (const declared of registry.DATA_FUNCTIONS) {
      expect(declared.body).toEqual(expect.any(Function));
      expect(registry.dataFunctionByToken(declared.token)).toBe(declared);
    }
    expect(registry.dataFunctionByToken("aria:index:getNothing")).toBeUndefined();
  });

  it("checks the arguments first, naming each one that is not valid, and calls nothing", async () => {
    const client = { getResource: jest.fn(), listAllEndpoints: jest.fn() } as unknown as AriaClient;
    await expect(
      registry.dataFunctionByToken("aria:index:getResource")!.serve(client, { id: 42 }),
    ).rejects.toThrow(/invalid arguments to getResource: id: /);
    await expect(
      registry.dataFunctionByToken("aria:index:getEndpoints")!.serve(client, { top: "ten" }),
    ).rejects.toThrow(/invalid arguments to getEndpoints: top: /);
    await expect(
      registry.dataFunctionByToken("aria:index:getAbout")!.serve(client, { verbose: true }),
    ).rejects.toThrow("getAbout takes no arguments; remove verbose");
    expect(client.getResource).not.toHaveBeenCalled();
    expect(client.listAllEndpoints).not.toHaveBeenCalled();
  });

  it("runs a body on the client it is given", async () => {
    const client = {
      getEndpointTiles: jest.fn(async () => ({ tiles: [{ tileId: "git" }] })),
      getEndpoint: jest.fn(async (id: string) => ({ id, name: "ci", type: "git", properties: {} })),
    } as unknown as AriaClient;
    await expect(
      registry.dataFunctionByToken("aria:index:getEndpointTiles")!.serve(client, {}),
    ).resolves.toEqual({
      tiles: [{ tileId: "git" }],
    });
    await expect(
      registry.dataFunctionByToken("aria:index:getEndpoint")!.serve(client, { id: "e-1" }),
    ).resolves.toMatchObject({
      id: "e-1",
      name: "ci",
      description: "",
      isRestricted: false,
    });
  });
});
