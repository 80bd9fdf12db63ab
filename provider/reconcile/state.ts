/**
 * What a stack manages, read from its state (`pulumi stack export`): its endpoints (by id, with their
 * projects) and the door its program uses. Pure.
 */
import { z } from "zod";
import { dynamicTypeToken, PACKAGE } from "../core/tokens";
import { ENDPOINT_TYPES, type Door } from "../registry/typed-endpoints";

/** Which door a program uses: the dynamic resources (`vra:` settings) or the plugin (`aria:` settings). */
export type { Door };

/** A state as `pulumi stack export` prints it (the parts read here). */
export const StackExport = z.looseObject({
  deployment: z
    .looseObject({
      resources: z
        .array(
          z.looseObject({
            urn: z.string(),
            type: z.string(),
            id: z.string().optional(),
            inputs: z.record(z.string(), z.unknown()).optional(),
            outputs: z.record(z.string(), z.unknown()).optional(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});
/** A state as `pulumi stack export` prints it (the parts read here). */
export type StackExport = z.output<typeof StackExport>;

/** An endpoint a stack manages. */
export interface ManagedEndpoint {
  readonly id: string;
  readonly project: string;
}

/** What a stack's state says about it. */
export interface StackState {
  /** The endpoints it manages. */
  readonly endpoints: readonly ManagedEndpoint[];
  /** The door its program uses, when its state shows one. */
  readonly door?: Door;
  /**
   * The `url` of the program's `aria` provider resources, where they all name the same one (an
   * explicit `pulumi:providers:aria` configured in the program rather than by `aria:url`).
   */
  readonly providerUrl?: string;
}

/** The endpoints and door of a state. */
export function readStackState(state: StackExport): StackState {
  const endpoints: ManagedEndpoint[] = [];
  const urls = new Set<string>();
  let door: Door | undefined;
  for (const resource of state.deployment?.resources ?? []) {
    if (resource.type === `pulumi:providers:${PACKAGE}`) {
      const url = resource.inputs?.url ?? resource.outputs?.url;
      if (typeof url === "string" && url !== "") urls.add(url);
    }
    if (resource.type.startsWith(`${PACKAGE}:`) || resource.type === `pulumi:providers:${PACKAGE}`)
      door = "plugin";
    else if (resource.type.startsWith(dynamicTypeToken("")) && door === undefined) door = "dynamic";
    if (!ENDPOINT_TYPES.has(resource.type) || !resource.id) continue;
    const project = resource.outputs?.project;
    endpoints.push({ id: resource.id, project: typeof project === "string" ? project : "" });
  }
  return {
    endpoints,
    ...(door ? { door } : {}),
    ...(urls.size === 1 ? { providerUrl: [...urls][0] } : {}),
  };
}
