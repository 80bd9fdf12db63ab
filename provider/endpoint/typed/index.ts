/** Typed endpoint resources: thin layers over `Endpoint` that route secret fields to `secretProperties`. */
export { AgentEndpoint, type AgentEndpointArgs } from "./agent";
export type { TypedEndpointArgs } from "./common";
export { DockerEndpoint, type DockerEndpointArgs } from "./docker";
export { DockerRegistryEndpoint, type DockerRegistryEndpointArgs } from "./docker-registry";
export { EmailEndpoint, type EmailEndpointArgs } from "./email";
export { GerritEndpoint, type GerritEndpointArgs } from "./gerrit";
export { GitEndpoint, type GitEndpointArgs } from "./git";
export { JenkinsEndpoint, type JenkinsEndpointArgs } from "./jenkins";
export { JiraEndpoint, type JiraEndpointArgs } from "./jira";
export { KubernetesEndpoint, type KubernetesEndpointArgs } from "./kubernetes";
