import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import type { z } from "zod";
import { isSecretProperty } from "../../../provider/core/secrets";
import { DATA_FUNCTIONS } from "../../../provider/registry/data-functions";
import { packageSchema, type PropertySpec } from "../../../provider/plugin/schema";
import { TYPED_ENDPOINTS } from "../../../provider/registry/typed-endpoints";
import type { TypedEndpointCommonInputs } from "../../../provider/endpoint/typed/common";
import type { TypedEndpointArgs } from "../../../provider/dynamic/typed-endpoint";
import type { EndpointOutputs, EndpointState } from "../../../provider/endpoint/schema";

const root = join(__dirname, "..", "..", "..");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
const schema = packageSchema(version);

// ---- Compile-time: the types the zod schemas do not derive are the schemas' ----

/** True when A and B are mutually assignable (same keys, same optionality, same value types). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for `true`. */
const holds = <T extends true>(): T | undefined => undefined;

// The common inputs of the typed resources, and the endpoint's outputs.
holds<Same<keyof TypedEndpointArgs, keyof z.input<typeof TypedEndpointCommonInputs>>>();
holds<Same<keyof (typeof EndpointOutputs)["shape"], keyof (typeof EndpointState)["shape"]>>();

// ---- Run time --------------------------------------------------------------------------------

describe("the plugin's package schema", () => {
  it("is the checked-in sdk/schema.json", () => {
    const checkedIn = readFileSync(join(root, "sdk", "schema.json"), "utf8");
    const generated = `${JSON.stringify(schema, null, 2)}\n`;
    if (checkedIn !== generated) throw new Error("sdk/schema.json is stale: run npm run gen");
  });

  it("validates against Pulumi's metaschema (v3.274.1, JSON Schema 2020-12)", () => {
    const metaschema = JSON.parse(
      readFileSync(join(root, "test", "fixtures", "pulumi", "pulumi.json"), "utf8"),
    ) as object;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    // Formats the metaschema names that ajv does not ship: accepted, as Pulumi does not check them either.
    for (const format of ["regex", "uri-reference"]) ajv.addFormat(format, true);
    const validate = ajv.compile(metaschema);
    expect(validate(schema) ? [] : validate.errors).toEqual([]);
  });

  it("has a function for every data function token", () => {
    expect(Object.keys(schema.functions).sort()).toEqual(
      DATA_FUNCTIONS.map((declared) => declared.token).sort(),
    );
  });

  it("answers a list under a key (getEndpointTiles: {tiles})", () => {
    expect(schema.functions["aria:index:getEndpointTiles"].outputs.properties.tiles).toMatchObject({
      type: "array",
      items: { $ref: "#/types/aria:index:Tile" },
    });
  });

  it("has a typed resource for every typed endpoint class, its secret inputs secret", () => {
    for (const entry of TYPED_ENDPOINTS.values()) {
      const resource = schema.resources[`aria:index:${entry.className}`];
      expect(resource).toBeDefined();
      const own = Object.keys(entry.inputs.shape);
      expect([...entry.plain, ...entry.secret].sort()).toEqual([...own].sort());
      for (const key of own) {
        const secret = resource.inputProperties[key].secret === true;
        // Secret by the policy (the product's secret names) iff routed as a secret.
        expect([key, secret]).toEqual([key, isSecretProperty({ name: key })]);
        expect([key, secret]).toEqual([key, entry.secret.includes(key)]);
      }
      expect(resource.inputProperties.additionalSecretProperties.secret).toBe(true);
      expect(resource.properties).toEqual(schema.resources["aria:index:Endpoint"].properties);
    }
  });

  it("types a setting by what its text stands for, a duration staying text", () => {
    const types = Object.fromEntries(
      Object.entries(schema.config.variables).map(([key, spec]) => [key, (spec as { type?: string }).type]),
    );
    expect(types).toMatchObject({
      url: "string",
      insecure: "boolean",
      validateEndpoints: "boolean",
      apiTimeout: "number",
      maxRetries: "integer",
      reauthorizeTimeout: "string",
    });
    expect(schema.provider.inputProperties.insecure.type).toBe("boolean");
  });

  it("marks secret settings and secret property bags secret", () => {
    for (const key of ["accessToken", "refreshToken", "password"]) {
      expect(schema.config.variables[key].secret).toBe(true);
      expect(schema.provider.inputProperties[key].secret).toBe(true);
    }
    const endpoint = schema.resources["aria:index:Endpoint"];
    expect(endpoint.inputProperties.secretProperties.secret).toBe(true);
    expect(endpoint.properties.secretProperties.secret).toBe(true);
  });

  it("describes every property", () => {
    const missing: string[] = [];
    const check = (where: string, properties: Record<string, PropertySpec> | undefined) => {
      for (const [key, property] of Object.entries(properties ?? {})) {
        if (!property.description?.trim()) missing.push(`${where}.${key}`);
      }
    };
    check("config", schema.config.variables);
    check("provider", schema.provider.inputProperties);
    for (const [name, resource] of Object.entries(schema.resources)) {
      check(`${name} input`, resource.inputProperties);
      check(`${name} output`, resource.properties);
    }
    for (const [name, fn] of Object.entries(schema.functions)) {
      check(`${name} input`, fn.inputs?.properties);
      check(`${name} output`, fn.outputs.properties);
    }
    for (const [name, type] of Object.entries(schema.types)) check(name, type.properties);
    expect(missing).toEqual([]);
  });
});
