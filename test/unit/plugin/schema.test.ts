import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { isSecretProperty } from "../../../provider/core/secrets";
import { DATA_FUNCTION_TOKENS } from "../../../provider/common/data-functions";
import { packageSchema, type PropertySpec } from "../../../provider/plugin/schema";
import { TYPED_ENDPOINT_CLASSES } from "../../../provider/endpoint/typed/registry";
import type { TypedEndpointArgs, TypedEndpointCommonInputs } from "../../../provider/endpoint/typed/common";
import type { EndpointMetadata, EndpointOutputs, EndpointState } from "../../../provider/endpoint/schema";
import * as agent from "../../../provider/endpoint/typed/agent";
import * as docker from "../../../provider/endpoint/typed/docker";
import * as dockerRegistry from "../../../provider/endpoint/typed/docker-registry";
import * as email from "../../../provider/endpoint/typed/email";
import * as gerrit from "../../../provider/endpoint/typed/gerrit";
import * as git from "../../../provider/endpoint/typed/git";
import * as jenkins from "../../../provider/endpoint/typed/jenkins";
import * as jira from "../../../provider/endpoint/typed/jira";
import * as kubernetes from "../../../provider/endpoint/typed/kubernetes";

const root = join(__dirname, "..", "..", "..");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
const schema = packageSchema(version);

// ---- Compile-time: the TS Args interfaces, the SPEC lists and the zod schemas name the same keys ----

/** True when A and B are mutually assignable (same keys, same optionality, same value types). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for `true`. */
const holds = <T extends true>(): T | undefined => undefined;
/** Each field of T as a Pulumi input, optional ones staying optional (as the Args interfaces write them). */
type InputsOf<T> = { [K in keyof T]: pulumi.Input<NonNullable<T[K]>> };
/** The keys a typed endpoint adds to the common ones. */
type Own<A> = Exclude<keyof A, keyof TypedEndpointArgs>;
/** A typed endpoint's own inputs equal its zod schema's, and SPEC's plain and secret lists cover exactly them. */
type Typed<A, S extends z.ZodType, P extends { plain: readonly string[]; secret: readonly string[] }> =
  Same<Pick<A, Own<A>>, InputsOf<z.input<S>>> extends true
    ? Same<P["plain"][number] | P["secret"][number], Own<A>>
    : false;

holds<Typed<agent.AgentEndpointArgs, typeof agent.AgentEndpointInputs, typeof agent.SPEC>>();
holds<Typed<docker.DockerEndpointArgs, typeof docker.DockerEndpointInputs, typeof docker.SPEC>>();
holds<
  Typed<
    dockerRegistry.DockerRegistryEndpointArgs,
    typeof dockerRegistry.DockerRegistryEndpointInputs,
    typeof dockerRegistry.SPEC
  >
>();
holds<Typed<email.EmailEndpointArgs, typeof email.EmailEndpointInputs, typeof email.SPEC>>();
holds<Typed<gerrit.GerritEndpointArgs, typeof gerrit.GerritEndpointInputs, typeof gerrit.SPEC>>();
holds<Typed<git.GitEndpointArgs, typeof git.GitEndpointInputs, typeof git.SPEC>>();
holds<Typed<jenkins.JenkinsEndpointArgs, typeof jenkins.JenkinsEndpointInputs, typeof jenkins.SPEC>>();
holds<Typed<jira.JiraEndpointArgs, typeof jira.JiraEndpointInputs, typeof jira.SPEC>>();
holds<
  Typed<kubernetes.KubernetesEndpointArgs, typeof kubernetes.KubernetesEndpointInputs, typeof kubernetes.SPEC>
>();
// The common inputs of the typed resources, and the endpoint's metadata and outputs.
holds<Same<keyof TypedEndpointArgs, keyof z.input<typeof TypedEndpointCommonInputs>>>();
holds<Same<EndpointMetadata, z.output<typeof EndpointMetadata>>>();
holds<Same<keyof (typeof EndpointOutputs)["shape"], keyof (typeof EndpointState)["shape"]>>();

// ---- Run time --------------------------------------------------------------------------------

describe("the plugin's package schema", () => {
  it("is the checked-in sdk/schema.json", () => {
    const checkedIn = readFileSync(join(root, "sdk", "schema.json"), "utf8");
    const generated = `${JSON.stringify(schema, null, 2)}\n`;
    if (checkedIn !== generated) throw new Error("sdk/schema.json is stale: run npm run gen:schema");
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
    expect(Object.keys(schema.functions).sort()).toEqual(Object.values(DATA_FUNCTION_TOKENS).sort());
  });

  it("answers a list under a key (getEndpointTiles: {tiles})", () => {
    expect(schema.functions["aria:index:getEndpointTiles"].outputs.properties.tiles).toMatchObject({
      type: "array",
      items: { $ref: "#/types/aria:index:Tile" },
    });
  });

  it("has a typed resource for every typed endpoint class, its secret inputs secret", () => {
    for (const entry of TYPED_ENDPOINT_CLASSES.values()) {
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
