import { createRequire } from "node:module";

/*
 * How pulumi-internals.ts loads the modules of @pulumi/pulumi it relies on, in one small module: a
 * bundle has no node_modules to resolve them from at run time, so scripts/build-plugin.mjs replaces
 * this module, in the single executable's bundle only, with a table of the same modules required by
 * name (which the bundler follows). Keep both functions' contracts as they are here.
 */

/** A module by its package path (`@pulumi/pulumi/runtime/mocks`), resolved from pulumi-aria's place. */
export function requireModule(id: string): unknown {
  return require(id);
}

/**
 * A `require` resolving from @pulumi/pulumi's own location: its generated protocol modules
 * (`./proto/provider_pb`) and its own dependencies (`@grpc/grpc-js`, `google-protobuf/...`).
 */
export function sdkRequire(): (id: string) => unknown {
  return createRequire(require.resolve("@pulumi/pulumi"));
}
