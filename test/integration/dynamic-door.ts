import type * as pulumi from "@pulumi/pulumi";

/** What the engine stores beside a dynamic resource's inputs: the serialised provider (a stub here). */
export const PROVIDER = { __provider: "serialised stub" };

/**
 * The engine's steps for a new resource of `provider`, as `pulumi up` takes them: check (which must
 * pass), then create with the checked inputs; the outputs, like the inputs, carry {@link PROVIDER}.
 */
export function checkThenCreate(provider: pulumi.dynamic.ResourceProvider) {
  return async (news: Record<string, unknown>) => {
    const checked = await provider.check!({}, news);
    expect(checked.failures ?? []).toEqual([]);
    const inputs = { ...checked.inputs, ...PROVIDER };
    const created = await provider.create(inputs);
    return { inputs, id: created.id, outs: { ...created.outs, ...PROVIDER } as Record<string, unknown> };
  };
}
