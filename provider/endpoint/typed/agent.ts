import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const agentEndpointInputsShape = {
  /** Id of the cloud proxy acting as agent. */
  leMansAgent: z.string().describe("Id of the cloud proxy acting as agent."),
};

/**
 * The typed inputs of a `AgentEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; each input's doc comment is its description, for editors.
 */
export const AgentEndpointInputs: z.ZodObject<typeof agentEndpointInputsShape, z.core.$strict> =
  z.strictObject(agentEndpointInputsShape);

/** The `agent` endpoint type as `AgentEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "AgentEndpoint",
  type: "agent",
  inputs: AgentEndpointInputs,
});
