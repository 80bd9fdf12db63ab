/* eslint-disable @typescript-eslint/no-explicit-any -- the generated protobuf messages are untyped here */
import { pluginService } from "../../../provider/plugin/server";
import { providerProtocol } from "../../../provider/runtime/pulumi-internals";
import { SECRET_SIG, SIG_KEY } from "../../../provider/core/values";

/*
 * The plugin's Diff as the engine reads it (sdk/go/common/resource/plugin/provider_plugin.go): the
 * changed keys in `diffs`, each path's change in `detailedDiff` between old and new inputs, and
 * `hasDetailedDiff`, so that the engine shows those paths and no others.
 */

const protocol = providerProtocol();
const { DiffRequest, DiffResponse, PropertyDiff } = protocol.messages;
const ENDPOINT = "urn:pulumi:dev::app::aria:index:Endpoint::ci";
const secret = (value: string) => ({ [SIG_KEY]: SECRET_SIG, value });

const inputs = (changes: Record<string, unknown> = {}) => ({
  name: "ci",
  type: "jenkins",
  project: "Platform",
  description: "",
  properties: { url: "https://jenkins.example.com" },
  secretProperties: { password: secret("s3cret") },
  ...changes,
});

async function diff(olds: Record<string, unknown>, news: Record<string, unknown>) {
  const service = pluginService({ version: "1.2.3", schema: () => "{}" }, protocol);
  const request = new DiffRequest();
  request.setUrn(ENDPOINT);
  request.setId("ep-1");
  request.setOldInputs(protocol.struct.Struct.fromJavaScript(olds));
  request.setOlds(protocol.struct.Struct.fromJavaScript({ ...olds, link: "/ep-1", createdAt: "then" }));
  request.setNews(protocol.struct.Struct.fromJavaScript(news));
  const response: any = await new Promise((resolve, reject) =>
    service.diff({ request }, (error: unknown, answer?: unknown) =>
      error ? reject(error) : resolve(answer),
    ),
  );
  const kinds = Object.fromEntries(Object.entries(PropertyDiff.Kind).map(([name, value]) => [value, name]));
  const detailed: Record<string, string> = {};
  const inputDiffs: boolean[] = [];
  response.getDetaileddiffMap().forEach((entry: any, path: string) => {
    detailed[path] = kinds[entry.getKind()] as string;
    inputDiffs.push(entry.getInputdiff());
  });
  return {
    changes: response.getChanges(),
    replaces: response.getReplacesList(),
    diffs: response.getDiffsList(),
    hasDetailedDiff: response.getHasdetaileddiff(),
    detailed,
    inputDiffs,
    bytes: Buffer.from(response.serializeBinary()).toString("latin1"),
  };
}

describe("the plugin's Diff", () => {
  it("names a secret's rotation as an update of its path, with no value on the wire", async () => {
    const result = await diff(inputs(), inputs({ secretProperties: { password: secret("rotated") } }));
    expect(result).toMatchObject({
      changes: DiffResponse.DiffChanges.DIFF_SOME,
      replaces: [],
      diffs: ["secretProperties"],
      hasDetailedDiff: true,
      detailed: { "secretProperties.password": "UPDATE" },
      inputDiffs: [true],
    });
    expect(result.bytes).not.toMatch(/s3cret|rotated/);
  });

  it("names the replacing field with a replace kind and no output-only field", async () => {
    const result = await diff(inputs(), inputs({ project: "Payments", properties: { url: "https://b" } }));
    expect(result.replaces).toEqual(["project"]);
    expect(result.diffs).toEqual(["project", "properties"]);
    expect(result.detailed).toEqual({ project: "UPDATE_REPLACE", "properties.url": "UPDATE" });
  });

  it("says it has a detailed diff, empty, when nothing changes", async () => {
    const result = await diff(inputs(), inputs());
    expect(result).toMatchObject({
      changes: DiffResponse.DiffChanges.DIFF_NONE,
      diffs: [],
      hasDetailedDiff: true,
      detailed: {},
    });
  });
});
