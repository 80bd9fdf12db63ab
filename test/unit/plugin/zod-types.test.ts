import type { z } from "zod";
import type * as aria from "../../../provider";
import type * as endpointSchemas from "../../../provider/endpoint/lookup-schemas";

/*
 * Compile-time: the data functions' TypeScript types are derived from their zod schemas
 * (provider/endpoint/lookup-schemas.ts, provider/deployment/schema.ts), but one: getEndpoint's
 * arguments, a union in TypeScript that the flat schema cannot state. `tsc` (lint:types, ts-jest)
 * refuses this file when the two part.
 */

/** Compiles only for `true`. */
const holds = <T extends true>(): T | undefined => undefined;

// getEndpoint's arguments are a union in TypeScript (id, or project and name) and flat in the schema,
// which cannot say "one of": every form of the union is accepted by the schema.
holds<aria.GetEndpointArgs extends z.input<typeof endpointSchemas.GetEndpointArgs> ? true : false>();

describe("the data functions' TypeScript types", () => {
  it("are the zod schemas' (checked when this file compiles)", () => {
    expect(holds<true>()).toBeUndefined();
  });
});
