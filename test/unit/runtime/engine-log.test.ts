import { engineAddress, engineWarning } from "../../../provider/runtime/engine-log";

describe("engine warnings from the provider process", () => {
  it("finds the engine's address in the dynamic-provider host's arguments", () => {
    const host = ["/usr/bin/node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js"];
    expect(engineAddress([...host, "127.0.0.1:41234"])).toBe("127.0.0.1:41234");
    expect(engineAddress([...host, "localhost:5"])).toBe("localhost:5");
  });

  it("finds none in any other process, or when the argument is not an address", () => {
    expect(
      engineAddress(["/usr/bin/node", "/repo/node_modules/jest/bin/jest.js", "127.0.0.1:41234"]),
    ).toBeUndefined();
    const host = ["/usr/bin/node", "/p/@pulumi/pulumi/cmd/dynamic-provider/index.js"];
    expect(engineAddress([...host, "--flag"])).toBeUndefined();
    expect(engineAddress(host)).toBeUndefined();
  });

  it("writes the warning to stderr, marked as the package's, outside a provider process", async () => {
    const write = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      await engineWarning("properties.password is a secret");
      expect(write).toHaveBeenCalledWith("[pulumi-aria] warning: properties.password is a secret\n");
    } finally {
      write.mockRestore();
    }
  });
});
