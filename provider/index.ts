/**
 * pulumi-aria: VMware Aria Automation pipeline endpoints and deployment resources as Pulumi
 * resources, with lookups ("data functions") for endpoints, tiles, certificates, resources and
 * resource filters.
 */
export * from "./endpoint";
export * from "./deployment";
