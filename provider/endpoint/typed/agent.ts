import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of an {@link AgentEndpoint}. */
export interface AgentEndpointArgs extends TypedEndpointArgs {
  /** Id of the cloud proxy acting as agent. */
  leMansAgent: pulumi.Input<string>;
}

/** The typed inputs of a {@link AgentEndpoint}, as zod: the provider plugin's schema is generated from it (test/unit/plugin holds {@link AgentEndpointArgs} and `SPEC` to its keys). */
export const AgentEndpointInputs = z.strictObject({
  leMansAgent: z.string().describe("Id of the cloud proxy acting as agent."),
});

export const SPEC = {
  type: "agent",
  plain: ["leMansAgent"],
  secret: [],
} as const satisfies TypedEndpointSpec<AgentEndpointArgs>;

/** An agent endpoint (type `agent`): a cloud proxy that runs pipeline tasks on premises. */
export class AgentEndpoint extends Endpoint {
  /**
   * Declares an agent endpoint.
   * @param name The resource name; also the endpoint's name unless `args.name` is given.
   * @param args The endpoint's inputs.
   * @param opts Resource options.
   */
  constructor(name: string, args: AgentEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, toEndpointArgs(SPEC, args), opts);
  }
}
