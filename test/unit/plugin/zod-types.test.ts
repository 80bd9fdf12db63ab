import type { z } from "zod";
import type * as aria from "../../../provider";
import type * as endpointSchemas from "../../../provider/endpoint/lookup-schemas";
import type * as deploymentSchemas from "../../../provider/deployment/schema";

/*
 * Compile-time: the TypeScript types the data functions declare (what a program's editor shows) and
 * the zod schemas the plugin's schema and the argument checks come from (provider/endpoint/
 * lookup-schemas.ts, provider/deployment/schema.ts) describe the same values. `tsc` (lint:types,
 * ts-jest) refuses this file when one of them changes without the other.
 */

/** True when A and B are mutually assignable. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for `true`. */
const holds = <T extends true>(): T | undefined => undefined;

holds<Same<aria.GetEndpointsArgs, z.input<typeof endpointSchemas.GetEndpointsArgs>>>();
holds<Same<aria.GetEndpointTileArgs, z.input<typeof endpointSchemas.GetEndpointTileArgs>>>();
holds<Same<aria.GetEndpointCertificateArgs, z.input<typeof endpointSchemas.GetEndpointCertificateArgs>>>();
// Its property bags are JSON values, whose lazy zod schema takes `unknown` in: compared on the output.
holds<Same<aria.ValidateEndpointArgs, z.output<typeof endpointSchemas.ValidateEndpointArgs>>>();
holds<Same<aria.ValidateEndpointResult, z.output<typeof endpointSchemas.ValidateEndpointResult>>>();
holds<
  Same<aria.GetEndpointCertificateResult, z.output<typeof endpointSchemas.GetEndpointCertificateResult>>
>();
holds<Same<aria.EndpointInfo, z.output<typeof endpointSchemas.EndpointInfo>>>();
holds<Same<aria.GetEndpointsResult, z.output<typeof endpointSchemas.GetEndpointsResult>>>();
// getEndpoint's arguments are a union in TypeScript (id, or project and name) and flat in the schema,
// which cannot say "one of": every form of the union is accepted by the schema.
holds<aria.GetEndpointArgs extends z.input<typeof endpointSchemas.GetEndpointArgs> ? true : false>();
holds<Same<aria.GetResourcesResult, z.output<typeof deploymentSchemas.GetResourcesResult>>>();
holds<Same<aria.GetResourceFiltersResult, z.output<typeof deploymentSchemas.GetResourceFiltersResult>>>();
holds<Same<aria.GetResourceFilterResult, z.output<typeof deploymentSchemas.GetResourceFilterResult>>>();

describe("the data functions' TypeScript types", () => {
  it("are the zod schemas' (checked when this file compiles)", () => {
    expect(holds<true>()).toBeUndefined();
  });
});
