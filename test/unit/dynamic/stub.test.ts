import * as pulumi from "@pulumi/pulumi";
import * as path from "node:path";
import { readFileSync } from "node:fs";

/*
 * The serialised provider is what Pulumi stores in every resource's `__provider` input. These tests
 * run Pulumi's own closure serialiser over the compiled stub (what users run), as the engine does.
 */
const compiled = path.resolve(__dirname, "../../../dist/provider/dynamic/stub.js");
const { providerStub, sharedProviderStub } = require(
  compiled,
) as typeof import("../../../provider/dynamic/stub");

async function serialise(provider: pulumi.dynamic.ResourceProvider): Promise<string> {
  const sf = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return sf.text;
}

describe("the serialised provider stub", () => {
  const secrets = {
    VRA_REFRESH_TOKEN: "refresh-token-that-must-never-be-serialised",
    VRA_PASSWORD: "password-that-must-never-be-serialised",
  };
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(secrets)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const k of Object.keys(secrets)) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it.each(["endpoint", "deploymentResource"] as const)("is under 2 KB for %s resources", async (kind) => {
    const text = await serialise(providerStub(kind));
    expect(text.length).toBeLessThan(2048);
  });

  it.each([
    ["endpoint", "ep"],
    ["deploymentResource", "dr"],
  ] as const)("for %s resources is, byte for byte, the text existing stacks hold", async (kind, code) => {
    // Every resource's state holds this text (and its short code): a change would show every resource
    // of every stack as changed. Recorded with @pulumi/pulumi 3.270.0's serialiser.
    const fixture = path.resolve(__dirname, `../../fixtures/dynamic/provider-stub-${code}.js.txt`);
    expect(await serialise(providerStub(kind))).toBe(readFileSync(fixture, "utf8"));
  });

  it("is identical for every resource of a kind and across stub instances", async () => {
    const a = await serialise(providerStub("endpoint"));
    const b = await serialise(providerStub("endpoint"));
    const shared = await serialise(sharedProviderStub("endpoint"));
    expect(b).toBe(a);
    expect(shared).toBe(a);
  });

  it("loads the implementation by package name and captures nothing else", async () => {
    const text = await serialise(providerStub("endpoint"));
    expect(text).toContain('require("pulumi-aria/dynamic-impl").call');
    // No local module was copied in by value: no client, schema or path of this checkout.
    expect(text).not.toMatch(/undici|zod|AriaClient|\/work\/|dist\/provider/);
  });

  it("contains no credential present in the environment", async () => {
    for (const kind of ["endpoint", "deploymentResource"] as const) {
      const text = await serialise(providerStub(kind));
      for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    }
  });
});
