import type * as pulumi from "@pulumi/pulumi";
import { RESOURCE_KINDS, type KindName } from "../registry/kinds";

/** The kinds of dynamic resource this package implements (../registry/kinds.ts); `./impl` serves each. */
export type ProviderKind = KindName;

/**
 * Short codes written into `__provider` (every byte there is repeated in every resource's state), as
 * the registry declares them.
 */
export const KIND_CODES = Object.fromEntries(
  Object.entries(RESOURCE_KINDS).map(([kind, declaration]) => [kind, declaration.code]),
) as Record<ProviderKind, string>;

/**
 * The provider object that Pulumi serialises into every resource's `__provider` input.
 *
 * It is deliberately a stub: each method `require`s the compiled implementation by package name
 * when it is called inside the provider process. The serialised text therefore stays tiny,
 * identical across resources, runs and releases of the implementation, and can never capture a
 * client, a socket or a credential (closure serialisation copies captured values into state in
 * clear text). Only the string `kind` is captured.
 */
export function providerStub(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
  // Every method forwards through one dispatcher: the serialiser wraps each function it writes in
  // ~170 bytes of scaffolding, so one-line forwarders keep `__provider` under 2 KB.
  const k = KIND_CODES[kind];
  const d = (m: string, a: unknown[]) => require("pulumi-aria/dynamic-impl").call(k, m, a);
  return {
    configure: (...a) => d("configure", a),
    check: (...a) => d("check", a),
    diff: (...a) => d("diff", a),
    create: (...a) => d("create", a),
    read: (...a) => d("read", a),
    update: (...a) => d("update", a),
    delete: (...a) => d("delete", a),
  };
}

const stubs = new Map<ProviderKind, pulumi.dynamic.ResourceProvider>();

/**
 * One stub object per kind, shared by every resource of that kind, so that Pulumi's provider
 * cache serialises it once per program run instead of once per resource.
 */
export function sharedProviderStub(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
  let stub = stubs.get(kind);
  if (!stub) {
    stub = providerStub(kind);
    stubs.set(kind, stub);
  }
  return stub;
}
