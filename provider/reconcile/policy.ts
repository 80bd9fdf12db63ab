/**
 * `--policy`: the package's policy pack (../policy), its endpoint rules with their default config,
 * run on what each stack's endpoints are on the server after the refresh (not on what the program
 * proposes, which the pack already checks in a pull request's preview): an endpoint changed in the UI
 * to break a rule is found by the next scheduled run. The rules are the pack's own pure functions,
 * so a violation here is the one `pulumi preview --policy-pack` prints for the same inputs. Pure.
 */
import type { PolicyConfigSchema } from "@pulumi/policy";
import { ENDPOINT_POLICIES } from "../policy/policies";
import { isEndpointType, viewEndpoint } from "../policy/endpoint-view";
import type { ActualResource } from "./drift";
import type { PolicyViolation } from "./report";

/** A rule's config as the pack gives it when none is set: each property's default. */
export function defaultConfig(schema: PolicyConfigSchema | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, { default?: unknown }>;
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, p]) => p.default !== undefined)
      .map(([key, p]) => [key, p.default]),
  );
}

/** The violations of the pack's rules by `resources` (one stack's, as they are), in the pack's order. */
export function policyViolations(stack: string, resources: readonly ActualResource[]): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  for (const resource of resources) {
    if (!isEndpointType(resource.type)) continue;
    const view = viewEndpoint(resource.name, resource.inputs);
    for (const rule of ENDPOINT_POLICIES) {
      for (const message of rule.violations(view, defaultConfig(rule.configSchema))) {
        out.push({
          stack,
          urn: resource.urn,
          name: resource.name,
          rule: rule.name,
          enforcementLevel: rule.enforcementLevel,
          message,
        });
      }
    }
  }
  return out;
}
