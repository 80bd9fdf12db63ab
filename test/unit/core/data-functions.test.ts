import type { AriaClient } from "../../../provider/client";
import { DATA_FUNCTION_TOKENS } from "../../../provider/common/data-functions";
import { DATA_FUNCTIONS, dataFunctionByToken } from "../../../provider/core/data-functions";

describe("the core's data functions", () => {
  it("has a body for every data function, reachable by its invoke token", () => {
    expect(Object.keys(DATA_FUNCTIONS).sort()).toEqual(Object.keys(DATA_FUNCTION_TOKENS).sort());
    for (const [name, token] of Object.entries(DATA_FUNCTION_TOKENS)) {
      expect(dataFunctionByToken(token)).toBe(DATA_FUNCTIONS[name as keyof typeof DATA_FUNCTIONS]);
    }
    expect(dataFunctionByToken("aria:index:getNothing")).toBeUndefined();
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
