/**
 * The endpoint policies of pulumi-aria's policy pack (./pack), for composing into a pack of your own:
 * `new PolicyPack("mine", { policies: [...endpointPolicies(), ...] })`.
 */
export { endpointPolicies, ENDPOINT_POLICIES } from "./policies";
export type { EndpointPolicy } from "./endpoint-policy";
export { ENDPOINT_TYPE_TOKEN, isEndpointType, viewEndpoint, type EndpointView } from "./endpoint-view";
export type { AllowedProjectsConfig, NamePatternConfig } from "./rules/naming";
export type { PlainHttpConfig } from "./rules/plain-http";
