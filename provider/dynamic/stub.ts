import type * as pulumi from "@pulumi/pulumi";

/** The kinds of dynamic resource this package implements; each names an implementation in `./impl`. */
export type ProviderKind = "endpoint" | "deploymentResource";

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
  const impl = () => require("pulumi-aria/dynamic-impl").provider(kind);
  return {
    configure: (req) => require("pulumi-aria/dynamic-impl").configure(req),
    check: (olds, news) => impl().check(olds, news),
    diff: (id, olds, news) => impl().diff(id, olds, news),
    create: (inputs) => impl().create(inputs),
    read: (id, props) => impl().read(id, props),
    update: (id, olds, news) => impl().update(id, olds, news),
    delete: (id, props) => impl().delete(id, props),
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
