/*
 * pulumi-aria's policy pack: `pulumi preview --policy-pack node_modules/pulumi-aria/dist/provider/policy/pack`.
 * The pack directory also holds PulumiPolicy.yaml and a package.json (its version is the package's),
 * which the build writes beside this file (scripts/policy-pack-files.mjs).
 */
import { PolicyPack } from "@pulumi/policy";
import { endpointPolicies } from "../policies";

new PolicyPack("aria-endpoints", {
  description:
    "VMware Aria Automation pipeline endpoints: https only, pinned certificates, secrets kept secret, restricted endpoints visible, and the organisation's names and projects.",
  policies: endpointPolicies(),
});
