/** Typed endpoint resources: thin layers over `Endpoint` that route secret fields to `secretProperties`. */
export * from "./agent";
export type { TypedEndpointArgs } from "./common";
export * from "./docker-registry";
export * from "./email";
export * from "./gerrit";
export * from "./git";
export * from "./jenkins";
export * from "./jira";
export * from "./kubernetes";
