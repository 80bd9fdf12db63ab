import type * as pulumi from "@pulumi/pulumi";
import { Endpoint } from "../resource";
import { toEndpointArgs, TypedEndpointArgs, TypedEndpointSpec } from "./common";

/** Inputs of an {@link AgentEndpoint}. */
export interface AgentEndpointArgs extends TypedEndpointArgs {
  /** Id of the cloud proxy acting as agent. */
  leMansAgent: pulumi.Input<string>;
}

export const SPEC: TypedEndpointSpec<AgentEndpointArgs> = {
  type: "agent",
  plain: ["leMansAgent"],
  secret: [],
};

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
