import type { z } from "zod";
import * as registry from "../../../provider/registry";
import * as apiSchemas from "../../../provider/client/schemas";
import { JsonValue } from "../../../provider/endpoint/schema";
import type * as generated from "../../../provider/dynamic/generated/typed-endpoints";
import type * as written from "../../../provider/dynamic/generated/types";
import type * as doorTypes from "../../../provider/dynamic/generated/door-types";
import type * as endpointTypes from "../../../provider/endpoint/lookup-schemas";
import type * as deploymentTypes from "../../../provider/deployment/schema";
import type * as endpointSchema from "../../../provider/endpoint/schema";
import type { TypedArgs } from "../../../provider/dynamic/typed-endpoint";
import type * as pulumi from "@pulumi/pulumi";
import type { Endpoint } from "../../../provider/dynamic/endpoint";
import type { DeploymentResource } from "../../../provider/dynamic/deployment-resource";
import type { TypedEndpointDeclaration } from "../../../provider/endpoint/typed/endpoints";
import { GENERATED_HEADER, generatedFiles } from "../../../scripts/gen-dynamic";
import { staleOf } from "../../../scripts/generated";

/*
 * The dynamic door's generated surface (scripts/gen-dynamic.js) is what the registry generates now,
 * and the types it writes out are the ones its zod declarations derive.
 */

// ---- Compile-time: each generated class's arguments are its zod declaration's ----

/** True when A and B are mutually assignable (same keys, same optionality, same value types). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for `true`. */
const holds = <T extends true>(): T | undefined => undefined;
/** The arguments a typed endpoint's declaration derives, by its class name. */
type Derived<C extends TypedEndpointDeclaration["className"]> = TypedArgs<
  TypedEndpointDeclaration<C>["inputs"]
>;

holds<Same<generated.AgentEndpointArgs, Derived<"AgentEndpoint">>>();
holds<Same<generated.DockerEndpointArgs, Derived<"DockerEndpoint">>>();
holds<Same<generated.DockerRegistryEndpointArgs, Derived<"DockerRegistryEndpoint">>>();
holds<Same<generated.EmailEndpointArgs, Derived<"EmailEndpoint">>>();
holds<Same<generated.GerritEndpointArgs, Derived<"GerritEndpoint">>>();
holds<Same<generated.GitEndpointArgs, Derived<"GitEndpoint">>>();
holds<Same<generated.JenkinsEndpointArgs, Derived<"JenkinsEndpoint">>>();
holds<Same<generated.JiraEndpointArgs, Derived<"JiraEndpoint">>>();
holds<Same<generated.KubernetesEndpointArgs, Derived<"KubernetesEndpoint">>>();
// Each data function's arguments and result, written out, are the types zod derives (the
// lookups' own types, which their bodies use).
holds<Same<written.EndpointInfo, endpointTypes.EndpointInfo>>();
holds<Same<written.GetEndpointsArgs, endpointTypes.GetEndpointsArgs>>();
holds<Same<written.GetEndpointsResult, endpointTypes.GetEndpointsResult>>();
holds<Same<written.GetEndpointTileArgs, endpointTypes.GetEndpointTileArgs>>();
holds<Same<written.GetEndpointCertificateArgs, endpointTypes.GetEndpointCertificateArgs>>();
holds<Same<written.GetEndpointCertificateResult, endpointTypes.GetEndpointCertificateResult>>();
holds<Same<written.ValidateEndpointArgs, endpointTypes.ValidateEndpointArgs>>();
holds<Same<written.ValidateEndpointResult, endpointTypes.ValidateEndpointResult>>();
holds<Same<written.GetResourceArgs, deploymentTypes.GetResourceArgs>>();
holds<Same<written.GetResourcesArgs, deploymentTypes.GetResourcesArgs>>();
holds<Same<written.GetResourcesResult, deploymentTypes.GetResourcesResult>>();
holds<Same<written.GetResourceFiltersArgs, deploymentTypes.GetResourceFiltersArgs>>();
holds<Same<written.GetResourceFiltersResult, deploymentTypes.GetResourceFiltersResult>>();
holds<Same<written.GetResourceFilterArgs, deploymentTypes.GetResourceFilterArgs>>();
holds<Same<written.GetResourceFilterResult, deploymentTypes.GetResourceFilterResult>>();
// The kinds' public types likewise.
holds<Same<written.EndpointMetadata, endpointSchema.EndpointMetadata>>();
// The generic endpoint's input fields (EndpointArgs is made of them): the same keys, and the same
// types but for the property bags, which zod types as unknown values and EndpointArgs as JSON ones.
type EndpointSchemaInputs = z.input<typeof endpointSchema.EndpointInputs>;
type Bags = "properties" | "secretProperties";
holds<Same<keyof doorTypes.EndpointInputFields, keyof EndpointSchemaInputs>>();
holds<Same<Omit<doorTypes.EndpointInputFields, Bags>, Omit<EndpointSchemaInputs, Bags>>>();
holds<Same<written.DeploymentResourceInputs, deploymentTypes.DeploymentResourceInputs>>();
holds<Same<written.DeploymentResourceState, deploymentTypes.DeploymentResourceState>>();
// The resources' outputs, written from their kinds' zod outputs: each a value once created but
// those the kind declares as possibly unset (the types the classes had when written by hand).
type Out<T> = pulumi.Output<T>;
holds<Same<Endpoint["project"], Out<string>>>();
holds<Same<Endpoint["cloudProxyId"], Out<string | undefined>>>();
holds<Same<Endpoint["properties"], Out<Record<string, endpointSchema.JsonValue>>>>();
holds<Same<Endpoint["metadata"], Out<endpointSchema.EndpointMetadata>>>();
holds<Same<Endpoint["validate"], Out<boolean | undefined>>>();
holds<Same<DeploymentResource["resourceId"], Out<string>>>();
holds<Same<DeploymentResource["properties"], Out<Record<string, unknown>>>>();
holds<Same<DeploymentResource["inputPropertyKeys"], Out<string[]>>>();
holds<Same<DeploymentResource["waitTimeoutSeconds"], Out<number | undefined>>>();
holds<Same<DeploymentResource["adopt"], Out<boolean | undefined>>>();
// A wrong field type fails (so that the lines above can fail).
holds<Same<Same<generated.GitEndpointArgs, generated.GitEndpointArgs & { branch: number }>, false>>();

// ---- Run time --------------------------------------------------------------------------------

const source = { ...registry, apiSchemas, JsonValue };

describe("the dynamic door's generated surface", () => {
  it("is what the registry generates: run npm run gen when this fails", async () => {
    const stale = staleOf(await generatedFiles(source));
    if (stale.length > 0) throw new Error(`stale: ${stale.join(", ")}: run npm run gen`);
  });

  it("marks every generated file, so that no one edits it by hand", async () => {
    const files = [...(await generatedFiles(source)).entries()];
    const whole = files.filter(([file]) => file.includes("/generated/"));
    expect(whole.length).toBe(4);
    for (const [, text] of whole) expect(text.split("\n")[0]).toBe(GENERATED_HEADER);
    const [, index] = files.find(([file]) => file === "provider/index.ts")!;
    expect(index).toMatch(/\/\/ BEGIN GENERATED: public surface[^]*\/\/ END GENERATED: public surface/);
  });

  it("declares each resource's outputs in its class, each with its zod description as its doc", async () => {
    const files = await generatedFiles(source);
    for (const [file, kind] of [
      ["provider/dynamic/endpoint.ts", registry.RESOURCE_KINDS.endpoint],
      ["provider/dynamic/deployment-resource.ts", registry.RESOURCE_KINDS.deploymentResource],
    ] as const) {
      const text = files.get(file)!;
      const region = text.slice(
        text.indexOf("// BEGIN GENERATED: outputs"),
        text.indexOf("// END GENERATED: outputs"),
      );
      const flat = region
        .replace(/\n\s*\* /g, " ")
        .replace(/\s+/g, " ")
        .replace(/\/\*\* +/g, "/** ")
        .replace(/ +\*\//g, " */");
      const shape = kind.outputs.shape as Record<string, z.ZodType>;
      expect(Object.keys(shape).length).toBeGreaterThan(0);
      for (const [key, field] of Object.entries(shape)) {
        expect(flat).toContain(`/** ${field.description} */ declare readonly ${key}: pulumi.Output<`);
      }
      expect(region.match(/declare readonly/g)).toHaveLength(Object.keys(shape).length);
    }
  });

  it("gives each typed endpoint's fields their zod descriptions as docs", async () => {
    const text = (await generatedFiles(source)).get("provider/dynamic/generated/typed-endpoints.ts")!;
    // Doc comments as one line each: `/** text */ key`.
    const flat = text
      .replace(/\n\s*\* /g, " ")
      .replace(/\s+/g, " ")
      .replace(/\/\*\* +/g, "/** ")
      .replace(/ +\*\//g, " */");
    const git = registry.TYPED_ENDPOINTS.get("git")!;
    for (const [key, field] of Object.entries(git.inputs.shape)) {
      expect(flat).toContain(`/** ${(field as z.ZodType).description} */ ${key}`);
    }
  });
});
