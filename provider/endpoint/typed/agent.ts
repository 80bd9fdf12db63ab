import { z } from "zod";
import { defineTypedEndpoint } from "./common";

const agentEndpointInputsShape = {
  leMansAgent: z.string().describe("Id of the cloud proxy acting as agent."),
};

/**
 * The typed inputs of a `AgentEndpoint`, as zod: their single declaration (the class's arguments in
 * provider/dynamic, `SPEC` and the plugin's schema are derived from it). A secret input is marked
 * `.meta({ description, secret: true })`; the descriptions are the class's field docs (generated).
 */
export const AgentEndpointInputs: z.ZodObject<typeof agentEndpointInputsShape, z.core.$strict> =
  z.strictObject(agentEndpointInputsShape);

/** The `agent` endpoint type as `AgentEndpoint`: which of its inputs are plain properties and which secret. */
export const SPEC = defineTypedEndpoint({
  className: "AgentEndpoint",
  type: "agent",
  title: "agent endpoint",
  about: "a cloud proxy that runs pipeline tasks on premises",
  inputs: AgentEndpointInputs,
});
