/** The typed endpoint declarations: each type's inputs as zod, and which are plain or secret. */
export { AgentEndpointInputs, SPEC as agent } from "./agent";
export { DockerEndpointInputs, SPEC as docker } from "./docker";
export { DockerRegistryEndpointInputs, SPEC as dockerRegistry } from "./docker-registry";
export { EmailEndpointInputs, SPEC as email } from "./email";
export { GerritEndpointInputs, SPEC as gerrit } from "./gerrit";
export { GitEndpointInputs, SPEC as git } from "./git";
export { JenkinsEndpointInputs, SPEC as jenkins } from "./jenkins";
export { JiraEndpointInputs, SPEC as jira } from "./jira";
export { KubernetesEndpointInputs, SPEC as kubernetes } from "./kubernetes";
