import type * as pulumi from "@pulumi/pulumi";

/**
 * What each resource kind implements: every lifecycle method of a dynamic provider. Configuration is
 * shared by all kinds and handled by the serialised stub's entry point (../dynamic/impl.ts).
 */
export type ProviderImplementation = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;
