// The smallest program that exercises the whole chain: one dynamic resource of the package,
// serialised by the program process, run by the engine's dynamic-provider process.
import * as aria from "pulumi-aria";

const agent = new aria.AgentEndpoint("chain", {
  name: "engine-chain",
  project: "Default Project",
  cloudProxyId: "cloud-proxy-1",
  leMansAgent: "cloud-proxy-1",
});

export const endpointId = agent.id;
