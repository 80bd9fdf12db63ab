import type { EndpointArgs } from "../../../provider/dynamic/endpoint";

/**
 * An endpoint's inputs as the engine hands them to an analyzer: the resource's arguments, plain, with
 * the defaults `check` applies. The typed resources reach the engine through `toEndpointArgs`, so
 * their inputs have this same shape.
 */
export function engineInputs(
  args: EndpointArgs,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: args.name,
    type: args.type,
    ...(args.project !== undefined ? { project: args.project } : {}),
    description: args.description ?? "",
    isRestricted: args.isRestricted ?? false,
    properties: args.properties ?? {},
    secretProperties: args.secretProperties ?? {},
    ...extra,
  };
}
