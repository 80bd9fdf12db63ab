import type { AriaClient } from "../../../provider/client";
import { DATA_FUNCTION_TOKENS } from "../../../provider/common/data-functions";
import { DATA_FUNCTIONS, dataFunctionByToken } from "../../../provider/core/data-functions";

describe("the core's data functions", () => {
  it("has a body for every data function, reachable by its invoke token", () => {
    expect(Object.keys(DATA_FUNCTIONS).sort()).toEqual(Object.keys(DATA_FUNCTION_TOKENS).sort());
    for (const token of Object.values(DATA_FUNCTION_TOKENS)) {
      expect(dataFunctionByToken(token)).toEqual(expect.any(Function));
    }
    expect(dataFunctionByToken("aria:index:getNothing")).toBeUndefined();
  });

  it("checks the arguments first, naming each one that is not valid, and calls nothing", async () => {
    const client = { getResource: jest.fn(), listAllEndpoints: jest.fn() } as unknown as AriaClient;
    await expect(dataFunctionByToken("aria:index:getResource")!(client, { id: 42 })).rejects.toThrow(
      /invalid arguments to getResource: id: /,
    );
    await expect(dataFunctionByToken("aria:index:getEndpoints")!(client, { top: "ten" })).rejects.toThrow(
      /invalid arguments to getEndpoints: top: /,
    );
    await expect(dataFunctionByToken("aria:index:getAbout")!(client, { verbose: true })).rejects.toThrow(
      "getAbout takes no arguments; remove verbose",
    );
    expect(client.getResource).not.toHaveBeenCalled();
    expect(client.listAllEndpoints).not.toHaveBeenCalled();
  });

  it("runs a body on the client it is given", async () => {
    const client = {
      getEndpointTiles: jest.fn(async () => ({ tiles: [{ tileId: "git" }] })),
      getEndpoint: jest.fn(async (id: string) => ({ id, name: "ci", type: "git", properties: {} })),
    } as unknown as AriaClient;
    await expect(dataFunctionByToken("aria:index:getEndpointTiles")!(client, {})).resolves.toEqual({
      tiles: [{ tileId: "git" }],
    });
    await expect(
      dataFunctionByToken("aria:index:getEndpoint")!(client, { id: "e-1" }),
    ).resolves.toMatchObject({
      id: "e-1",
      name: "ci",
      description: "",
      isRestricted: false,
    });
  });
});
