import { isSecret, Secret, UNKNOWN } from "../../../provider/core/values";
import { SECRET_SIG, SIG_KEY } from "../../../provider/core/values";
import { fromWire, mapToWire } from "../../../provider/plugin/wire";
import { urnName, urnType } from "../../../provider/plugin/server";

const envelope = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });

describe("the plugin's wire values", () => {
  it("turns secret envelopes into marks at any depth, and back", () => {
    const wire = { a: envelope("p"), b: [envelope({ c: envelope(1) })], d: UNKNOWN };
    const core = fromWire(wire) as Record<string, unknown>;
    expect(isSecret(core.a)).toBe(true);
    expect((core.b as unknown[])[0]).toEqual(new Secret({ c: new Secret(1) }));
    expect(core.d).toBe(UNKNOWN);
    expect(mapToWire(core)).toEqual(wire);
  });

  it("drops undefined keys, which a protobuf Struct cannot hold", () => {
    expect(mapToWire({ a: undefined, b: [undefined], c: new Secret(undefined) })).toEqual({
      b: [null],
      c: envelope(null),
    });
  });

  it("reads the type and the name of a resource from its URN, also under a parent", () => {
    const urn = "urn:pulumi:dev::proj::aria:index:Endpoint::ci";
    expect(urnType(urn)).toBe("aria:index:Endpoint");
    expect(urnName(urn)).toBe("ci");
    const child = "urn:pulumi:dev::proj::my:Component$aria:index:JenkinsEndpoint::ci::x";
    expect(urnType(child)).toBe("aria:index:JenkinsEndpoint");
    expect(urnName(child)).toBe("ci::x");
  });
});
