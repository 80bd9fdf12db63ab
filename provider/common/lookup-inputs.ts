import type * as pulumi from "@pulumi/pulumi";

/** The arguments of a lookup with every field accepting an Input. */
export type LookupInputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };
