import * as pulumi from "@pulumi/pulumi";

/*
 * A user's unit test of their program, as docs/guides/testing.md shows it: under Pulumi's
 * mocks, resources are answered by `newResource` and the data functions by `call`, with the tokens
 * `aria:index:<function>`; nothing reaches a server (none is configured here).
 */

const calls: pulumi.runtime.MockCallArgs[] = [];

pulumi.runtime.setMocks(
  {
    newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
    call: (args) => {
      calls.push(args);
      if (args.token === "aria:index:getEndpoint") {
        return {
          id: "e-1",
          name: args.inputs.name,
          type: "jenkins",
          project: args.inputs.project,
          properties: {},
        };
      }
      if (args.token === "aria:index:getEndpointTiles") return { tiles: [{ tileId: "jenkins" }] };
      if (args.token === "aria:index:getResource" || args.token === "aria:index:getResources") {
        const resource = { id: "r-1", name: "db", properties: { credentials: { apiToken: "t-1" } } };
        return args.token === "aria:index:getResource"
          ? resource
          : { resources: [resource], totalElements: 1 };
      }
      return {};
    },
  },
  "my-endpoints",
  "test",
);

// Loaded after the mocks are set, as Pulumi's testing guide requires.
const aria = require("../../provider") as typeof import("../../provider");

function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

describe("a program under Pulumi's mocks", () => {
  it("marks a deployment resource lookup secret when it shows a credential, as every lookup", async () => {
    const byId = aria.getResourceOutput({ id: "r-1" });
    const byType = aria.getResourcesOutput({ resourceTypes: ["Custom.Thing"] });
    expect(await pulumi.isSecret(byId)).toBe(true);
    expect(await pulumi.isSecret(byType)).toBe(true);
    expect(await valueOf(pulumi.unsecret(byId).name)).toBe("db");
    // A result that shows no credential stays plain.
    expect(await pulumi.isSecret(aria.getEndpointTilesOutput())).toBe(false);
  });

  beforeEach(() => {
    calls.length = 0;
  });

  it("answers an Output-form data function from the mocks' call, with its token and arguments", async () => {
    const jenkins = new aria.JenkinsEndpoint("jenkins", {
      name: "ci-jenkins",
      project: "Default Project",
      url: "https://jenkins.example.com",
      password: pulumi.secret("s3cret-value"),
    });
    const found = aria.getEndpointOutput({ project: jenkins.project, name: jenkins.name });

    expect(await valueOf(found.type)).toBe("jenkins");
    expect(await valueOf(found.name)).toBe("ci-jenkins");
    expect(calls.map((call) => [call.token, call.inputs])).toEqual([
      ["aria:index:getEndpoint", { project: "Default Project", name: "ci-jenkins" }],
    ]);
  });

  it("answers a plain data function from the mocks' call too", async () => {
    expect(await aria.getEndpointTiles()).toEqual([{ tileId: "jenkins" }]);
    expect(calls.map((call) => call.token)).toEqual(["aria:index:getEndpointTiles"]);
  });

  it("rejects arguments that are not valid before the mocks see them, naming them", async () => {
    await expect(aria.getResources({ top: "ten" } as never)).rejects.toThrow(
      /invalid arguments to getResources: top: /,
    );
    await expect(aria.getEndpointTile({} as never)).rejects.toThrow(
      /invalid arguments to getEndpointTile: type: /,
    );
    expect(calls).toEqual([]);
  });

  it("gives every data function one token, aria:index:<its name>", () => {
    const { DATA_FUNCTIONS } =
      require("../../provider/registry/data-functions") as typeof import("../../provider/registry/data-functions");
    expect(DATA_FUNCTIONS.length).toBeGreaterThan(0);
    for (const { name, token } of DATA_FUNCTIONS) {
      expect(token).toBe(`aria:index:${name}`);
      expect(typeof (aria as Record<string, unknown>)[name]).toBe("function");
      expect(typeof (aria as Record<string, unknown>)[`${name}Output`]).toBe("function");
    }
  });
});
